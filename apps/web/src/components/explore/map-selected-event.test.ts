import { describe, expect, it } from 'vitest'

import { ReadApiError } from '../../lib/read-client/events-read-client'
import { fetchSelectedEvent, selectedEventOfDocument } from './map-selected-event'

const document = {
  id: 4646,
  dataset: 4,
  title: 'Strike in Melbourne',
  eventTime: '2022-08-06T14:45:00.000Z',
  timePrecision: 'day',
  location: [145.211217, -38.199307],
  locationName: 'Melbourne, AU',
  coordinates: { source: 'geocoded', precision: 'city', confidence: 0.8 },
  data: { kind: 'Strike' },
}

describe('selectedEventOfDocument', () => {
  it("reads an event document as the popup's event", () => {
    expect(selectedEventOfDocument(document)).toEqual({
      cluster: false,
      eventId: 4646,
      datasetId: 4,
      title: 'Strike in Melbourne',
      eventTime: '2022-08-06T14:45:00.000Z',
      timePrecision: 'day',
      locationName: 'Melbourne, AU',
      locationPrecision: 'city',
      coordinateSource: 'geocoded',
      value: null,
      lng: 145.211217,
      lat: -38.199307,
    })
  })

  it('takes the dataset id from a populated dataset too', () => {
    expect(selectedEventOfDocument({ ...document, dataset: { id: 4, name: 'Protests' } })?.datasetId).toBe(4)
  })

  it('gives nothing for an event without a place', () => {
    expect(selectedEventOfDocument({ ...document, location: null })).toBeNull()
    expect(selectedEventOfDocument({ ...document, location: ['1', 2] })).toBeNull()
  })
})

describe('fetchSelectedEvent', () => {
  const answering = (status: number, body: unknown) =>
    (() => Promise.resolve(new Response(JSON.stringify(body), { status }))) as unknown as typeof fetch

  it('asks for the event by id and reads it', async () => {
    const urls: string[] = []
    const doFetch = ((url: string) => {
      urls.push(url)
      return Promise.resolve(new Response(JSON.stringify(document), { status: 200 }))
    }) as unknown as typeof fetch
    expect((await fetchSelectedEvent(4646, undefined, doFetch))?.title).toBe('Strike in Melbourne')
    expect(urls).toEqual(['/api/events/4646?depth=0'])
  })

  it('gives nothing for an event the visitor may not see or that does not exist', async () => {
    expect(await fetchSelectedEvent(1, undefined, answering(404, { errors: [{ message: 'Not Found' }] }))).toBeNull()
    expect(await fetchSelectedEvent(1, undefined, answering(403, {}))).toBeNull()
  })

  it('fails with the status when the server fails', async () => {
    await expect(fetchSelectedEvent(1, undefined, answering(500, {}))).rejects.toThrow(ReadApiError)
    await expect(fetchSelectedEvent(1, undefined, answering(500, {}))).rejects.toThrow('HTTP 500')
  })
})
