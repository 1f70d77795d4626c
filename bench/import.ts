/**
 * `npm run bench:import [-- --rows N]`: generates a CSV of N rows (default 1,000,000: id, title,
 * ISO time, lat, lon, category, value and three text fields), imports it through the real
 * pipeline into a fresh PostgreSQL database, and prints rows per second end to end (upload to
 * completed) beside a raw COPY of the very rows the import wrote into a table with the events
 * table's columns and indexes, measured in the same run. It then prints where event creation
 * spent its time, and the database's share step by step: the rows alone, then keys, indexes,
 * foreign keys and triggers, each with the WAL it wrote. Uses BENCH_DATABASE_URL,
 * TEST_DATABASE_URL or DATABASE_URL (a server with PostGIS), else the local PostgreSQL.
 * @module
 */
import { spawn } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { once } from 'node:events'

import pg from 'pg'

import { CREATE_EVENTS_PARTS } from '../packages/import-stages/src/work-timings'
import { workerNodeOptions } from '../apps/web/src/lib/runtime/worker-heap'
import { GENERATED_HEADER, generatedRow } from '../apps/web/test/helpers/generate-events-csv'
import type { DatabaseCosts } from './import-database-costs'
import { describeLoadAverage } from './machine-load'

const TARGET_ROWS_PER_SECOND = 50_000
const TARGET_SHARE_OF_RAW = 0.8
const TARGET_PEAK_RSS_MB = 1024

function rowsArgument(): number {
  const index = process.argv.indexOf('--rows')
  const raw = index >= 0 ? process.argv[index + 1] : '1000000'
  const rows = Number(raw)
  if (!Number.isInteger(rows) || rows < 1) throw new Error(`--rows must be a positive integer; got "${raw}"`)
  return rows
}

async function writeCsv(file: string, rows: number): Promise<void> {
  const out = createWriteStream(file)
  let chunk = `${GENERATED_HEADER}\n`
  for (let index = 0; index < rows; index++) {
    chunk += `${generatedRow(index)}\n`
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain')
      chunk = ''
    }
  }
  out.end(chunk)
  await once(out, 'finish')
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

async function main(): Promise<void> {
  const rows = rowsArgument()
  const serverUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    process.env.DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres'
  const database = `chronotope_bench_${process.pid}_${Date.now()}`
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chronotope-bench-'))
  const loadBefore = describeLoadAverage()
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${database}`)
  try {
    const csv = path.join(dir, 'events.csv')
    console.log(`Generating ${rows.toLocaleString('en')} rows…`)
    await writeCsv(csv, rows)
    const sizeMb = (await stat(csv)).size / 1024 / 1024
    console.log(`Importing ${sizeMb.toFixed(0)} MB through the pipeline on ${new URL(serverUrl).host}…`)
    // The measured process stands in for a worker, so it gets a worker's Node options; BENCH_NODE_FLAGS
    // adds more, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
    const flags = [...workerNodeOptions(), ...(process.env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [])]
    const child = spawn(
      process.execPath,
      [...flags, '--import', 'tsx', path.join(import.meta.dirname, 'import-run.ts'), csv, String(rows)],
      {
        cwd: path.resolve(import.meta.dirname, '../apps/web'),
        env: {
          ...process.env,
          DATABASE_URL: withDatabase(serverUrl, database),
          CHRONOTOPE_DATABASE_KIND: 'external',
          CHRONOTOPE_DATA_DIR: dir,
          CHRONOTOPE_UPLOAD_MAX_MB: '8192',
          CHRONOTOPE_RUN_JOBS_IN_WEB: 'false',
          PAYLOAD_SECRET: 'chronotope-benchmark',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    const [code] = (await once(child, 'exit')) as [number | null]
    const line = output.trim().split('\n').at(-1) ?? ''
    if (code !== 0 || !line.startsWith('{')) throw new Error(`The benchmark run failed (exit ${code}):\n${output}`)
    const result = JSON.parse(line) as ImportRunResult
    printReport(rows, sizeMb, loadBefore, result)
  } finally {
    await admin.query(`drop database if exists ${database} with (force)`)
    await admin.end()
    await rm(dir, { recursive: true, force: true })
  }
}

/** What `import-run.ts` prints as its last line. */
interface ImportRunResult {
  status: string
  failureReason: string | null
  counts: Record<string, number>
  uploadSeconds: number
  totalSeconds: number
  pipelineRate: number
  copyRate: number
  stageSeconds: Record<string, number>
  timings: Record<string, number>
  databaseCosts: DatabaseCosts
  /** Whether the import's role could check a batch's references once rather than per row. */
  referencesCheckedOnceABatch: boolean
  peakRssMb: number
}

const fmt = (n: number) => Math.round(n).toLocaleString('en')
const mark = (ok: boolean) => (ok ? 'ok' : 'BELOW TARGET')

function printReport(rows: number, sizeMb: number, loadBefore: string, result: ImportRunResult): void {
  const costs = result.databaseCosts
  const raw = costs.indexedTable.rowsPerSecond
  const share = result.pipelineRate / raw
  console.log(
    `\nImport benchmark: ${fmt(rows)} rows, ${sizeMb.toFixed(0)} MB CSV, status ${result.status}${result.failureReason ? ` (${result.failureReason})` : ''}`,
  )
  console.log(`${os.cpus().length} cores; load average ${loadBefore} before, ${describeLoadAverage()} after`)
  console.table({
    'raw COPY of the same rows into the same indexed table (rows/s)': { value: fmt(raw), target: '' },
    'pipeline end to end (rows/s)': {
      value: fmt(result.pipelineRate),
      target: `≥ ${fmt(TARGET_ROWS_PER_SECOND)}: ${mark(result.pipelineRate >= TARGET_ROWS_PER_SECOND)}`,
    },
    'pipeline / raw COPY of the same rows': {
      value: share.toFixed(2),
      target: `≥ ${TARGET_SHARE_OF_RAW}: ${mark(share >= TARGET_SHARE_OF_RAW)}`,
    },
    'raw COPY of 10 generated columns, earlier runs’ baseline (rows/s)': { value: fmt(result.copyRate), target: '' },
    'pipeline / that baseline': { value: (result.pipelineRate / result.copyRate).toFixed(2), target: '' },
    'peak RSS of the pipeline process (MB)': {
      value: fmt(result.peakRssMb),
      target: `≤ ${TARGET_PEAK_RSS_MB}: ${mark(result.peakRssMb <= TARGET_PEAK_RSS_MB)}`,
    },
    'references checked': {
      value: result.referencesCheckedOnceABatch ? 'once a batch' : 'per row',
      target: result.referencesCheckedOnceABatch ? '' : 'the role may not set session_replication_role',
    },
    'upload (s)': { value: result.uploadSeconds.toFixed(1), target: '' },
    'upload to completed (s)': { value: result.totalSeconds.toFixed(1), target: '' },
    ...Object.fromEntries(
      Object.entries(result.stageSeconds).map(([stage, s]) => [
        `  stage ${stage} (s)`,
        { value: s.toFixed(1), target: '' },
      ]),
    ),
  })
  const createEvents = result.stageSeconds['create-events'] ?? 0
  console.log(
    `\nWhere create-events spent its ${createEvents.toFixed(1)} s (the database writes one batch while the next is read and built, so parts overlap):`,
  )
  console.table(
    Object.fromEntries(
      CREATE_EVENTS_PARTS.filter((part) => result.timings[part] !== undefined).map((part) => {
        const seconds = result.timings[part]! / 1000
        return [
          part,
          { seconds: seconds.toFixed(1), 'share of the stage': `${((100 * seconds) / createEvents).toFixed(0)} %` },
        ]
      }),
    ),
  )
  console.log(
    `\nThe database's share: the ${fmt(costs.rows)} imported rows (${(costs.copyBytes / 1024 / 1024).toFixed(0)} MB of COPY text) copied into tables with more and more of the events table's parts:`,
  )
  // Each step adds to the one before of the same kind (one COPY, or batches).
  const previousOf = new Map<boolean, number>()
  console.table(
    Object.fromEntries(
      costs.steps.map((step) => {
        const batched = step.name.includes('in batches')
        const previous = previousOf.get(batched)
        previousOf.set(batched, step.seconds)
        return [
          step.name,
          {
            seconds: step.seconds.toFixed(1),
            'rows/s': fmt(step.rowsPerSecond),
            'added (s)': previous === undefined ? '' : (step.seconds - previous).toFixed(1),
            'WAL (MB)': (step.walBytes / 1024 / 1024).toFixed(0),
          },
        ]
      }),
    ),
  )
  console.log(`Counts: ${JSON.stringify(result.counts)}`)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
