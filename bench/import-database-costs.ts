/**
 * Where the database's share of an import goes, for `npm run bench:import`. The rows an import
 * wrote are copied out once, then copied back with COPY into scratch tables that gain the events
 * table's parts one at a time (keys, b-tree indexes, the map index, the search index, foreign
 * keys, triggers), each step timed with the WAL it wrote. The step with every index is the raw
 * COPY the pipeline is compared with: the same rows into the same indexed table, in one COPY.
 * From there on the steps write in the pipeline's batches, one transaction each, as the import
 * does, so the foreign keys' and triggers' share is what the import pays; the last two write as
 * the import does when its role may, with the references checked once a batch, one batch at a
 * time and then two at once on two connections, committing in order.
 * @module
 */
import { createReadStream, createWriteStream } from 'node:fs'
import { rm, stat } from 'node:fs/promises'
import { performance } from 'node:perf_hooks'
import { createInterface } from 'node:readline'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import type { Pool, PoolClient } from 'pg'
import { from as copyFrom, to as copyTo } from 'pg-copy-streams'

import { OrderedWrites } from '@chronotope/import-stages'

import { BATCH_SIZES, CONCURRENT_EVENT_BATCHES } from '../apps/web/src/constants/batch-sizes'
import { insertWithOneReferenceCheck, type BatchReferences } from '../apps/web/src/lib/events/batch-references'
import { EVENT_COLUMNS } from '../apps/web/src/lib/events/bulk-insert-events'

/** One step of the breakdown: a table with some of the events table's parts, and its COPY. */
export interface DatabaseCostStep {
  /** What the step's table has, e.g. "+ search index (GIN)". */
  readonly name: string
  readonly seconds: number
  readonly rowsPerSecond: number
  /** WAL the COPY wrote, in bytes. */
  readonly walBytes: number
}

/** The breakdown, and which step is the raw COPY into the same indexed table. */
export interface DatabaseCosts {
  readonly rows: number
  /** Size of the rows in COPY text, in bytes. */
  readonly copyBytes: number
  readonly steps: readonly DatabaseCostStep[]
  /** The step with every index but no foreign key or trigger: the baseline of the ratio. */
  readonly indexedTable: DatabaseCostStep
}

interface TablePart {
  readonly group: 'keys' | 'btree' | 'gist' | 'gin' | 'foreign keys' | 'triggers'
  /** The statement for table `$TABLE`. */
  readonly sql: string
}

const TABLE = 'bench_events_costs'

/** The events table's indexes, foreign keys and triggers, as statements for the scratch table. */
async function eventTableParts(pool: Pool): Promise<TablePart[]> {
  const parts: TablePart[] = []
  const { rows: indexes } = await pool.query<{ indexdef: string }>(
    `select indexdef from pg_indexes where schemaname = 'public' and tablename = 'events' order by indexname`,
  )
  for (const { indexdef } of indexes) {
    // Unnamed, so the scratch table's indexes never clash with the events table's names.
    const sql = indexdef.replace(/^CREATE (UNIQUE )?INDEX \S+ ON public\.events /, (_, unique: string | undefined) => {
      return `CREATE ${unique ?? ''}INDEX ON public.${TABLE} `
    })
    if (sql === indexdef) throw new Error(`Cannot read the index definition "${indexdef}"`)
    const group = indexdef.startsWith('CREATE UNIQUE')
      ? 'keys'
      : / USING gist /.test(indexdef)
        ? 'gist'
        : / USING gin /.test(indexdef)
          ? 'gin'
          : 'btree'
    parts.push({ group, sql })
  }
  const { rows: foreignKeys } = await pool.query<{ definition: string }>(
    `select pg_get_constraintdef(oid) as definition from pg_constraint
     where conrelid = 'public.events'::regclass and contype = 'f' order by conname`,
  )
  for (const { definition } of foreignKeys)
    parts.push({ group: 'foreign keys', sql: `ALTER TABLE public.${TABLE} ADD ${definition}` })
  const { rows: triggers } = await pool.query<{ definition: string }>(
    `select pg_get_triggerdef(oid) as definition from pg_trigger
     where tgrelid = 'public.events'::regclass and not tgisinternal order by tgname`,
  )
  for (const { definition } of triggers)
    parts.push({ group: 'triggers', sql: definition.replace(' ON public.events ', ` ON public.${TABLE} `) })
  return parts
}

const STEP_NAMES: ReadonlyArray<readonly [TablePart['group'] | 'rows', string]> = [
  ['rows', 'rows only (columns, defaults, not-null)'],
  ['keys', '+ unique keys'],
  ['btree', '+ other b-tree indexes'],
  ['gist', '+ map index (GiST)'],
  ['gin', '+ search index (GIN, accent-folded words)'],
  ['foreign keys', '+ foreign keys'],
  ['triggers', '+ triggers (dataset version and count)'],
]

async function walPosition(client: PoolClient): Promise<string> {
  const { rows } = await client.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn')
  return rows[0]!.lsn
}

async function walSince(client: PoolClient, since: string): Promise<number> {
  const { rows } = await client.query<{ bytes: string }>(
    'select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), $1::pg_lsn)::bigint as bytes',
    [since],
  )
  return Number(rows[0]!.bytes)
}

async function* batchesOfLines(file: string, size: number): AsyncGenerator<{ text: string; lines: number }> {
  let batch: string[] = []
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    batch.push(line)
    if (batch.length === size) {
      yield { text: `${batch.join('\n')}\n`, lines: batch.length }
      batch = []
    }
  }
  if (batch.length > 0) yield { text: `${batch.join('\n')}\n`, lines: batch.length }
}

async function timedCopy(
  pool: Pool,
  name: string,
  rows: number,
  copy: (client: PoolClient) => Promise<void>,
): Promise<DatabaseCostStep> {
  const client = await pool.connect()
  try {
    // Each step starts from a checkpoint, so each pays the same full-page writes.
    await client.query('checkpoint').catch(() => undefined)
    const before = await walPosition(client)
    const started = performance.now()
    await copy(client)
    const seconds = (performance.now() - started) / 1000
    return { name, seconds, rowsPerSecond: rows / seconds, walBytes: await walSince(client, before) }
  } finally {
    client.release()
  }
}

/**
 * Measures the breakdown with the rows of `datasetId` (written by the import just measured).
 * @param exportFile - where the rows are kept in COPY text between steps (removed at the end)
 */
export async function measureDatabaseCosts(pool: Pool, datasetId: number, exportFile: string): Promise<DatabaseCosts> {
  const columns = EVENT_COLUMNS.replace(/\s+/g, ' ').trim()
  const reader = await pool.connect()
  try {
    await pipeline(
      reader.query(
        copyTo(`copy (select ${columns} from events where dataset_id = ${Number(datasetId)} order by id) to stdout`),
      ),
      createWriteStream(exportFile),
    )
  } finally {
    reader.release()
  }
  const { rows: counted } = await pool.query<{ rows: string }>(
    'select count(*) as rows from events where dataset_id = $1',
    [datasetId],
  )
  const rows = Number(counted[0]!.rows)
  const { size: copyBytes } = await stat(exportFile)
  const parts = await eventTableParts(pool)
  const steps: DatabaseCostStep[] = []
  const applied: string[] = []
  const createTable = async () => {
    await pool.query(`drop table if exists ${TABLE}`)
    await pool.query(`create table ${TABLE} (like events including defaults)`)
    for (const sql of applied) await pool.query(sql)
  }
  try {
    const copyAll = async (client: PoolClient) => {
      await pipeline(createReadStream(exportFile), client.query(copyFrom(`copy ${TABLE} (${columns}) from stdin`)))
    }
    // The import's pick of a batch's references, all alike: its dataset and import job.
    const { rows: referenced } = await pool.query<BatchReferences>(
      `select dataset_id as "datasetId", import_job_id as "importJobId" from events where dataset_id = $1 limit 1`,
      [datasetId],
    )
    // As the import writes: one transaction a batch, with the commit not waiting for the flush;
    // when its role may, the references checked once a batch with the per-row triggers off; and
    // `writesAtOnce` batches at a time, each on its own connection, committing in order.
    const copyInBatches =
      (referencesCheckedOnce: boolean, writesAtOnce = 1) =>
      async (client: PoolClient) => {
        const clients = [client, ...(await Promise.all(Array.from({ length: writesAtOnce - 1 }, () => pool.connect())))]
        const writes = new OrderedWrites(writesAtOnce)
        let turn = 0
        try {
          for await (const batch of batchesOfLines(exportFile, BATCH_SIZES.EVENT_CREATION)) {
            await writes.ready()
            // The connection of the batch `writesAtOnce` before this one, which has ended.
            const own = clients[turn++ % clients.length]!
            await writes.start(async (earlier) => {
              await own.query('begin')
              await own.query('set local synchronous_commit = off')
              const copy = () =>
                pipeline(Readable.from([batch.text]), own.query(copyFrom(`copy ${TABLE} (${columns}) from stdin`)))
              if (!referencesCheckedOnce) await copy()
              else if (!(await insertWithOneReferenceCheck(own, referenced[0]!, batch.lines, copy, () => earlier)))
                throw new Error('The benchmark role may not set session_replication_role')
              await earlier
              await own.query('commit')
            })
          }
          await writes.finish()
        } catch (error) {
          await writes.settle()
          throw error
        } finally {
          for (const extra of clients.slice(1)) extra.release()
        }
      }
    const batches = `in batches of ${BATCH_SIZES.EVENT_CREATION.toLocaleString('en')}`
    for (const [group, name] of STEP_NAMES) {
      const added = parts.filter((part) => part.group === group)
      if (group !== 'rows' && added.length === 0) continue
      applied.push(...added.map((part) => part.sql))
      const label = group === 'rows' || added.length === 1 ? name : `${name} (${added.length})`
      // Up to the indexed table, one COPY: the raw load the pipeline is compared with. From there on,
      // batches as the import writes them, so foreign keys and triggers cost what they cost it.
      if (group !== 'foreign keys' && group !== 'triggers') {
        await createTable()
        steps.push(await timedCopy(pool, label, rows, copyAll))
      }
      if (group === 'gin' || group === 'foreign keys' || group === 'triggers') {
        await createTable()
        steps.push(
          await timedCopy(
            pool,
            group === 'gin' ? `indexed table, ${batches}` : `${label}, ${batches}`,
            rows,
            copyInBatches(false),
          ),
        )
      }
      if (group === 'triggers') {
        await createTable()
        steps.push(
          await timedCopy(pool, `+ both, ${batches}, references checked once a batch`, rows, copyInBatches(true)),
        )
        await createTable()
        steps.push(
          await timedCopy(
            pool,
            `+ both, ${CONCURRENT_EVENT_BATCHES} batches at once (the import's way)`,
            rows,
            copyInBatches(true, CONCURRENT_EVENT_BATCHES),
          ),
        )
      }
    }
  } finally {
    await pool.query(`drop table if exists ${TABLE}`)
    await rm(exportFile, { force: true })
  }
  const indexedTable = steps.find((step) => step.name.startsWith('+ search index')) ?? steps.at(-1)!
  return { rows, copyBytes, steps, indexedTable }
}
