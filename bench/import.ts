/**
 * `npm run bench:import [-- --rows N]`: generates a CSV of N rows (default 1,000,000: id, title,
 * ISO time, lat, lon, category, value and three text fields), imports it through the real
 * pipeline into a fresh PostgreSQL database, and prints rows per second end to end (upload to
 * completed) beside a raw bulk load of the same rows, measured in the same run, into a scratch
 * table with the events table's columns and indexes. Uses BENCH_DATABASE_URL, TEST_DATABASE_URL
 * or DATABASE_URL (a server with PostGIS), else the local PostgreSQL.
 * @module
 */
import { spawn } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { once } from 'node:events'

import pg from 'pg'

import { GENERATED_HEADER, generatedRow } from '../apps/web/test/helpers/generate-events-csv'

const TARGET_ROWS_PER_SECOND = 50_000
const TARGET_SHARE_OF_RAW = 0.4
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
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${database}`)
  try {
    const csv = path.join(dir, 'events.csv')
    console.log(`Generating ${rows.toLocaleString('en')} rows…`)
    await writeCsv(csv, rows)
    const sizeMb = (await stat(csv)).size / 1024 / 1024
    console.log(`Importing ${sizeMb.toFixed(0)} MB through the pipeline on ${new URL(serverUrl).host}…`)
    // BENCH_NODE_FLAGS passes flags to the measured process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
    const flags = process.env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? []
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
    const result = JSON.parse(line) as {
      status: string
      failureReason: string | null
      counts: Record<string, number>
      uploadSeconds: number
      totalSeconds: number
      pipelineRate: number
      unnestRate: number
      copyRate: number
      stageSeconds: Record<string, number>
      peakRssMb: number
    }
    const raw = Math.max(result.unnestRate, result.copyRate)
    const mark = (ok: boolean) => (ok ? 'ok' : 'BELOW TARGET')
    const fmt = (n: number) => Math.round(n).toLocaleString('en')
    console.log(
      `\nImport benchmark: ${fmt(rows)} rows, ${sizeMb.toFixed(0)} MB CSV, status ${result.status}${result.failureReason ? ` (${result.failureReason})` : ''}`,
    )
    console.table({
      'raw bulk load, COPY (rows/s)': { value: fmt(result.copyRate), target: '' },
      'raw bulk load, INSERT … unnest (rows/s)': { value: fmt(result.unnestRate), target: '' },
      'pipeline end to end (rows/s)': {
        value: fmt(result.pipelineRate),
        target: `≥ ${fmt(TARGET_ROWS_PER_SECOND)}: ${mark(result.pipelineRate >= TARGET_ROWS_PER_SECOND)}`,
      },
      'pipeline / faster raw load': {
        value: (result.pipelineRate / raw).toFixed(2),
        target: `≥ ${TARGET_SHARE_OF_RAW}: ${mark(result.pipelineRate / raw >= TARGET_SHARE_OF_RAW)}`,
      },
      'peak RSS of the pipeline process (MB)': {
        value: fmt(result.peakRssMb),
        target: `≤ ${TARGET_PEAK_RSS_MB}: ${mark(result.peakRssMb <= TARGET_PEAK_RSS_MB)}`,
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
    console.log(`Counts: ${JSON.stringify(result.counts)}`)
  } finally {
    await admin.query(`drop database if exists ${database} with (force)`)
    await admin.end()
    await rm(dir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
