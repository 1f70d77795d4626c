import { setTimeout as sleep } from 'node:timers/promises'

import type { Pool } from 'pg'
import { describe, expect, it } from 'vitest'

import { EXPORT_BATCH_SIZE, exportEvents } from './export-events'
import type { ExportRow } from './export-rows'

const state = { catalogs: [], datasets: [], fields: {} }

function rowsFrom(firstId: number, count: number): ExportRow[] {
  return Array.from({ length: count }, (_, index) => [
    String(firstId + index),
    '1',
    'Event',
    null,
    null,
    null,
    'day',
    '2.35',
    '48.85',
    'Paris',
    '{}',
  ])
}

/**
 * A pool that answers batch reads from `answers` in turn (a promise: when it settles), recording
 * the id each read starts after, and every other statement with its values.
 */
function fakePool(answers: Array<ExportRow[] | Error | Promise<ExportRow[]>>): {
  pool: Pool
  afterIds: unknown[]
  statements: Array<[string, unknown]>
} {
  const afterIds: unknown[] = []
  const statements: Array<[string, unknown]> = []
  let backend = 100
  const batch = (config: { values: unknown[] }) => {
    afterIds.push(config.values.at(-2))
    const answer = answers.shift()
    if (answer instanceof Promise) return answer.then((rows) => ({ rows }))
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve({ rows: answer ?? [] })
  }
  const pool = {
    connect: () => Promise.resolve({ processID: ++backend, query: batch, release: () => undefined }),
    query: (text: string, values: unknown) => {
      statements.push([text, values])
      return Promise.resolve({ rows: [] })
    },
  }
  return { pool: pool as unknown as Pool, afterIds, statements }
}

describe('exportEvents', () => {
  it('reads the next batch after the last id while the current one is written', async () => {
    const { pool, afterIds } = fakePool([rowsFrom(1, EXPORT_BATCH_SIZE), rowsFrom(EXPORT_BATCH_SIZE + 1, 3)])
    const { features } = JSON.parse(await new Response(exportEvents(pool, state, 'all', 'geojson')).text()) as {
      features: Array<{ id: number }>
    }
    expect(features.map((feature) => feature.id)).toEqual(
      Array.from({ length: EXPORT_BATCH_SIZE + 3 }, (_, index) => index + 1),
    )
    expect(afterIds).toEqual([0, EXPORT_BATCH_SIZE])
  })

  it('fails the stream, not the process, when a batch read ahead fails before anyone waits for it', async () => {
    const { pool } = fakePool([rowsFrom(1, EXPORT_BATCH_SIZE), new Error('connection lost')])
    const reader = exportEvents(pool, state, 'all', 'geojson').getReader()
    await reader.read()
    // The read ahead has failed by now, and nothing has asked for its batch yet.
    await sleep(20)
    await expect(async () => {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read());
    }).rejects.toThrow('connection lost')
  })

  it('cancels the batch being read when the stream is cancelled, and reads no more', async () => {
    let finishRead: (rows: ExportRow[]) => void = () => undefined
    const slowRead = new Promise<ExportRow[]>((resolve) => (finishRead = resolve))
    const { pool, afterIds, statements } = fakePool([rowsFrom(1, EXPORT_BATCH_SIZE), slowRead])
    const reader = exportEvents(pool, state, 'all', 'csv', true).getReader()
    await reader.read()
    await sleep(20)
    // The second batch (backend 102) is being read ahead when the client goes away.
    const cancelled = reader.cancel(new Error('the client went away'))
    await sleep(20)
    expect(statements.filter(([text]) => text.includes('pg_cancel_backend'))).toEqual([
      [expect.stringContaining('pg_cancel_backend'), [[102]]],
    ])
    finishRead(rowsFrom(EXPORT_BATCH_SIZE + 1, EXPORT_BATCH_SIZE))
    await cancelled
    await sleep(20)
    expect(afterIds).toEqual([0, EXPORT_BATCH_SIZE])
  })

  it('cancels nothing in the embedded database, which cannot, but still reads no more', async () => {
    const { pool, afterIds, statements } = fakePool([rowsFrom(1, EXPORT_BATCH_SIZE), rowsFrom(2001, EXPORT_BATCH_SIZE)])
    const reader = exportEvents(pool, state, 'all', 'csv').getReader()
    await reader.read()
    await reader.cancel()
    await sleep(20)
    expect(statements.filter(([text]) => text.includes('pg_cancel_backend'))).toEqual([])
    expect(afterIds).toEqual([0, EXPORT_BATCH_SIZE])
  })
})
