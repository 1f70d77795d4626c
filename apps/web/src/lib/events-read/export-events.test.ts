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

/** A pool that answers batch reads from `answers` in turn, recording the id each read starts after. */
function fakePool(answers: Array<ExportRow[] | Error>): { pool: Pool; afterIds: unknown[] } {
  const afterIds: unknown[] = []
  const pool = {
    query: (config: { values: unknown[] }) => {
      afterIds.push(config.values.at(-2))
      const answer = answers.shift()
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve({ rows: answer ?? [] })
    },
  }
  return { pool: pool as unknown as Pool, afterIds }
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
})
