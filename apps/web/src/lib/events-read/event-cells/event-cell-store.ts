/**
 * Which datasets a read may answer from their event cells (`build-event-cells.ts`) rather than
 * from their events: those the in-memory index cannot hold, big enough that counting their events
 * would be slow, and whose cells are at the exact events version the read must reflect. Cells
 * missing or out of date are built in the background (small builds are awaited), one dataset at a
 * time per process and across processes, while the read counts events as before.
 * @module
 */
import type { Pool } from 'pg'

import type { ReadDatabase } from '../../database/read-router'
import type { DatasetScope } from '../event-conditions'
import { readDatasetVersions, type DatasetVersion } from '../event-index/segment-loader'
import { buildEventCells, type EventCellBuild } from './build-event-cells'
import type { ValueCodes } from './build-value-cells'

/** Events whose cells a read waits to be built (a second or so); bigger builds run in the background. */
export const AWAITED_BUILD_EVENTS = 200_000

/** A dataset's build as a read sees it. */
export interface CellBuildRow {
  readonly datasetId: number
  readonly version: string
  /** Events in all, with a time or not; null for a build made without counting them. */
  readonly events: number | null
  readonly dated: number
  readonly located: number
  /** The extent of the located events (west ≤ east), or null when none has a location. */
  readonly extent: readonly [number, number, number, number] | null
  /** The first and last event time, of all events and of those with a location. */
  readonly firstTime: Date | null
  readonly lastTime: Date | null
  readonly firstLocatedTime: Date | null
  readonly lastLocatedTime: Date | null
  /** The value-list fields whose events are also counted per value (`build-value-cells.ts`). */
  readonly valueFields: readonly string[]
  /** The codes of their values in the point blocks; null for a build made without them. */
  readonly valueCodes: ValueCodes | null
}

/** The datasets of a read answered from cells, each with its current build. */
export interface CellScope {
  readonly datasetIds: readonly number[]
  readonly builds: readonly CellBuildRow[]
}

/** How the store decides. */
export interface EventCellOptions {
  /** A read's datasets get cells once they hold this many events; 0 turns cells off. */
  readonly minEvents: number
  /** Most events a read waits to be built; default {@link AWAITED_BUILD_EVENTS}. */
  readonly awaitedBuildEvents?: number
  /** Whether the in-memory index can hold these datasets (then it answers, and no cells are built). */
  readonly indexCanHold: (versions: ReadonlyArray<readonly [number, DatasetVersion]>) => boolean
  readonly onBuilt?: (build: EventCellBuild) => void
  readonly onBuildError?: (error: unknown, datasetId: number) => void
}

interface BuildQueryRow {
  dataset_id: number
  version: string
  events: string | null
  dated: string
  located: string
  west: number | null
  south: number | null
  east: number | null
  north: number | null
  first_time: Date | null
  last_time: Date | null
  first_located_time: Date | null
  last_located_time: Date | null
  value_fields: string[]
  value_codes: ValueCodes | null
}

async function readBuilds(pool: Pool, datasetIds: readonly number[]): Promise<Map<number, CellBuildRow>> {
  const { rows } = await pool.query<BuildQueryRow>(
    `select dataset_id, version, events, dated, located, west, south, east, north, first_time, last_time,
            first_located_time, last_located_time, value_fields, value_codes
       from event_cell_builds where dataset_id = any($1::int[])`,
    [[...datasetIds]],
  )
  return new Map(
    rows.map((row) => [
      Number(row.dataset_id),
      {
        datasetId: Number(row.dataset_id),
        version: String(row.version),
        events: row.events === null ? null : Number(row.events),
        dated: Number(row.dated),
        located: Number(row.located),
        extent: row.west === null ? null : [row.west, row.south!, row.east!, row.north!],
        firstTime: row.first_time,
        lastTime: row.last_time,
        firstLocatedTime: row.first_located_time,
        lastLocatedTime: row.last_located_time,
        valueFields: row.value_fields,
        valueCodes: row.value_codes,
      },
    ]),
  )
}

/** One database's event cells, as seen by one process. */
export class EventCellStore {
  private readonly builds = new Map<number, Promise<void>>()
  private queue: Promise<void> = Promise.resolve()

  /** @param pool - the primary: builds write there, whatever database a read runs on */
  constructor(
    private readonly pool: Pool,
    private readonly options: EventCellOptions,
  ) {}

  /**
   * The datasets in scope, when the read can be answered from their cells now; null when it counts
   * events (cells off, the index holds the datasets, too few events to need cells, or cells being
   * built). Datasets without events are left out.
   */
  async cellsFor(database: ReadDatabase, scope: DatasetScope): Promise<CellScope | null> {
    if (this.options.minEvents === 0) return null
    const versions = database.versions ?? (await readDatasetVersions(database.pool, scope))
    const wanted = [...versions].filter(([, version]) => version.count > 0)
    const events = wanted.reduce((sum, [, version]) => sum + version.count, 0)
    if (wanted.length === 0 || events < this.options.minEvents || this.options.indexCanHold(wanted)) return null
    const ids = wanted.map(([datasetId]) => datasetId)
    let builds = await readBuilds(database.pool, ids)
    const stale = wanted.filter(([datasetId, version]) => builds.get(datasetId)?.version !== version.version)
    if (stale.length > 0) {
      const started = stale.map(([datasetId]) => this.build(datasetId))
      const staleEvents = stale.reduce((sum, [, version]) => sum + version.count, 0)
      if (staleEvents > (this.options.awaitedBuildEvents ?? AWAITED_BUILD_EVENTS)) return null
      await Promise.all(started)
      builds = await readBuilds(database.pool, ids)
      if (wanted.some(([datasetId, version]) => builds.get(datasetId)?.version !== version.version)) return null
    }
    return { datasetIds: ids, builds: ids.map((datasetId) => builds.get(datasetId)!) }
  }

  /** Settles once the builds asked for so far have ended (for tests and benchmarks). */
  async idle(): Promise<void> {
    while (this.builds.size > 0) await Promise.all(this.builds.values())
  }

  // One build at a time in this process (each is a scan of a dataset's events); a dataset asked
  // for again while queued or building waits for that build.
  private build(datasetId: number): Promise<void> {
    let running = this.builds.get(datasetId)
    if (!running) {
      running = this.queue
        .then(() => buildEventCells(this.pool, datasetId))
        .then((build) => {
          if (build) this.options.onBuilt?.(build)
        })
        .catch((error: unknown) => this.options.onBuildError?.(error, datasetId))
        .finally(() => this.builds.delete(datasetId))
      this.queue = running
      this.builds.set(datasetId, running)
    }
    return running
  }
}
