import { describe, expect, it } from 'vitest'

import { JSON_BODY_MAX_BYTES, refuseRequestBody } from './request-body-limit'

const UPLOAD_MAX = 100 * 1024 * 1024
const post = (url: string, headers: Record<string, string>) => ({ method: 'POST', url, headers })

describe('refuseRequestBody', () => {
  it('refuses a sign-in or a GraphQL query larger than a JSON body may be', () => {
    const tooLarge = { 'content-length': String(JSON_BODY_MAX_BYTES + 1) }
    expect(refuseRequestBody(post('/api/users/login', tooLarge), UPLOAD_MAX)).toMatchObject({
      status: 413,
      message: 'The request body is larger than 10 MB',
    })
    expect(refuseRequestBody(post('/api/graphql', tooLarge), UPLOAD_MAX)?.status).toBe(413)
    expect(refuseRequestBody(post('/api/graphql', { 'content-length': '2048' }), UPLOAD_MAX)).toBeUndefined()
  })

  it('lets an upload be as large as the upload limit, and no larger', () => {
    const justFits = { 'content-length': String(UPLOAD_MAX) }
    expect(refuseRequestBody(post('/api/import/upload', justFits), UPLOAD_MAX)).toBeUndefined()
    expect(refuseRequestBody(post('/api/media?depth=0', justFits), UPLOAD_MAX)).toBeUndefined()
    expect(refuseRequestBody({ ...post('/api/import-files/3', justFits), method: 'PATCH' }, UPLOAD_MAX)).toBeUndefined()
    expect(
      refuseRequestBody(post('/api/media', { 'content-length': String(UPLOAD_MAX * 2) }), UPLOAD_MAX),
    ).toMatchObject({ status: 413, message: 'The upload is larger than 100 MB (CHRONOTOPE_UPLOAD_MAX_MB)' })
  })

  it('asks for a Content-Length outside the import upload, which limits its own stream', () => {
    const chunked = { 'transfer-encoding': 'chunked' }
    expect(refuseRequestBody(post('/api/users/login', chunked), UPLOAD_MAX)).toMatchObject({ status: 411 })
    expect(refuseRequestBody(post('/api/media', chunked), UPLOAD_MAX)).toMatchObject({ status: 411 })
    expect(refuseRequestBody(post('/api/import/upload', chunked), UPLOAD_MAX)).toBeUndefined()
  })

  it('reads nothing into requests without a body', () => {
    expect(refuseRequestBody({ method: 'GET', url: '/api/events', headers: {} }, UPLOAD_MAX)).toBeUndefined()
    expect(refuseRequestBody(post('/api/users/logout', {}), UPLOAD_MAX)).toBeUndefined()
  })
})
