import { describe, expect, it } from 'vitest'

import { SECURITY } from './openapi-api-key-paths'
import { openApiDocument } from './openapi-document'

type Security = ReadonlyArray<Record<string, readonly string[]>>
interface Document {
  readonly components: {
    securitySchemes: Record<string, { type: string; scheme?: string; in?: string; name?: string }>
  }
  readonly security: Security
  readonly paths: Record<string, Record<string, { security: Security; responses: Record<string, unknown> }>>
}

const document = openApiDocument('http://localhost:3000') as unknown as Document

describe('the security schemes of the OpenAPI document', () => {
  it('names the cookie, the JWT and the API key', () => {
    const schemes = document.components.securitySchemes
    expect(schemes[SECURITY.COOKIE]).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'payload-token' })
    expect(schemes[SECURITY.JWT]).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization' })
    expect(schemes[SECURITY.API_KEY]).toMatchObject({ type: 'http', scheme: 'bearer' })
  })

  it('asks a signed-in caller where an operation answers 401, and allows anonymous ones elsewhere', () => {
    const upload = document.paths['/api/import/upload']!.post!
    expect(upload.security).toEqual([{ sessionCookie: [] }, { jwt: [] }, { apiKey: [] }])
    const revoke = document.paths['/api/api-keys/{id}/revoke']!.post!
    expect(revoke.security).not.toContainEqual({})
    const list = document.paths['/api/events/list']!.get!
    expect(list.security).toContainEqual({})
    expect(list.security).toContainEqual({ apiKey: [] })
    for (const [path, item] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(item))
        expect(
          operation.security.some((entry) => Object.keys(entry).length === 0),
          `${method} ${path}`,
        ).toBe(!('401' in operation.responses))
  })
})
