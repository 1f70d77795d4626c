/**
 * Which searches a read may answer from their own cells (`build-search-cells.ts`): a search of
 * datasets answered from their event cells, once each dataset has the search's cells at the
 * events version its event cells count. A search without them is built on its first read, in the
 * background unless its datasets are small, while that read visits the matches as before.
 *
 * Anyone may search for anything, so builds are bounded: one at a time per process, at most
 * {@link MAX_QUEUED_SEARCH_BUILDS} waiting (more are not queued, and their reads keep visiting the
 * matches), and the rows of every search together capped in bytes, the least recently read dropped
 * first.
 * @module
 */
import type { Pool } from 'pg'

import type { ReadDatabase } from '../../database/read-router'
import { searchQuerySql } from '../event-conditions'
import { buildSearchCells, evictSearchCells, type SearchCellBuild } from './build-search-cells'
import { AWAITED_BUILD_EVENTS, type CellScope } from './event-cell-store'

/** Builds of searches one process keeps waiting, at most. */
export const MAX_QUEUED_SEARCH_BUILDS = 8

/** How stale a search's "last read" may get before a read writes it again. */
const USED_AT_RESOLUTION_MS = 60_000

/** A search's cells, one build per dataset of a read. */
export interface SearchSlice {
  /** `event_searches.id` of each dataset's build. */
  readonly searchIds: readonly number[]
}

/** How the store decides. */
export interface SearchCellOptions {
  /** The most bytes the cells of every search may hold together; 0 turns search cells off. */
  readonly maxBytes: number
  /** Most events of a read's datasets whose search is built while the read waits; default {@link AWAITED_BUILD_EVENTS}. */
  readonly awaitedBuildEvents?: number
  readonly onBuilt?: (build: SearchCellBuild) => void
  /** Told of a build that failed; the search's text is not passed on, so logs hold no one's searches. */
  readonly onBuildError?: (error: unknown, datasetId: number) => void
}

interface SearchRow {
  query: string
  id: number | null
  dataset_id: number | null
  version: string | null
}

/** The searches' cells of one database, as seen by one process. */
export class SearchCellStore {
  private readonly builds = new Map<string, Promise<void>>()
  private readonly touched = new Map<number, number>()
  private queue: Promise<void> = Promise.resolve()

  /** @param pool - the primary: builds and "last read" times are written there */
  constructor(
    private readonly pool: Pool,
    private readonly options: SearchCellOptions,
  ) {}

  /**
   * The cells of the search for `text` in the datasets of `cells`, when each has them at its
   * cells' events version; else null, and the missing ones are built (awaited when the datasets
   * hold at most `awaitedBuildEvents` events together).
   */
  async searchFor(database: ReadDatabase, cells: CellScope, text: string): Promise<SearchSlice | null> {
    if (this.options.maxBytes === 0) return null
    let found = await this.read(database.pool, cells, text)
    if (!found) return null
    if (found.missing.length > 0) {
      const { query } = found
      const queued = found.missing.map((build) => this.build(build.datasetId, text, query, build.version))
      const started = queued.filter((build): build is Promise<void> => build !== null)
      if (started.length < queued.length) return null
      const events = cells.builds.reduce(
        (sum, build) => sum + (build.events ?? Math.max(build.dated, build.located)),
        0,
      )
      if (events > (this.options.awaitedBuildEvents ?? AWAITED_BUILD_EVENTS)) return null
      await Promise.all(started)
      found = await this.read(database.pool, cells, text)
      if (!found || found.missing.length > 0) return null
    }
    await this.touch(found.searchIds)
    return { searchIds: found.searchIds }
  }

  /** Settles once the builds asked for so far have ended (for tests and benchmarks). */
  async idle(): Promise<void> {
    while (this.builds.size > 0) await Promise.all(this.builds.values())
  }

  private async read(
    pool: Pool,
    cells: CellScope,
    text: string,
  ): Promise<{ query: string; searchIds: number[]; missing: CellScope['builds'] } | null> {
    const { rows } = await pool.query<SearchRow>(
      `select q.query, s.id, s.dataset_id, s.version
         from (select ${searchQuerySql('$1')}::text as query) q
         left join event_searches s on s.query = q.query and s.dataset_id = any($2::int[])`,
      [text, [...cells.datasetIds]],
    )
    // A text without a word matches nothing; its read is quick from the events.
    const query = rows[0]!.query
    if (query === '') return null
    const current = new Map(rows.filter((row) => row.id !== null).map((row) => [Number(row.dataset_id), row]))
    const searchIds: number[] = []
    const missing: CellScope['builds'][number][] = []
    for (const build of cells.builds) {
      const row = current.get(build.datasetId)
      if (row?.id != null && String(row.version) === build.version) searchIds.push(row.id)
      else missing.push(build)
    }
    return { query, searchIds, missing }
  }

  // "Last read" decides which searches the cap drops; written at most once a minute per search.
  private async touch(searchIds: readonly number[]): Promise<void> {
    const now = Date.now()
    const stale = searchIds.filter((id) => now - (this.touched.get(id) ?? 0) > USED_AT_RESOLUTION_MS)
    if (stale.length === 0) return
    for (const id of stale) this.touched.set(id, now)
    if (this.touched.size > 10_000) this.touched.clear()
    await this.pool.query('update event_searches set used_at = now() where id = any($1::int[])', [stale])
  }

  // One build at a time in this process; a search asked for again while queued or building (as
  // its normalised query) waits for that build. Null when the queue is full.
  private build(datasetId: number, text: string, query: string, version: string): Promise<void> | null {
    const key = `${datasetId}:${version}:${query}`
    let running = this.builds.get(key)
    if (!running) {
      if (this.builds.size >= MAX_QUEUED_SEARCH_BUILDS) return null
      running = this.queue
        .then(() => buildSearchCells(this.pool, datasetId, text, version))
        .then(async (build) => {
          if (!build) return
          this.options.onBuilt?.(build)
          await evictSearchCells(this.pool, this.options.maxBytes)
        })
        .catch((error: unknown) => this.options.onBuildError?.(error, datasetId))
        .finally(() => this.builds.delete(key))
      this.queue = running
      this.builds.set(key, running)
    }
    return running
  }
}
