/**
 * The two layouts `npm run bench:fdw` compares, built on three PostgreSQL 15 servers of its own
 * (apps/web/test/helpers/scratch-postgres.ts): a coordinator holding the app's database twice,
 * once as is (`chronotope_single`, the baseline) and once with `events` partitioned by dataset
 * over `postgres_fdw` (`chronotope_fdw`), and two shards each holding the events of some of the
 * datasets in a table with the app's columns and indexes. Both databases hold the same events,
 * ids included, so the read API must answer the same in both.
 * @module
 */
import { execFile } from 'node:child_process'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'

import pg from 'pg'
import { from as copyFrom, to as copyTo } from 'pg-copy-streams'

import { POSTGRES_BIN_DIR, startScratchCluster, type ScratchServer } from '../apps/web/test/helpers/scratch-postgres'
import { DATASET_SHARES } from './read-events'
import { createBenchDatasets, createEventSeeder, migrateDatabase } from './read-seed'

/** The coordinator's database that keeps `events` as the app creates it. */
export const SINGLE_DATABASE = 'chronotope_single'
/** The coordinator's database whose `events` is partitioned over the shards. */
export const FDW_DATABASE = 'chronotope_fdw'
/** The database on each shard. */
const SHARD_DATABASE = 'chronotope_shard'

/** How the coordinator reaches the shards (the `postgres_fdw` server options the design page discusses). */
export interface ForeignServerOptions {
  /** Rows fetched per round trip when rows come back to the coordinator. */
  readonly fetchSize: number
  /** Whether the planner asks each shard what a scan costs (a remote EXPLAIN per path it weighs). */
  readonly useRemoteEstimate: boolean
}

/** Both layouts, ready for the app. */
export interface FdwLayouts {
  readonly coordinator: ScratchServer
  readonly shards: readonly ScratchServer[]
  /** The datasets, in the order of `DATASET_SHARES`. */
  readonly datasetIds: readonly number[]
  /** The dataset ids each shard holds, by shard. */
  readonly placement: readonly (readonly number[])[]
}

/** Called with each step that must be undone at the end, as soon as it is done. */
export type OnCleanup = (step: () => Promise<unknown>) => void

const run = (program: string, args: readonly string[], input?: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const child = execFile(
      path.join(POSTGRES_BIN_DIR, program),
      args,
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${program} ${args.join(' ')} failed: ${stderr || error.message}`)) : resolve(stdout),
    )
    if (input !== undefined) child.stdin?.end(input)
  })

// The scratch servers log every statement and keep 64 MB of buffers: right for a test, while a
// benchmark wants neither the logging's cost nor a cache smaller than its table. The coordinator
// also loads auto_explain (off until read-fdw-plans.ts turns it on) to show what ran where.
async function tuneServer(server: ScratchServer, isCoordinator: boolean): Promise<void> {
  const settings = [`log_statement = 'none'`, `shared_buffers = '256MB'`]
  if (isCoordinator) settings.push(`session_preload_libraries = 'auto_explain'`)
  for (const setting of settings) await server.query(`alter system set ${setting}`)
  await server.stop()
  await server.start()
}

/** Starts the coordinator and the two shards, each a primary of its own in its own folder. */
async function startServers(onCleanup: OnCleanup): Promise<ScratchServer[]> {
  const servers: ScratchServer[] = []
  for (let index = 0; index < 3; index++) {
    const cluster = await startScratchCluster()
    onCleanup(() => cluster.destroy())
    await tuneServer(cluster.primary, index === 0)
    servers.push(cluster.primary)
  }
  return servers
}

/**
 * Places the datasets on the shards by size, largest first on the shard holding fewest events,
 * as an operator would: with the benchmark's five datasets, 47 % and 53 % of the events.
 * @example placeDatasets([1, 2, 3, 4, 5], 2) // [[1, 4], [2, 3, 5]]
 */
export function placeDatasets(datasetIds: readonly number[], shardCount: number): number[][] {
  const placement = Array.from({ length: shardCount }, () => [] as number[])
  const load = new Array<number>(shardCount).fill(0)
  datasetIds.forEach((id, index) => {
    const lightest = load.indexOf(Math.min(...load))
    placement[lightest]!.push(id)
    load[lightest]! += DATASET_SHARES[index] ?? 0
  })
  return placement
}

/**
 * A shard: the app's schema restored from the migrated database (so `events` has exactly its
 * columns, indexes and search index), without the foreign keys of `events`, since the datasets
 * and catalogs they point at live on the coordinator; then the events of its datasets.
 */
async function fillShard(shard: ScratchServer, source: ScratchServer, datasetIds: readonly number[]): Promise<void> {
  await shard.query(`create database ${SHARD_DATABASE}`)
  const schema = await run('pg_dump', ['--schema-only', '--no-owner', '-d', source.url(SINGLE_DATABASE)])
  await run('psql', ['-q', '-v', 'ON_ERROR_STOP=1', '-d', shard.url(SHARD_DATABASE)], schema)
  await shard.query(
    `do $$ declare c record; begin
       for c in select conname from pg_constraint where conrelid = 'public.events'::regclass and contype = 'f' loop
         execute format('alter table public.events drop constraint %I', c.conname);
       end loop;
     end $$`,
    [],
    SHARD_DATABASE,
  )
  const from = new pg.Client({ connectionString: source.url(SINGLE_DATABASE) })
  const to = new pg.Client({ connectionString: shard.url(SHARD_DATABASE) })
  await Promise.all([from.connect(), to.connect()])
  try {
    // Every column, id included, in the table's own order, which the restored schema keeps.
    const ids = `'{${datasetIds.join(',')}}'::int[]`
    await pipeline(
      from.query(copyTo(`copy (select * from events where dataset_id = any(${ids})) to stdout`)),
      to.query(copyFrom('copy events from stdin')),
    )
    await to.query('analyze events')
  } finally {
    await Promise.all([from.end(), to.end()])
  }
}

/**
 * Turns `events` of the FDW database into a table partitioned by dataset whose partitions are the
 * shards' tables. The app's `events` keeps a primary key, foreign keys from other tables and
 * triggers, none of which a partitioned table with foreign partitions can have; reads need none of
 * them, so the app's table is renamed out of the way (`events_local`, left empty) and a
 * partitioned `events` with the same columns takes its name: the read API's SQL, which names
 * `events`, runs unchanged.
 */
async function partitionOverShards(
  coordinator: ScratchServer,
  shards: readonly ScratchServer[],
  placement: readonly (readonly number[])[],
  options: ForeignServerOptions,
): Promise<void> {
  const client = new pg.Client({ connectionString: coordinator.url(FDW_DATABASE) })
  await client.connect()
  try {
    await client.query('create extension if not exists postgres_fdw')
    await client.query('alter table events rename to events_local')
    await client.query('create table events (like events_local including defaults) partition by list (dataset_id)')
    for (const [index, shard] of shards.entries()) {
      const name = `shard${index + 1}`
      // extensions: PostGIS's functions and operators (the map box) may be sent to the shard.
      // async_capable: the shards are scanned at once. use_remote_estimate: the planner asks the
      // shard what a scan costs, rather than guessing from local statistics.
      await client.query(
        `create server ${name} foreign data wrapper postgres_fdw options (host '127.0.0.1', port '${shard.port}',
           dbname '${SHARD_DATABASE}', extensions 'postgis', async_capable 'true',
           fetch_size '${options.fetchSize}', use_remote_estimate '${options.useRemoteEstimate}')`,
      )
      await client.query(`create user mapping for public server ${name} options (user 'postgres')`)
      await client.query(
        `create foreign table events_${name} partition of events for values in (${placement[index]!.join(', ')})
           server ${name} options (schema_name 'public', table_name 'events')`,
      )
    }
    await client.query('analyze events')
    // As the design page says: an aggregate grouped by the partition key runs on each shard.
    await client.query(`alter database ${FDW_DATABASE} set enable_partitionwise_aggregate = on`)
  } finally {
    await client.end()
  }
}

/**
 * Starts the three servers and builds both layouts: the app's migrations and the read
 * benchmark's catalogs and datasets in `chronotope_single`, copied as they are to
 * `chronotope_fdw`; then `events` events seeded into `chronotope_single` and copied, each dataset
 * to its shard.
 * @param env - the environment `npm run migrate` runs with
 * @param log - where progress goes
 */
export async function buildLayouts(
  events: number,
  options: ForeignServerOptions,
  env: NodeJS.ProcessEnv,
  onCleanup: OnCleanup,
  log: (line: string) => void,
): Promise<FdwLayouts> {
  log('Starting three PostgreSQL 15 servers (coordinator, shard 1, shard 2)…')
  const [coordinator, ...shards] = await startServers(onCleanup)
  await coordinator!.query(`create database ${SINGLE_DATABASE}`)
  log(`Migrating ${SINGLE_DATABASE} on the coordinator (npm run migrate)…`)
  await migrateDatabase(coordinator!.url(SINGLE_DATABASE), env)
  const pool = new pg.Pool({ connectionString: coordinator!.url(SINGLE_DATABASE), max: 2 })
  // A template must have no connections while it is copied.
  const { datasetIds } = await createBenchDatasets(pool).finally(() => pool.end())
  await coordinator!.query(`create database ${FDW_DATABASE} template ${SINGLE_DATABASE}`)
  log(`Seeding ${events.toLocaleString('en')} events into ${SINGLE_DATABASE} with COPY…`)
  const seedPool = new pg.Pool({ connectionString: coordinator!.url(SINGLE_DATABASE), max: 2 })
  try {
    await createEventSeeder(seedPool, datasetIds, { copy: true }).growTo(events)
    // The per-dataset versions the triggers kept, so both databases tell the app the same.
    const { rows } = await seedPool.query<{ dataset_id: number; version: string; event_count: string }>(
      'select dataset_id, version, event_count from event_index_versions',
    )
    await coordinator!.query(
      `insert into event_index_versions (dataset_id, version, event_count)
       select * from unnest($1::int[], $2::bigint[], $3::bigint[])`,
      [rows.map((row) => row.dataset_id), rows.map((row) => row.version), rows.map((row) => row.event_count)],
      FDW_DATABASE,
    )
  } finally {
    await seedPool.end()
  }
  const placement = placeDatasets(datasetIds, shards.length)
  for (const [index, shard] of shards.entries()) {
    log(`Copying datasets ${placement[index]!.join(', ')} to shard ${index + 1}…`)
    await fillShard(shard, coordinator!, placement[index]!)
  }
  log(`Partitioning events of ${FDW_DATABASE} by dataset over postgres_fdw…`)
  await partitionOverShards(coordinator!, shards, placement, options)
  return { coordinator: coordinator!, shards, datasetIds, placement }
}
