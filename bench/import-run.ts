/**
 * The measuring half of `npm run bench:import`, run in a process of its own with DATABASE_URL set
 * to a fresh database: migrates it, measures a raw COPY of ten of the rows' columns into a scratch
 * copy of the events table (the baseline of earlier runs), imports the CSV through the real
 * pipeline (upload route, every stage job), then breaks the database's share down by copying the
 * imported rows back into tables with more and more of the events table's parts, and prints the
 * figures as one JSON line.
 * @module
 */
import { openAsBlob } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { pipeline } from 'node:stream/promises'
import { Readable } from 'node:stream'

import { REST_POST } from '@payloadcms/next/routes'
import type { Payload } from 'payload'
import { formatPostgresTimestamp } from '@chronotope/dates'
import type { Pool } from 'pg'
import { from as copyFrom } from 'pg-copy-streams'

import config from '../apps/web/src/payload.config'
import type { EventRow } from '../apps/web/src/lib/events/bulk-insert-events'
import { drainImportQueue } from '../apps/web/src/lib/import/import-job-runner'
import { loadPayload } from '../apps/web/src/lib/runtime/load-payload'
import { migrations } from '../apps/web/src/migrations'
import { generatedRow } from '../apps/web/test/helpers/generate-events-csv'
import { mayTurnOffRowTriggers } from '../apps/web/src/lib/events/batch-references'
import { measureDatabaseCosts } from './import-database-costs'

const csvPath = process.argv[2]!
const rows = Number(process.argv[3])

function eventRow(index: number, datasetId: number): EventRow {
  const [id, title, time, lat, lon, category, value, notes, source, tags] = splitGenerated(generatedRow(index)) as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ]
  return {
    datasetId,
    uniqueId: `id:${id}`,
    title,
    description: null,
    eventTime: new Date(time),
    eventEndTime: null,
    timePrecision: 'second',
    longitude: Number(lon),
    latitude: Number(lat),
    locationName: null,
    coordinateSource: 'source-columns',
    coordinatePrecision: null,
    coordinateConfidence: null,
    coordinateSourceColumns: ['lat', 'lon'],
    coordinateProvider: null,
    data: {
      id: Number(id),
      title,
      time,
      lat: Number(lat),
      lon: Number(lon),
      category,
      value: Number(value),
      notes,
      source,
      tags,
    },
    contentHash: null,
    importJobId: null,
    sourceRow: index + 1,
  }
}

function splitGenerated(line: string): string[] {
  const quoted = /"([^"]*)"/.exec(line)
  const cells = line.replace(/"[^"]*"/, '\u0000').split(',')
  return cells.map((cell) => (cell === '\u0000' ? quoted![1]! : cell))
}

const COLUMNS =
  'dataset_id, unique_id, title, event_time, time_precision, location, coordinates_source, coordinates_source_columns, data, source_row'

function copyLine(row: EventRow): string {
  const escape = (value: string) => value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n')
  return [
    row.datasetId,
    escape(row.uniqueId),
    escape(row.title ?? ''),
    formatPostgresTimestamp(row.eventTime!),
    row.timePrecision,
    `SRID=4326;POINT(${row.longitude} ${row.latitude})`,
    row.coordinateSource,
    escape(JSON.stringify(row.coordinateSourceColumns)),
    escape(JSON.stringify(row.data)),
    row.sourceRow,
  ].join('\t')
}

async function rawCopy(pool: Pool, datasetId: number): Promise<number> {
  await pool.query('truncate bench_events')
  const client = await pool.connect()
  const started = performance.now()
  try {
    const sink = client.query(copyFrom(`copy bench_events (${COLUMNS}) from stdin`))
    await pipeline(
      Readable.from(
        (function* () {
          let chunk = ''
          for (let index = 0; index < rows; index++) {
            chunk += `${copyLine(eventRow(index, datasetId))}\n`
            if (chunk.length > 1 << 16) {
              yield chunk
              chunk = ''
            }
          }
          if (chunk) yield chunk
        })(),
      ),
      sink,
    )
  } finally {
    client.release()
  }
  return rows / ((performance.now() - started) / 1000)
}

async function upload(payload: Payload, token: string, catalogId: number): Promise<number> {
  const form = new FormData()
  form.append('catalog', String(catalogId))
  form.append('datasetName', 'Benchmark')
  form.append('file', await openAsBlob(csvPath), 'benchmark.csv')
  const request = new Request('http://localhost/api/import/upload', {
    method: 'POST',
    headers: { authorization: `JWT ${token}` },
    body: form,
  })
  const handler = REST_POST(config) as (
    request: Request,
    context: { params: Promise<{ slug: string[] }> },
  ) => Promise<Response>
  const response = await handler(request, { params: Promise.resolve({ slug: ['import', 'upload'] }) })
  const body = (await response.json()) as { job?: { importId: number }; error?: string }
  if (response.status !== 202 || !body.job) throw new Error(`Upload failed (${response.status}): ${body.error}`)
  void payload
  return body.job.importId
}

async function main(): Promise<void> {
  const payload = await loadPayload()
  await payload.db.migrate({ migrations: migrations as never })
  const pool = (payload.db as unknown as { pool: Pool }).pool
  const user = await payload.create({
    collection: 'users',
    data: { email: 'bench@chronotope.local', password: 'bench-password', role: 'user', name: 'Bench' },
  })
  const catalog = await payload.create({ collection: 'catalogs', data: { name: 'Benchmark', owner: user.id } })
  const scratch = await payload.create({
    collection: 'datasets',
    data: { name: 'Scratch', catalog: catalog.id, owner: user.id },
  })
  await pool.query('create table bench_events (like events including all)')
  const copyRate = await rawCopy(pool, Number(scratch.id))
  await pool.query('drop table bench_events')

  const { token } = await payload.login({
    collection: 'users',
    data: { email: 'bench@chronotope.local', password: 'bench-password' },
  })
  const started = performance.now()
  const importId = await upload(payload, token!, Number(catalog.id))
  const uploadedMs = performance.now() - started
  await drainImportQueue(payload, true)
  const totalMs = performance.now() - started
  const { docs } = await payload.find({
    collection: 'import-jobs',
    where: { importFile: { equals: importId } },
    depth: 0,
  })
  const job = docs[0] as unknown as {
    status: string
    failureReason?: string
    dataset: number
    counts: Record<string, number>
    progress?: { timings?: Record<string, number> }
    stageHistory: Array<{ stage: string; at: string }>
  }
  // Before the breakdown below, which holds nothing of the import's.
  const peakRssMb = process.resourceUsage().maxRSS / 1024
  const databaseCosts = await measureDatabaseCosts(pool, Number(job.dataset), `${csvPath}.copy`)
  const client = await pool.connect()
  const referencesCheckedOnceABatch = await mayTurnOffRowTriggers(client).finally(() => client.release())
  const history = job.stageHistory.map((entry) => ({ stage: entry.stage, at: Date.parse(entry.at) }))
  const stageSeconds = Object.fromEntries(
    history.slice(0, -1).map((entry, index) => [entry.stage, (history[index + 1]!.at - entry.at) / 1000]),
  )
  console.log(
    JSON.stringify({
      rows,
      status: job.status,
      failureReason: job.failureReason ?? null,
      counts: job.counts,
      uploadSeconds: uploadedMs / 1000,
      totalSeconds: totalMs / 1000,
      pipelineRate: rows / (totalMs / 1000),
      copyRate,
      stageSeconds,
      timings: job.progress?.timings ?? {},
      databaseCosts,
      referencesCheckedOnceABatch,
      peakRssMb,
    }),
  )
  process.exit(0)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
