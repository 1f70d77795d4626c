/**
 * Uploaded files are served inert (issue 27, point 3): every upload collection's files, asked over
 * HTTP as the production server answers them, carry a policy that runs nothing and `nosniff`; an
 * SVG, a PDF or an import file is a download with a safe name, a PNG shows inline.
 */
import config from '@payload-config'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEMO_USERS } from '../../../src/seed/demo-content'
import { INERT_UPLOAD_POLICY, UPLOAD_COLLECTIONS } from '../../../src/lib/security/inert-uploads'
import { testPayload } from '../../helpers/api-client'
import { startApiHttpServer, type ApiHttpServer } from '../../helpers/api-http-server'

// A 1×1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>',
)
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'xref\n0 1\n0000000000 65535 f \ntrailer<</Size 1/Root 1 0 R>>\nstartxref\n0\n%%EOF\n',
)
const CSV = Buffer.from('title,date\nMeeting,2024-01-02\n')

let server: ApiHttpServer
let token: string
const files: Record<'svg' | 'png' | 'pdf' | 'csv', string> = { svg: '', png: '', pdf: '', csv: '' }

async function upload(collection: 'media' | 'import-files', name: string, data: Buffer, mimetype: string) {
  const payload = await testPayload()
  const doc = await payload.create({
    collection,
    data: collection === 'media' ? { alt: name } : { datasetName: name },
    file: { data, mimetype, name, size: data.length },
    overrideAccess: true,
  })
  return new URL(String((doc as { url?: string }).url), 'http://localhost').pathname
}

beforeAll(async () => {
  const payload = await testPayload()
  const admin = DEMO_USERS.find((user) => user.role === 'admin')!
  token = (await payload.login({ collection: 'users', data: { email: admin.email, password: admin.password } })).token!
  files.svg = await upload('media', 'inert map key.svg', SVG, 'image/svg+xml')
  files.png = await upload('media', 'inert-dot.png', PNG, 'image/png')
  files.pdf = await upload('media', 'inert-report.pdf', PDF, 'application/pdf')
  files.csv = await upload('import-files', 'inert-events.csv', CSV, 'text/csv')
  server = await startApiHttpServer()
})

afterAll(async () => {
  await server?.close()
})

async function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
  const response = await fetch(new URL(url, server.origin), {
    headers: { authorization: `JWT ${token}`, ...headers },
  })
  await response.arrayBuffer()
  return response
}

describe('the upload collections', () => {
  it('are exactly the Payload config’s, so a new one is served inert too', async () => {
    const uploads = (await config).collections.filter((collection) => collection.upload).map(({ slug }) => slug)
    expect([...UPLOAD_COLLECTIONS].sort()).toEqual(uploads.sort())
  })
})

describe('files are served inert', () => {
  it('an SVG under a policy that runs nothing, as a download', async () => {
    expect(files.svg).toMatch(/^\/api\/media\/file\//)
    // Signed in, and anonymously (media are public).
    for (const response of [await get(files.svg), await fetch(new URL(files.svg, server.origin))]) {
      await response.arrayBuffer().catch(() => undefined)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-security-policy')).toBe(INERT_UPLOAD_POLICY)
      expect(response.headers.get('content-security-policy')).not.toContain('script-src')
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="inert map key(-\d+)?\.svg"; filename\*=UTF-8''inert%20map%20key(-\d+)?\.svg$/,
      )
    }
  })

  it('a PDF and an import file as downloads, a byte range of one too', async () => {
    for (const url of [files.pdf, files.csv]) {
      const response = await get(url)
      expect(response.status, url).toBe(200)
      expect(response.headers.get('content-security-policy'), url).toBe(INERT_UPLOAD_POLICY)
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff')
      expect(response.headers.get('content-disposition'), url).toMatch(/^attachment; filename="/)
    }
    const range = await get(files.pdf, { range: 'bytes=0-3' })
    expect(range.status).toBe(206)
    expect(range.headers.get('content-disposition')).toMatch(/^attachment;/)
    expect(range.headers.get('content-security-policy')).toBe(INERT_UPLOAD_POLICY)
  })

  it('a PNG inline, still inert', async () => {
    const response = await get(files.png)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('content-security-policy')).toBe(INERT_UPLOAD_POLICY)
    expect(response.headers.get('content-disposition')).toBeNull()
  })

  it('a missing file or a refused one under the same policy, as no download', async () => {
    const missing = await get('/api/media/file/no-such-file.svg')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('content-security-policy')).toBe(INERT_UPLOAD_POLICY)
    expect(missing.headers.get('content-disposition')).toBeNull()
    const anonymous = await fetch(new URL(files.csv, server.origin))
    await anonymous.arrayBuffer()
    expect(anonymous.status).toBe(403)
    expect(anonymous.headers.get('content-security-policy')).toBe(INERT_UPLOAD_POLICY)
  })
})
