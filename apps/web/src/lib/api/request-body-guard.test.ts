import { describe, expect, it } from 'vitest'

import { bodyType, guardGraphqlPost, hasBody, unparsableBody, unreadableBody } from './request-body-guard'

// As a client sends it: a body with its length.
const post = (body: string | undefined, type?: string) =>
  new Request('http://localhost/api/catalogs', {
    method: 'POST',
    body,
    headers: {
      ...(type ? { 'content-type': type } : {}),
      ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
    },
  })

describe('unreadableBody', () => {
  it('lets JSON, multipart and bodiless requests through', () => {
    expect(unreadableBody(post('{}', 'application/json; charset=utf-8'))).toBeUndefined()
    expect(unreadableBody(post('x', 'multipart/form-data; boundary=b'))).toBeUndefined()
    expect(unreadableBody(post(undefined))).toBeUndefined()
  })

  it('refuses a form post with 415 naming what it got', async () => {
    const response = unreadableBody(post('a=1', 'application/x-www-form-urlencoded'))!
    expect(response.status).toBe(415)
    expect(((await response.json()) as { error: string }).error).toBe(
      'The request body must be application/json or multipart/form-data; got application/x-www-form-urlencoded',
    )
  })

  it('reads the type without parameters, in lower case', () => {
    expect(bodyType(new Headers({ 'content-type': 'Text/Plain; charset=UTF-8' }))).toBe('text/plain')
    expect(hasBody({ headers: new Headers({ 'content-length': '0' }) })).toBe(false)
  })

  it('counts a chunked body, and none without a length or chunks, as `curl -X POST` sends', () => {
    expect(hasBody({ headers: new Headers({ 'transfer-encoding': 'chunked' }) })).toBe(true)
    expect(hasBody(new Request('http://localhost/api/users/logout', { method: 'POST', body: '' }))).toBe(false)
    expect(unreadableBody(new Request('http://localhost/api/users/logout', { method: 'POST' }))).toBeUndefined()
  })
})

describe('unparsableBody', () => {
  it('names JSON, nesting and multipart failures, and leaves other errors alone', () => {
    expect(unparsableBody(new SyntaxError('Unexpected end of JSON input'))?.status).toBe(400)
    expect(unparsableBody(new RangeError('Maximum call stack size exceeded'))?.status).toBe(400)
    expect(unparsableBody(new Error('Unexpected end of form'))?.status).toBe(400)
    expect(unparsableBody(new Error('connection refused'))).toBeUndefined()
  })
})

describe('guardGraphqlPost', () => {
  it('turns a thrown 4xx into a GraphQL error answer and passes a 5xx on', async () => {
    const thrown = (status: number) => () => Promise.reject(Object.assign(new Error('Invalid JSON'), { status }))
    const answer = await guardGraphqlPost(thrown(400))(post('{"query": ', 'application/json'))
    expect(answer.status).toBe(400)
    expect(await answer.json()).toEqual({
      errors: [
        { message: 'The request body is not valid JSON', extensions: { statusCode: 400, code: 'invalid-body' } },
      ],
    })
    await expect(guardGraphqlPost(thrown(500))(post('{}', 'application/json'))).rejects.toThrow('Invalid JSON')
  })
})
