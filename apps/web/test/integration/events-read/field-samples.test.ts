import { beforeAll, describe, expect, it } from 'vitest'

import { insertEventsBulk } from '../../../src/lib/events/bulk-insert-events'
import { FILTER_SAMPLE_SIZE, sampleDatasetFields } from '../../../src/lib/events-read/field-samples'
import { databasePool } from '../../../src/lib/import/progress-tracking'
import { testPayload } from '../../helpers/api-client'
import { eventRow } from '../../helpers/event-rows'
import { createPublicDataset, createReadFixture } from '../../helpers/read-fixture'

const EVENTS = FILTER_SAMPLE_SIZE + 500
const uniqueIdOf = (index: number) => `sample-${String(index).padStart(5, '0')}`

let datasetId: number

// Written from the highest unique id down, in batches: the events stored first are the last in
// unique-id order. Only the 500 events of the lowest unique ids have the field "late".
beforeAll(async () => {
  const { catalogId } = await createReadFixture(`Field samples ${Date.now()}`, 1, 1)
  datasetId = await createPublicDataset(catalogId, 'Sampled')
  const pool = databasePool(await testPayload())
  const rows = Array.from({ length: EVENTS }, (_, k) => {
    const index = EVENTS - 1 - k
    return eventRow(datasetId, uniqueIdOf(index), {
      data: index < 500 ? { kind: 'early', late: 'yes' } : { kind: index % 2 === 0 ? 'even' : 'odd' },
    })
  })
  for (let start = 0; start < rows.length; start += 500) await insertEventsBulk(pool, rows.slice(start, start + 500))
})

describe('a dataset sample for the field filters', () => {
  it('takes the events of the lowest unique ids, whatever order they were stored in', async () => {
    const pool = databasePool(await testPayload())
    const sample = await sampleDatasetFields(pool, datasetId)
    const { rows } = await pool.query<{ kind: string; n: number }>(
      `select data->>'kind' as kind, count(*)::int as n
         from (select data from events where dataset_id = $1 order by unique_id limit $2) s
         group by 1 order by 1`,
      [datasetId, FILTER_SAMPLE_SIZE],
    )
    expect(rows).toEqual([
      { kind: 'early', n: 500 },
      { kind: 'even', n: 750 },
      { kind: 'odd', n: 750 },
    ])
    expect(sample.get('late')).toEqual({ strings: 500, numbers: 0, values: new Set(['yes']) })
    expect(sample.get('kind')).toEqual({
      strings: FILTER_SAMPLE_SIZE,
      numbers: 0,
      values: new Set(['early', 'even', 'odd']),
    })
  })

  it('is the same sample every time', async () => {
    const pool = databasePool(await testPayload())
    const first = await sampleDatasetFields(pool, datasetId)
    for (let run = 0; run < 3; run++) expect(await sampleDatasetFields(pool, datasetId)).toEqual(first)
  })
})
