/**
 * Fills the database `npm run bench:read` reads: the app's migrations, two public catalogs with
 * five public datasets, and the events of {@link createEventSource}, written with COPY on a
 * PostgreSQL server or `INSERT … unnest` on the embedded database (which has no COPY FROM STDIN),
 * then `ANALYZE` so the planner knows the data as it would after a real import.
 * @module
 */
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import type { Pool } from 'pg'
import { from as copyFrom } from 'pg-copy-streams'

import { EVENT_COLUMNS, insertEventsBulk, type EventRow } from '../apps/web/src/lib/events/bulk-insert-events'
import { serializeEventsForCopy } from '../apps/web/src/lib/events/copy-events'
import { runCommand } from '../apps/web/src/lib/runtime/child-process'
import { createEventSource, type BenchEventSource } from './read-events'

/** Where the app's scripts run from. */
export const WEB_ROOT = path.resolve(import.meta.dirname, '../apps/web')

const BATCH = 5_000

/** The catalogs and datasets the benchmark's events belong to. */
export interface BenchDatasets {
  readonly catalogIds: readonly number[]
  /** In the order of `DATASET_SHARES`. */
  readonly datasetIds: readonly number[]
}

/** Applies the app's migrations to `databaseUrl` the way `npm run migrate` does. */
export async function migrateDatabase(databaseUrl: string, env: NodeJS.ProcessEnv): Promise<void> {
  const code = await runCommand('migrate', [], { ...env, DATABASE_URL: databaseUrl })
  if (code !== 0)
    throw new Error(`npm run migrate failed on the benchmark database (exit ${code}); see its output above`)
}

/** Creates two public catalogs holding five public datasets (three and two). */
export async function createBenchDatasets(pool: Pool): Promise<BenchDatasets> {
  const catalogIds: number[] = []
  for (const [name, slug] of [
    ['Benchmark world events', 'bench-world'],
    ['Benchmark archive', 'bench-archive'],
  ]) {
    const { rows } = await pool.query<{ id: number }>(
      'insert into catalogs (name, slug, is_public) values ($1, $2, true) returning id',
      [name, slug],
    )
    catalogIds.push(rows[0]!.id)
  }
  const datasetIds: number[] = []
  for (let index = 0; index < 5; index++) {
    const { rows } = await pool.query<{ id: number }>(
      'insert into datasets (name, slug, catalog_id, is_public) values ($1, $2, $3, true) returning id',
      [`Benchmark dataset ${index + 1}`, `bench-dataset-${index + 1}`, catalogIds[index < 3 ? 0 : 1]],
    )
    datasetIds.push(rows[0]!.id)
  }
  return { catalogIds, datasetIds }
}

function* eventBatches(source: BenchEventSource, from: number, to: number): Generator<EventRow[]> {
  for (let start = from; start < to; start += BATCH) {
    const batch: EventRow[] = []
    for (let index = start; index < Math.min(to, start + BATCH); index++) batch.push(source(index))
    yield batch
  }
}

/** Writes the benchmark's events into a table and grows it; see {@link createEventSeeder}. */
export interface EventSeeder {
  /** Events written so far. */
  readonly count: number
  /**
   * Writes the next events until the table holds `count` of them, then analyzes it.
   * @returns the seconds it took, analyze included
   */
  growTo(count: number): Promise<number>
}

/**
 * A seeder that writes with COPY (`copy: true`, PostgreSQL) or in unnest batches. It keeps one
 * event source across calls, so growing a table to 1M in steps gives the same events as seeding
 * 1M at once.
 */
export function createEventSeeder(pool: Pool, datasetIds: readonly number[], options: { copy: boolean }): EventSeeder {
  const source = createEventSource(datasetIds)
  let written = 0
  const write = async (from: number, to: number) => {
    if (options.copy) {
      const client = await pool.connect()
      try {
        const sink = client.query(copyFrom(`copy events (${EVENT_COLUMNS}) from stdin`))
        await pipeline(
          Readable.from(
            (function* () {
              for (const batch of eventBatches(source, from, to)) yield serializeEventsForCopy(batch)
            })(),
          ),
          sink,
        )
      } finally {
        client.release()
      }
    } else {
      for (const batch of eventBatches(source, from, to)) await insertEventsBulk(pool, batch)
    }
  }
  return {
    get count() {
      return written
    },
    async growTo(count) {
      if (count < written) throw new Error(`The table already holds ${written} events, more than ${count}`)
      const started = performance.now()
      await write(written, count)
      written = count
      await pool.query('analyze events')
      return (performance.now() - started) / 1000
    },
  }
}

/**
 * Writes `count` events, with COPY (`copy: true`, PostgreSQL) or in unnest batches, then analyzes
 * the table.
 * @returns the seconds it took, analyze included
 */
export function seedEvents(
  pool: Pool,
  count: number,
  datasetIds: readonly number[],
  options: { copy: boolean },
): Promise<number> {
  return createEventSeeder(pool, datasetIds, options).growTo(count)
}
