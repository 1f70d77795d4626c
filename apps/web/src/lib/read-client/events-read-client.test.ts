import { parseFilterState } from '@chronotope/filters'
import { describe, expect, it } from 'vitest'

import { createEventsReadClient, ReadApiError, readUrl } from './events-read-client'

const state = parseFilterState(new URLSearchParams('datasets=3,1&start=-0489&q=strike'))

describe('readUrl', () => {
  it('writes the filter state in the read API canonical parameters, then the endpoint own', () => {
    expect(readUrl('/histogram', state, { interval: 'year', cursor: null })).toBe(
      '/api/events/histogram?datasets=1%2C3&start=-000489-01-01T00%3A00%3A00.000Z&q=strike&interval=year',
    )
  })

  it('reads back as the same filter state', () => {
    const url = new URL(readUrl('/list', state, {}, 'http://127.0.0.1:3000'))
    expect(url.origin).toBe('http://127.0.0.1:3000')
    expect(parseFilterState(url.searchParams)).toEqual(state)
  })
})

describe('createEventsReadClient', () => {
  const answering = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    createEventsReadClient({
      baseUrl: 'http://server',
      fetch: () => Promise.resolve(new Response(JSON.stringify(body), { status, headers })),
    })

  it('returns the API answer', async () => {
    const client = answering(200, { bounds: null, count: 0 })
    await expect(client.bounds(state)).resolves.toEqual({ bounds: null, count: 0 })
  })

  it('turns an error answer into a ReadApiError with the API message and parameter', async () => {
    const client = answering(400, { error: 'zoom: must be a number', code: 'invalid-parameter', parameter: 'zoom' })
    const failure = await client.bounds(state).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ReadApiError)
    expect(failure).toMatchObject({ status: 400, code: 'invalid-parameter', parameter: 'zoom' })
    expect((failure as Error).message).toBe('zoom: must be a number')
  })

  it('explains a busy server in words', async () => {
    const failure = await answering(503, 'busy', { 'Retry-After': '2' })
      .histogram(state)
      .catch((error: unknown) => error)
    expect((failure as Error).message).toBe('The server is busy; try again in 2 s')
  })

  it('says when the server could not be reached', async () => {
    const client = createEventsReadClient({ fetch: () => Promise.reject(new TypeError('connection refused')) })
    await expect(client.datasetCounts(state)).rejects.toMatchObject({ status: 0, code: 'network-error' })
  })
})
