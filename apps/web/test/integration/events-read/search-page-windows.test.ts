import { encodeCursor, type EventSort, type FilterState, type ListParams } from '@chronotope/filters'
import type { Pool } from 'pg'
import { beforeAll, describe, expect, it } from 'vitest'

import { insertEventsBulk, type EventRow } from '../../../src/lib/events/bulk-insert-events'
import { eventConditions, SqlParams } from '../../../src/lib/events-read/event-conditions'
import { pageFromDatabase } from '../../../src/lib/events-read/list-events'
import { databasePool } from '../../../src/lib/import/progress-tracking'
import { testPayload } from '../../helpers/api-client'
import { eventRow } from '../../helpers/event-rows'
import { createReadFixture } from '../../helpers/read-fixture'
import { seededRandom } from '../../helpers/seeded-random'

const EVENTS = 1200
let pool: Pool
let datasetId: number

/**
 * Events over 3,000 years, most of them in the last fifty (the windows assume an even spread),
 * with runs of events at one instant, some without a time, and words in shares from 2 % to 60 %.
 */
function searchEvents(dataset: number): EventRow[] {
  const next = seededRandom(11)
  const rows: EventRow[] = []
  for (let i = 0; i < EVENTS; i++) {
    const words = [
      next() < 0.6 ? 'flood' : 'calm',
      next() < 0.3 ? 'storm' : 'dry',
      i % 50 === 0 ? 'tornado' : 'weather',
    ]
    const eventTime =
      i % 17 === 0
        ? null
        : i % 13 === 0
          ? new Date(Date.UTC(2001, 0, 1))
          : i % 4 === 0
            ? new Date(Date.UTC(-1000 + Math.floor(next() * 2950), 0, 1) + next() * 3e10)
            : new Date(Date.UTC(1975 + Math.floor(next() * 50), 0, 1) + next() * 3e10)
    rows.push(
      eventRow(dataset, `windows-${i}`, {
        title: words.join(' '),
        eventTime,
        longitude: -30 + next() * 80,
        latitude: 30 + next() * 40,
      }),
    )
  }
  return rows
}

beforeAll(async () => {
  const fixture = await createReadFixture(`Search windows ${Date.now()}`, 1, 0)
  const payload = await testPayload()
  const dataset = await payload.create({
    collection: 'datasets',
    data: { name: 'Search windows', catalog: fixture.catalogId, isPublic: true },
    overrideAccess: true,
  })
  datasetId = Number(dataset.id)
  pool = databasePool(payload)
  await insertEventsBulk(pool, searchEvents(datasetId))
  await pool.query('analyze events')
})

/** Every match's id in the list's order, straight from SQL. */
async function allMatches(state: FilterState, sort: EventSort): Promise<number[]> {
  const params = new SqlParams()
  const where = eventConditions(state, [datasetId], params)
  const direction = sort === 'time-desc' ? 'desc' : 'asc'
  const { rows } = await pool.query<{ id: number }>(
    `select e.id from events e where ${where} order by e.event_time ${direction} nulls last, e.id ${direction}`,
    params.values,
  )
  return rows.map((row) => Number(row.id))
}

// Read in windows whatever the number of matches.
const windowPage = (state: FilterState, list: ListParams) => pageFromDatabase(pool, state, [datasetId], list, 0)

const SEARCHES: ReadonlyArray<[string, Partial<FilterState>]> = [
  ['a word in 60 % of the events', { text: 'flood' }],
  ['a word in 2 %', { text: 'tornado' }],
  ['two words', { text: 'flood storm' }],
  ['a word and not another', { text: 'flood -storm' }],
  ['either word', { text: 'tornado or storm' }],
  ['a word over a time range', { text: 'flood', startDate: '1990-03-01', endDate: '2010-06-30T12:00:00Z' }],
  ['a word in a map view', { text: 'storm', bbox: { west: 0, south: 40, east: 30, north: 60 } }],
  ['a word no event holds', { text: 'drought' }],
]

describe.each(SEARCHES)('a page of a search read in time windows: %s', (_, filter) => {
  const state: FilterState = { catalogs: [], datasets: [], fields: {}, ...filter }

  it.each(['time-asc', 'time-desc'] as const)('walks every match once by cursor, %s', async (sort) => {
    const expected = await allMatches(state, sort)
    const seen: number[] = []
    let cursor: string | undefined
    for (let pages = 0; pages <= expected.length / 23 + 1; pages++) {
      const page = await windowPage(state, { limit: 23, sort, ...(cursor ? { cursor } : {}) })
      seen.push(...page.events.map((event) => Number(event.id)))
      expect(page.nextCursor === null).toBe(seen.length === expected.length)
      if (!page.nextCursor) break
      cursor = page.nextCursor
    }
    expect(seen).toEqual(expected)
  })

  it.each(['time-asc', 'time-desc'] as const)('gives numbered pages as SQL orders the matches, %s', async (sort) => {
    const expected = await allMatches(state, sort)
    const last = Math.max(1, Math.ceil(expected.length / 40))
    for (const page of new Set([1, 2, 5, last, last + 1])) {
      const answer = await windowPage(state, { limit: 40, sort, page })
      expect(answer.events.map((event) => Number(event.id))).toEqual(expected.slice((page - 1) * 40, page * 40))
      expect(answer.nextCursor !== null).toBe(page * 40 < expected.length)
    }
  })
})

describe('a search page past the events with a time', () => {
  it('starts from a cursor among the events without a time, which come last either way', async () => {
    const state: FilterState = { catalogs: [], datasets: [], fields: {}, text: 'flood' }
    const { rows } = await pool.query<{ id: number }>(
      `select id from events where dataset_id = $1 and event_time is null order by id`,
      [datasetId],
    )
    const untimed = rows.map((row) => Number(row.id))
    expect(untimed.length).toBeGreaterThan(40)
    for (const sort of ['time-asc', 'time-desc'] as const) {
      const expected = await allMatches(state, sort)
      const firstUntimed = expected.findIndex((id) => untimed.includes(id))
      expect(expected.slice(firstUntimed).every((id) => untimed.includes(id))).toBe(true)
      const at = firstUntimed + 10
      const cursor = encodeCursor({ t: null, id: expected[at]! })
      const page = await windowPage(state, { limit: 1000, sort, cursor })
      expect(page.events.map((event) => Number(event.id))).toEqual(expected.slice(at + 1))
    }
  })

  it('answers like the whole sort when the matches are few enough', async () => {
    const state: FilterState = { catalogs: [], datasets: [], fields: {}, text: 'storm' }
    for (const sort of ['time-asc', 'time-desc'] as const) {
      const sorted = await pageFromDatabase(pool, state, [datasetId], { limit: 50, sort, page: 3 }, Infinity)
      expect(await windowPage(state, { limit: 50, sort, page: 3 })).toEqual(sorted)
    }
  })
})
