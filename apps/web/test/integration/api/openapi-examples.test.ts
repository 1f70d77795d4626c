/**
 * The OpenAPI document (and the documentation's API pages made from it) against the running app:
 * it lists exactly the endpoints the app registers, and every example request it shows, sent to
 * the app, gets an answer of the documented shape.
 */
import { readFile } from 'node:fs/promises'

import { fivethirtyeightFixture } from '@chronotope/test-fixtures'
import Ajv2020 from 'ajv/dist/2020'
import { beforeAll, describe, expect, it } from 'vitest'

import { apiKeyEndpoints } from '../../../src/collections/api-keys'
import { auditLogEndpoints } from '../../../src/collections/audit-log'
import { datasetEndpoints } from '../../../src/collections/datasets'
import { importFileEndpoints } from '../../../src/collections/import-files'
import { scheduledImportCollectionEndpoints } from '../../../src/collections/scheduled-imports'
import { webhookDeliveryEndpoints } from '../../../src/collections/webhook-deliveries'
import { webhookEndpoints } from '../../../src/collections/webhooks'
import { rootEndpoints } from '../../../src/endpoints'
import { eventReadEndpoints } from '../../../src/endpoints/events/read-endpoints'
import { openApiDocument } from '../../../src/lib/api/openapi-document'
import { EXAMPLE_REQUEST_KEY, exampleUrl, type ExampleRequest } from '../../../src/lib/api/openapi-parts'
import { ApiClient } from '../../helpers/api-client'
import { runImports } from '../../helpers/imports'
import { createReadFixture, type ReadFixture } from '../../helpers/read-fixture'

interface Operation {
  readonly responses: Record<string, { content?: Record<string, { schema: object }> }>
  readonly [EXAMPLE_REQUEST_KEY]?: ExampleRequest
}

const document = openApiDocument('http://localhost:3000') as { paths: Record<string, Record<string, Operation>> }

// `:importId` as OpenAPI writes it.
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}')

describe('the OpenAPI document', () => {
  it('lists exactly the endpoints the app registers', () => {
    const registered = [
      ...rootEndpoints().map((endpoint) => `${endpoint.method} /api${openApiPath(endpoint.path)}`),
      ...eventReadEndpoints().map(
        (endpoint) => `${endpoint.method} /api/events${endpoint.path === '/' ? '' : openApiPath(endpoint.path)}`,
      ),
      ...Object.entries({
        datasets: datasetEndpoints(),
        'import-files': importFileEndpoints(),
        'scheduled-imports': scheduledImportCollectionEndpoints(),
        webhooks: webhookEndpoints(),
        'webhook-deliveries': webhookDeliveryEndpoints(),
        'api-keys': apiKeyEndpoints(),
        'audit-log': auditLogEndpoints(),
      }).flatMap(([collection, endpoints]) =>
        endpoints.map((endpoint) => `${endpoint.method} /api/${collection}${openApiPath(endpoint.path)}`),
      ),
    ]
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method} ${path}`),
    )
    expect(documented.sort()).toEqual(registered.sort())
  })
})

describe('every example request of the API pages, sent to the app', () => {
  let fixture: ReadFixture
  let user: ApiClient
  const ajv = new Ajv2020({ strict: false })

  beforeAll(async () => {
    fixture = await createReadFixture(`OpenAPI examples ${Date.now()}`)
    user = await ApiClient.as('user')
  })

  // The examples' ids are the documentation's; here they become the fixture's.
  const localised = (
    apiPath: string,
    example: ExampleRequest,
    { importId, datasetId }: { importId: number; datasetId: number },
  ): ExampleRequest => ({
    ...example,
    ...(example.path
      ? {
          path: {
            ...example.path,
            ...('importId' in example.path ? { importId: String(importId) } : {}),
            ...('id' in example.path
              ? { id: String(apiPath.startsWith('/api/datasets/') ? datasetId : importId) }
              : {}),
          },
        }
      : {}),
    ...(example.query
      ? {
          query: {
            ...example.query,
            ...('datasets' in example.query ? { datasets: String(fixture.publicDatasetId) } : {}),
            ...('importId' in example.query ? { importId: String(importId) } : {}),
          },
        }
      : {}),
  })

  function expectDocumentedShape(label: string, operation: Operation, status: number, body: unknown): void {
    const schema = operation.responses[String(status)]?.content?.['application/json']?.schema
    expect(schema, `${label}: answered ${status}, which the document does not describe as JSON`).toBeDefined()
    expect(status, `${label}: ${JSON.stringify(body)}`).toBeLessThan(300)
    expect(ajv.validate(schema!, body), `${label}: ${ajv.errorsText()}`).toBe(true)
  }

  it('gets an answer of the documented shape', async () => {
    const upload = document.paths['/api/import/upload']!.post!
    const form = upload[EXAMPLE_REQUEST_KEY]!.form!
    const data = new FormData()
    for (const [name, value] of Object.entries(form)) {
      if (name === 'file') data.append('file', new Blob([await readFile(fivethirtyeightFixture(value))]), value)
      else data.append(name, value)
    }
    const uploaded = await user.postForm('/import/upload', data)
    expectDocumentedShape('POST /api/import/upload', upload, uploaded.status, uploaded.body)
    const importId = (uploaded.body as { job: { importId: number } }).job.importId
    await runImports()
    const progress = await user.get(`/import/${importId}`)
    const datasetId = (progress.body as { jobs: Array<{ datasetId: number }> }).jobs[0]!.datasetId

    let sent = 1
    for (const [path, item] of Object.entries(document.paths)) {
      const operation = item.get
      const example = operation?.[EXAMPLE_REQUEST_KEY]
      if (!operation || !example) continue
      const url = exampleUrl(path, localised(path, example, { importId, datasetId })).replace(/^\/api/, '')
      const label = `GET ${path}`
      sent++
      if (operation.responses['200']?.content?.['application/json']) {
        const answer = await user.get(url)
        expectDocumentedShape(label, operation, answer.status, answer.body)
      } else {
        const answer = await user.getText(url)
        expect(answer.status, `${label}: ${answer.text.slice(0, 200)}`).toBe(200)
        const type = Object.keys(operation.responses['200']!.content!)[0]!
        expect(answer.headers.get('content-type'), label).toContain(type)
        expect(answer.text.length, label).toBeGreaterThan(0)
      }
    }
    expect(sent).toBeGreaterThanOrEqual(16)
  })
})
