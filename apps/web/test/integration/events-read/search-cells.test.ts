import { beforeAll, describe, expect, inject, it } from 'vitest'

import { insertEventsBulk } from '../../../src/lib/events/bulk-insert-events'
import {
  evictSearchCells,
  SEARCH_CELL_TABLES,
  SEARCH_CELL_ZOOM,
} from '../../../src/lib/events-read/event-cells/build-search-cells'
import { EventCellStore, type CellScope } from '../../../src/lib/events-read/event-cells/event-cell-store'
import { MAX_QUEUED_SEARCH_BUILDS, SearchCellStore } from '../../../src/lib/events-read/event-cells/search-cell-store'
import { databasePool } from '../../../src/lib/import/progress-tracking'
import { testPayload } from '../../helpers/api-client'
import { eventRow } from '../../helpers/event-rows'
import { createPublicDataset, createReadFixture } from '../../helpers/read-fixture'
import { seededRandom } from '../../helpers/seeded-random'

const WORDS = ['flood', 'fire', 'storm', 'quake', 'drought', 'harvest', 'strike', 'vote', 'eclipse', 'comet', 'tide']

let catalogId: number
let datasetId: number

// 400 events, each titled with two of the words; some without a place or a time.
async function fillDataset(dataset: number): Promise<void> {
  const next = seededRandom(11)
  await insertEventsBulk(
    databasePool(await testPayload()),
    Array.from({ length: 400 }, (_, i) =>
      eventRow(dataset, `search-cells-${dataset}-${i}`, {
        title: `${WORDS[i % WORDS.length]} and ${WORDS[(i * 7) % WORDS.length]}`,
        longitude: i % 13 === 0 ? null : next() * 300 - 150,
        latitude: i % 13 === 0 ? null : next() * 140 - 70,
        eventTime: i % 17 === 0 ? null : new Date(Date.UTC(1900 + (i % 120), i % 12, 1 + (i % 28))),
      }),
    ),
  )
}

async function cellsOf(dataset: number): Promise<CellScope> {
  const pool = databasePool(await testPayload())
  const cells = await new EventCellStore(pool, { minEvents: 1, indexCanHold: () => false }).cellsFor(
    { pool, onReplica: false },
    [dataset],
  )
  return cells!
}

async function searchRows(
  dataset: number,
): Promise<Array<{ id: number; query: string; version: string; matches: string }>> {
  const pool = databasePool(await testPayload())
  const { rows } = await pool.query(
    'select id, query, version::text, matches::text from event_searches where dataset_id = $1 order by id',
    [dataset],
  )
  return rows
}

beforeAll(async () => {
  catalogId = (await createReadFixture(`Search cells ${Date.now()}`, 1, 1)).catalogId
  datasetId = await createPublicDataset(catalogId, 'Searched')
  await fillDataset(datasetId)
})

describe('search cells', () => {
  it('counts a search once per normalised query, at the events version of the cells', async () => {
    const pool = databasePool(await testPayload())
    const store = new SearchCellStore(pool, { maxBytes: 64 * 1024 * 1024 })
    const cells = await cellsOf(datasetId)
    const database = { pool, onReplica: false }
    const flood = await store.searchFor(database, cells, 'flood')
    expect(flood?.searchIds).toHaveLength(1)
    // The same query however it is written; a text of no word has none.
    expect(await store.searchFor(database, cells, '  FLOOD ')).toEqual(flood)
    expect(await store.searchFor(database, cells, '!!! ---')).toBeNull()
    const { rows: expected } = await pool.query<{ count: string }>(
      `select count(*)::text as count from events where dataset_id = $1 and title ilike '%flood%'`,
      [datasetId],
    )
    expect(await searchRows(datasetId)).toEqual([
      { id: flood!.searchIds[0], query: "'flood'", version: cells.builds[0]!.version, matches: expected[0]!.count },
    ])
    // Cells at every zoom to the finest, each zoom counting every located match.
    const { rows: zooms } = await pool.query<{ zoom: number; count: number }>(
      'select zoom, sum(count)::int as count from event_search_cells where search_id = $1 group by zoom order by zoom',
      [flood!.searchIds[0]],
    )
    const { rows: located } = await pool.query<{ count: number }>(
      `select count(*)::int as count from events where dataset_id = $1 and title ilike '%flood%' and location is not null`,
      [datasetId],
    )
    expect(zooms).toEqual(
      Array.from({ length: SEARCH_CELL_ZOOM + 1 }, (_, zoom) => ({ zoom, count: located[0]!.count })),
    )
  })

  it('builds a search again once the events change, and drops the old build', async () => {
    const dataset = await createPublicDataset(catalogId, 'Changing')
    await fillDataset(dataset)
    const pool = databasePool(await testPayload())
    const store = new SearchCellStore(pool, { maxBytes: 64 * 1024 * 1024 })
    const database = { pool, onReplica: false }
    const before = await store.searchFor(database, await cellsOf(dataset), 'eclipse')
    await insertEventsBulk(pool, [
      eventRow(dataset, 'late-eclipse', { title: 'Eclipse seen late', eventTime: new Date('2024-04-08T18:00:00Z') }),
    ])
    const cells = await cellsOf(dataset)
    const after = await store.searchFor(database, cells, 'eclipse')
    expect(after!.searchIds[0]).not.toBe(before!.searchIds[0])
    const rows = await searchRows(dataset)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.version).toBe(cells.builds[0]!.version)
    const { rows: april } = await pool.query<{ events: number }>(
      `select events from event_search_months where search_id = $1 and month = '2024-04-01T00:00:00Z'`,
      [after!.searchIds[0]],
    )
    expect(april).toEqual([{ events: 1 }])
    for (const table of SEARCH_CELL_TABLES) {
      const { rows: left } = await pool.query(`select 1 from ${table} where search_id = $1 limit 1`, [
        before!.searchIds[0],
      ])
      expect(left, table).toEqual([])
    }
  })

  it('drops the least recently read searches past its cap in bytes, and those of past versions', async () => {
    const dataset = await createPublicDataset(catalogId, 'Capped')
    await fillDataset(dataset)
    const pool = databasePool(await testPayload())
    const database = { pool, onReplica: false }
    const cells = await cellsOf(dataset)
    const store = new SearchCellStore(pool, { maxBytes: 64 * 1024 * 1024 })
    for (const word of ['storm', 'quake', 'drought', 'harvest']) await store.searchFor(database, cells, word)
    // Read last of all the database's searches: quake, then harvest.
    await pool.query(
      `update event_searches set used_at = now() + (case query when '''quake''' then interval '2 minutes'
         when '''harvest''' then interval '3 minutes' else interval '1 minute' end) where dataset_id = $1`,
      [dataset],
    )
    const { rows } = await pool.query<{ bytes: string }>(
      `select sum(bytes)::text as bytes from event_searches where dataset_id = $1 and query in ('''quake''', '''harvest''')`,
      [dataset],
    )
    expect(Number(rows[0]!.bytes)).toBeGreaterThan(2000)
    await evictSearchCells(pool, Number(rows[0]!.bytes))
    expect((await searchRows(dataset)).map((row) => row.query)).toEqual(["'quake'", "'harvest'"])
    // A change to the events leaves the searches of the old version to be dropped.
    await insertEventsBulk(pool, [eventRow(dataset, 'one-more', { title: 'Quake again' })])
    await evictSearchCells(pool, 64 * 1024 * 1024)
    expect(await searchRows(dataset)).toEqual([])
    // A store drops what it builds past its cap.
    const tiny = new SearchCellStore(pool, { maxBytes: 1 })
    expect(await tiny.searchFor(database, await cellsOf(dataset), 'storm')).toBeNull()
    expect(await searchRows(dataset)).toEqual([])
  })

  // The embedded database has one connection: a transaction holding a lock would hold it all.
  it.skipIf(inject('databaseKind') !== 'external')(
    'keeps at most a few builds waiting, and the reads past them visit the matches',
    async () => {
      const dataset = await createPublicDataset(catalogId, 'Crowded')
      await fillDataset(dataset)
      const pool = databasePool(await testPayload())
      const database = { pool, onReplica: false }
      const cells = await cellsOf(dataset)
      const store = new SearchCellStore(pool, { maxBytes: 64 * 1024 * 1024, awaitedBuildEvents: 0 })
      // Builds write to event_searches, which another transaction holds still meanwhile.
      const blocker = await pool.connect()
      try {
        await blocker.query('begin')
        await blocker.query('lock table event_searches in share mode')
        for (const word of WORDS) expect(await store.searchFor(database, cells, word)).toBeNull()
        await blocker.query('commit')
      } finally {
        blocker.release()
      }
      await store.idle()
      expect(await searchRows(dataset)).toHaveLength(MAX_QUEUED_SEARCH_BUILDS)
      expect(await store.searchFor(database, cells, WORDS[0]!)).not.toBeNull()
    },
  )
})
