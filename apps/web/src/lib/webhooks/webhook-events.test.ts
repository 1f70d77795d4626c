import { describe, expect, it } from 'vitest'

import { serializeWebhookPayload } from './attempt-delivery'
import { sumImportCounts } from './import-webhook-events'
import { isWebhookEvent, webhookLinks, WEBHOOK_EVENTS } from './webhook-events'

describe('webhook payloads', () => {
  it('know their four events', () => {
    expect(Object.values(WEBHOOK_EVENTS).sort()).toEqual([
      'dataset.updated',
      'import.completed',
      'import.failed',
      'schedule.paused',
    ])
    expect(isWebhookEvent('import.failed')).toBe(true)
    expect(isWebhookEvent('import.exploded')).toBe(false)
    expect(isWebhookEvent(3)).toBe(false)
  })

  it('link absolutely under the server URL, with or without its trailing slash', () => {
    const links = webhookLinks('https://chronotope.example.org/')
    expect(links.importStatus(12)).toBe('https://chronotope.example.org/import?importId=12')
    expect(links.importApi(12)).toBe('https://chronotope.example.org/api/import/12')
    expect(links.dataset(7)).toBe('https://chronotope.example.org/datasets/7')
    expect(links.datasetEvents(7)).toBe('https://chronotope.example.org/api/events?datasets=7')
    expect(webhookLinks('http://localhost:3000').datasetApi(7)).toBe('http://localhost:3000/api/datasets/7')
  })

  it('sum the counts of an import’s sheets, missing counts as 0', () => {
    expect(
      sumImportCounts([
        { eventsCreated: 2, eventsUpdated: 1, rowErrors: 1 },
        { eventsCreated: 3, eventsUnchanged: 4, duplicatesSkipped: 2, eventsLeftAlone: 1, rowErrors: null },
        null,
      ]),
    ).toEqual({ created: 5, updated: 1, unchanged: 4, skipped: 2, leftAlone: 1, errors: 1 })
  })

  it('are sent with their keys in the documented order, whatever order the database kept', () => {
    const body = serializeWebhookPayload({
      data: { importId: 1 },
      createdAt: '2026-11-28T00:00:00.000Z',
      event: 'import.failed',
      id: 'evt_1',
    } as never)
    expect(Object.keys(JSON.parse(body) as object)).toEqual(['id', 'event', 'createdAt', 'data'])
  })
})
