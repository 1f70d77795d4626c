import { splitCsv } from '@chronotope/test-fixtures'
import { beforeAll, describe, expect, it } from 'vitest'

import { databasePool } from '../../../src/lib/import/progress-tracking'
import { ApiClient, testPayload } from '../../helpers/api-client'
import { createCatalog } from '../../helpers/demo-users'
import {
  BAD_COORDINATES_ROW,
  BAD_DATES,
  BAD_DATES_FILE_ROWS,
  campaignWithBadCoordinates,
  campaignWithBadDates,
} from '../../helpers/fixture-variants'
import { importFile } from '../../helpers/imports'

// A date column with some values that are not dates stays the date column, through the real
// upload pipeline: the bad values become row errors naming their own field, the rest import
// with their times, and every row is counted once.

/** The row errors of an import as `errors.csv` lists them. */
async function rowErrors(client: ApiClient, importId: number) {
  const { status, text } = await client.getText(`/import/${importId}/errors.csv`)
  expect(status).toBe(200)
  const [header, ...records] = splitCsv(text.replace(/^\uFEFF/, ''))
  expect(header).toEqual(['sheet', 'row', 'column', 'value', 'code', 'message'])
  return records.map(([, row, column, value, code, message]) => ({ row: Number(row), column, value, code, message }))
}

let user: ApiClient
let catalogId: number

beforeAll(async () => {
  user = await ApiClient.as('user')
  catalogId = await createCatalog('Dates with bad values')
})

describe('a date column with a tenth of values that are not dates', () => {
  it('imports the rest with their times and reports each bad value as an invalid-date row error', async () => {
    const progress = await importFile(
      user,
      { name: 'campaign-bad-dates.csv', bytes: campaignWithBadDates() },
      { catalog: catalogId, datasetName: 'Bad dates' },
    )
    expect(progress.status).toBe('completed')
    const [job] = progress.jobs
    expect(job.counts).toMatchObject({
      rowsRead: BAD_DATES_FILE_ROWS,
      eventsCreated: BAD_DATES_FILE_ROWS - BAD_DATES.length,
      duplicatesSkipped: 0,
      rowErrors: BAD_DATES.length,
      isBalanced: true,
    })
    const warning = job.schema.warnings.find((entry: { field?: string }) => entry.field === 'date')
    expect(warning.message).toContain('5 of 50 values (10%) in "date" are not dates')

    const { rows } = await databasePool(await testPayload()).query<{ source_row: number; event_time: Date | null }>(
      'select source_row::int as source_row, event_time from events where dataset_id = $1 order by source_row',
      [job.datasetId],
    )
    expect(rows).toHaveLength(BAD_DATES_FILE_ROWS - BAD_DATES.length)
    expect(rows.every((row) => row.event_time !== null)).toBe(true)
    const badRows = new Set<number>(BAD_DATES.map((bad) => bad.row))
    expect(rows.map((row) => row.source_row)).toEqual(
      Array.from({ length: BAD_DATES_FILE_ROWS }, (_, index) => index + 1).filter((row) => !badRows.has(row)),
    )
    // The first row is Wilmington, OH on 9/1/2016.
    expect(rows[0]).toEqual({ source_row: 1, event_time: new Date('2016-09-01T00:00:00.000Z') })

    const errors = await rowErrors(user, progress.importId)
    expect(errors.map(({ row, column, value, code }) => ({ row, column, value, code }))).toEqual(
      BAD_DATES.map(({ row, value }) => ({ row, column: 'date', value, code: 'invalid-date' })),
    )
    for (const error of errors) expect(error.message).toContain(error.value)
  })

  it('reports a bad latitude and a bad longitude of one row once each, naming its own field', async () => {
    const progress = await importFile(
      user,
      { name: 'campaign-bad-coordinates.csv', bytes: campaignWithBadCoordinates() },
      { catalog: catalogId, datasetName: 'Bad coordinates' },
    )
    const [job] = progress.jobs
    expect(job.counts).toMatchObject({ rowsRead: 20, eventsCreated: 19, rowErrors: 1, isBalanced: true })
    const errors = await rowErrors(user, progress.importId)
    expect(errors.map(({ row, column, value }) => ({ row, column, value }))).toEqual([
      { row: BAD_COORDINATES_ROW, column: 'lat', value: '999' },
      { row: BAD_COORDINATES_ROW, column: 'lng', value: 'abc' },
    ])
    expect(errors[0]!.message).toContain('latitude 999 is out of range')
    expect(errors[1]!.message).toContain('abc is not a valid longitude')
  })
})
