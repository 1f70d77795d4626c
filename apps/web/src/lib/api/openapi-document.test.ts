import { readFileSync } from 'node:fs'
import path from 'node:path'

import Ajv2020 from 'ajv/dist/2020'
import { describe, expect, it } from 'vitest'

import { openApiDocument } from './openapi-document'
import { EXAMPLE_REQUEST_KEY, exampleUrl, type ExampleRequest, type Parameter } from './openapi-parts'

interface Operation {
  readonly operationId?: string
  readonly summary: string
  readonly parameters?: readonly Parameter[]
  readonly requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> }
  readonly responses: Record<string, { content?: Record<string, { schema: object; example?: unknown }> }>
  readonly [EXAMPLE_REQUEST_KEY]?: ExampleRequest
}

const document = openApiDocument('http://localhost:3000') as {
  info: { license?: { name: string; identifier?: string; url?: string } }
  paths: Record<string, Record<string, Operation>>
}
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
)

describe('the OpenAPI document', () => {
  it('documents the read, import and health endpoints', () => {
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/events',
        '/api/events/list',
        '/api/events/histogram',
        '/api/events/map-clusters',
        '/api/import/upload',
        '/api/import/{importId}',
        '/api/import/{importId}/{action}',
        '/api/preview',
        '/api/health',
      ]),
    )
  })

  it('names every operation with a unique camelCase operationId', () => {
    const ids = operations.map(({ operation }) => operation.operationId)
    for (const [index, id] of ids.entries())
      expect(id, `${operations[index]!.method} ${operations[index]!.path}`).toMatch(/^[a-z][a-zA-Z0-9]*$/)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('keeps the operationIds clients are generated with', () => {
    // A generated client names its methods after these: renaming one breaks its users' code.
    const ids = Object.fromEntries(
      operations.map(({ path, method, operation }) => [`${method} ${path}`, operation.operationId]),
    )
    expect(ids).toEqual({
      'get /api/events/list': 'listEvents',
      'get /api/events': 'filterEvents',
      'get /api/events/histogram': 'getEventHistogram',
      'get /api/events/map-clusters': 'getEventMapClusters',
      'get /api/events/dataset-counts': 'countEventsByDataset',
      'get /api/events/bounds': 'getEventBounds',
      'get /api/events/filters': 'getEventFilterFields',
      'get /api/events/export.csv': 'exportEventsCsv',
      'get /api/events/export.geojson': 'exportEventsGeoJson',
      'post /api/import/upload': 'uploadImportFile',
      'get /api/import/{importId}': 'getImportProgress',
      'post /api/import/{importId}/{action}': 'runImportAction',
      'get /api/import/{importId}/errors.csv': 'exportImportErrorsCsv',
      'get /api/preview': 'previewImport',
      'get /api/places': 'searchPlaces',
      'get /api/health': 'getHealth',
      'get /api/datasets/{id}/publishing': 'getDatasetPublishing',
      'post /api/datasets/{id}/publishing': 'setDatasetPublishing',
      'get /api/datasets/{id}/deletion': 'getDatasetDeletionImpact',
      'get /api/import-files/{id}/deletion': 'getImportFileDeletionImpact',
      'get /api/scheduled-imports/{id}/runs': 'getScheduledImportRuns',
      'post /api/scheduled-imports/{id}/run': 'runScheduledImport',
      'post /api/scheduled-imports/{id}/trigger/{token}': 'triggerScheduledImport',
      'post /api/scheduled-imports/{id}/trigger-url': 'rotateScheduledImportTriggerUrl',
      'post /api/webhooks/{id}/rotate-secret': 'rotateWebhookSecret',
      'post /api/webhook-deliveries/{id}/redeliver': 'redeliverWebhookDelivery',
      'post /api/api-keys/{id}/revoke': 'revokeApiKey',
      'get /api/audit-log/export.csv': 'exportAuditLogCsv',
      'get /api/openapi.json': 'getOpenApiDocument',
      'get /api/usage': 'getUsage',
    })
  })

  it("names the project's licence", () => {
    const root = path.resolve(import.meta.dirname, '../../../../..')
    const { license } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { license: string }
    expect(document.info.license).toEqual({ name: expect.any(String), identifier: license })
  })

  it('gives every answer example the shape its schema documents', () => {
    const ajv = new Ajv2020({ strict: false })
    let examples = 0
    for (const { path, method, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const media of Object.values(response.content ?? {})) {
          if (media.example === undefined) continue
          examples++
          const valid = ajv.validate(media.schema, media.example)
          expect(valid, `${method} ${path} ${status}: ${ajv.errorsText()}`).toBe(true)
        }
      }
    }
    expect(examples).toBeGreaterThanOrEqual(9)
  })

  it('sends in each example request only parameters the operation declares, and every required one', () => {
    for (const { path, method, operation } of operations) {
      const example = operation[EXAMPLE_REQUEST_KEY]
      if (!example) continue
      const declared = new Set((operation.parameters ?? []).map((parameter) => `${parameter.in}:${parameter.name}`))
      for (const name of Object.keys(example.query ?? {}))
        expect(declared, `${path} ${name}`).toContain(`query:${name}`)
      for (const name of Object.keys(example.path ?? {})) expect(declared, `${path} ${name}`).toContain(`path:${name}`)
      for (const parameter of operation.parameters ?? []) {
        if (!parameter.required) continue
        const given = parameter.in === 'path' ? example.path : example.query
        expect(given?.[parameter.name], `${method} ${path} needs ${parameter.name}`).toBeDefined()
      }
      const form = operation.requestBody?.content['multipart/form-data']?.schema.properties
      for (const name of Object.keys(example.form ?? {})) expect(form, `${path} ${name}`).toHaveProperty(name)
      expect(exampleUrl(path, example)).not.toMatch(/[{}]/)
    }
  })

  it('has an example request for every endpoint the documentation pages show', () => {
    const without = operations
      .filter(({ operation }) => !operation[EXAMPLE_REQUEST_KEY])
      .map(({ method, path }) => `${method} ${path}`)
    // Actions, the publish switch, the webhook and schedule endpoints and revoking a key change
    // state (and the demo has no schedule to list runs of), the error CSV needs a failed row, and
    // the audit log's export is for admins (examples are sent as the demo user), and usage figures
    // change with every upload an example makes: described, not exemplified.
    expect(without.sort()).toEqual([
      'get /api/audit-log/export.csv',
      'get /api/import/{importId}/errors.csv',
      'get /api/scheduled-imports/{id}/runs',
      'get /api/usage',
      'post /api/api-keys/{id}/revoke',
      'post /api/datasets/{id}/publishing',
      'post /api/import/{importId}/{action}',
      'post /api/scheduled-imports/{id}/run',
      'post /api/scheduled-imports/{id}/trigger-url',
      'post /api/scheduled-imports/{id}/trigger/{token}',
      'post /api/webhook-deliveries/{id}/redeliver',
      'post /api/webhooks/{id}/rotate-secret',
    ])
  })
})

describe('exampleUrl', () => {
  it('fills path parameters and appends the query', () => {
    expect(exampleUrl('/api/import/{importId}', { path: { importId: '7' } })).toBe('/api/import/7')
    expect(exampleUrl('/api/events/list', { query: { datasets: '1', q: 'a b' } })).toBe(
      '/api/events/list?datasets=1&q=a+b',
    )
  })
})
