import {
  PROTEST_BAD_DATES,
  PROTEST_ROWS,
  protestsCsv,
  splitCsv,
  undecidedDatesCsv,
  type ProtestRow,
} from '@chronotope/test-fixtures'
import { beforeAll, describe, expect, it } from 'vitest'

import { databasePool } from '../../../src/lib/import/progress-tracking'
import { ApiClient, testPayload } from '../../helpers/api-client'
import { createCatalog } from '../../helpers/demo-users'
import { importFile, runImports, uploadFile } from '../../helpers/imports'
import type { Json } from '../../helpers/json'

// Issue 26: one Date column written three ways (21/01/2024, 2024-04-05, April 7, 2024) with
// ambiguous day-first values (03/04/2024) was read half month first. Through the real upload API:
// each column has one order, decided from its unambiguous values or asked before the import
// starts; values that contradict it are row errors; every event keeps its row as written.

let user: ApiClient
let catalogId: number

beforeAll(async () => {
  user = await ApiClient.as('user')
  catalogId = await createCatalog('Date orders')
})

/** The row errors of an import as `errors.csv` lists them. */
async function rowErrors(importId: number) {
  const { status, text } = await user.getText(`/import/${importId}/errors.csv`)
  expect(status).toBe(200)
  const [, ...records] = splitCsv(text.replace(/^\uFEFF/, ''))
  return records
    .filter((record) => record.length > 1)
    .map(([, row, column, value, code, message]) => ({ row: Number(row), column, value, code, message }))
}

/** The events of a dataset by file row: the time as a date, the typed data and the original row. */
async function eventsByRow(datasetId: number) {
  const { rows } = await databasePool(await testPayload()).query<{
    id: number
    source_row: number
    event_time: Date | null
    data: Record<string, unknown>
    original: Record<string, string> | null
  }>(
    'select id, source_row::int as source_row, event_time, data, original from events where dataset_id = $1 order by source_row',
    [datasetId],
  )
  return new Map(rows.map((row) => [row.source_row, row]))
}

function expectTrueDates(events: Awaited<ReturnType<typeof eventsByRow>>, truth: readonly ProtestRow[]) {
  for (const row of truth) {
    const event = events.get(row.row)
    if (row.expected === null) expect(event).toBeUndefined()
    else
      expect([row.row, row.date, event?.event_time?.toISOString().slice(0, 10)]).toEqual([
        row.row,
        row.date,
        row.expected,
      ])
  }
}

describe('the protests file: one Date column in three notations, day first', () => {
  const { csv, rows: truth } = protestsCsv()
  let importId: number
  let job: Json

  beforeAll(async () => {
    const progress = await importFile(
      user,
      { name: 'protests.csv', bytes: csv },
      { catalog: catalogId, datasetName: 'Protests' },
    )
    importId = progress.importId
    job = progress.jobs[0]
    expect(progress.status).toBe('completed')
  })

  it('puts every event in its true month, and counts every row once', async () => {
    expect(job.counts).toMatchObject({
      rowsRead: PROTEST_ROWS,
      eventsCreated: PROTEST_ROWS - PROTEST_BAD_DATES.length,
      rowErrors: PROTEST_BAD_DATES.length,
      isBalanced: true,
    })
    expectTrueDates(await eventsByRow(job.datasetId), truth)
  })

  it('reports the decision it applied: day first, why, and no month-first assumption', () => {
    const [choice] = job.schema.choices
    expect(choice).toMatchObject({ kind: 'date-order', column: 'Date', decided: 'DMY', decidedBy: 'values' })
    expect(choice.reason).toMatch(/^day first: 73 values such as 13\/01\/2024 can only be read so;/)
    expect(JSON.stringify(job.schema.warnings)).not.toMatch(/assumed/)
  })

  it('makes each contradicting or impossible value an invalid-date row error naming the order and the fix', async () => {
    const errors = await rowErrors(importId)
    expect(errors.map(({ row, column, value, code }) => ({ row, column, value, code }))).toEqual(
      PROTEST_BAD_DATES.map(({ row, value }) => ({ row, column: 'Date', value, code: 'invalid-date' })),
    )
    const contradiction = errors.find((error) => error.value === '12/25/2024')!
    expect(contradiction.message).toBe(
      '"12/25/2024" cannot be read day first (day/month/year), the date order of "Date": there is no month 25. It reads only month first: correct it in the file, or choose month first for "Date" if the whole column is written so',
    )
  })

  it('keeps every cell as the file wrote it beside the typed values, and the API shows both', async () => {
    const events = await eventsByRow(job.datasetId)
    const ambiguous = truth.find((row) => row.date === '04/07/2024')!
    const event = events.get(ambiguous.row)!
    expect(event.original).toMatchObject({ Date: '04/07/2024', Participants: ambiguous.participants })
    expect(event.data).toMatchObject({
      Date: '2024-07-04T00:00:00.000Z',
      Participants: Number(ambiguous.participants.replace(/,/g, '')),
    })
    expect(Object.keys(event.original!).sort()).toEqual(
      ['id', 'Date', 'City', 'Country', 'Title', 'Participants', 'Notes'].sort(),
    )
    const arabic = events.get(3)!
    expect(arabic.original).toMatchObject({ City: 'القاهرة', Country: 'مصر', Title: 'مظاهرة في ميدان التحرير #3' })
    const cyrillic = events.get(2)!
    expect(cyrillic.original).toMatchObject({ City: 'Москва', Title: 'Митинг у Кремля #2' })

    const api = await user.get(`/events/${event.id}?depth=0`)
    expect(api.status).toBe(200)
    expect(api.body.original).toMatchObject({ Date: '04/07/2024' })
    expect(api.body.data.Date).toBe('2024-07-04T00:00:00.000Z')
  })

  it('never lets an edit rewrite the original row', async () => {
    const [, event] = [...(await eventsByRow(job.datasetId)).values()]
    const edited = await user.patch(`/events/${event!.id}`, {
      title: 'Edited by hand',
      data: { ...event!.data, Notes: 'checked' },
      original: { Date: 'forged' },
    })
    expect(edited.status).toBe(200)
    const after = (await eventsByRow(job.datasetId)).get(event!.source_row)!
    expect(after.data.Notes).toBe('checked')
    expect(after.original).toEqual(event!.original)
  })

  it('adds about the size of the row’s text per event', async () => {
    const { rows } = await databasePool(await testPayload()).query<{ bytes: number; text: number }>(
      `select avg(pg_column_size(original))::int as bytes, avg(length(original::text))::int as text
         from events where dataset_id = $1`,
      [job.datasetId],
    )
    // Seven short cells: keys and values of about 150 characters, stored in about as many bytes.
    expect(rows[0]!.text).toBeGreaterThan(100)
    expect(rows[0]!.bytes).toBeLessThan(rows[0]!.text * 2)
  })
})

describe('a file whose day/month order no value decides', () => {
  const { csv, rows: truth } = undecidedDatesCsv()

  it('is refused at upload with 422 naming each column, before anything is created', async () => {
    const before = await user.get('/import-files?limit=0')
    const upload = await uploadFile(user, { name: 'undecided.csv', bytes: csv }, { catalog: catalogId })
    expect(upload.status).toBe(422)
    expect(upload.body).toMatchObject({ code: 'choice-required', parameter: 'dateOrders' })
    expect(upload.body.error).toMatch(/^Choose the date order of columns "Date": undecided: all 30 values/)
    expect(upload.body.error).toContain('"End date": undecided:')
    expect(upload.body.error).toContain('Send dateOrders, e.g. {"Date":"DMY","End date":"DMY"}')
    expect((await user.get('/import-files?limit=0')).body.totalDocs).toBe(before.body.totalDocs)
  })

  it('is refused with 422 when only some columns are answered, or an answer names no date column', async () => {
    const partly = await uploadFile(
      user,
      { name: 'undecided.csv', bytes: csv },
      { catalog: catalogId, dateOrders: JSON.stringify({ Date: 'DMY' }) },
    )
    expect(partly.status).toBe(422)
    expect(partly.body.error).toMatch(/^Choose the date order of column "End date": /)
    const unknown = await uploadFile(
      user,
      { name: 'undecided.csv', bytes: csv },
      { catalog: catalogId, dateOrders: JSON.stringify({ Datum: 'DMY' }), dateOrder: 'DMY' },
    )
    expect(unknown.status).toBe(422)
    expect(unknown.body).toMatchObject({
      code: 'unknown-column',
      parameter: 'dateOrders',
      error:
        'dateOrders names "Datum", which is not a date column of the file; its date columns are "Date", "End date"',
    })
  })

  it('is previewed with the question, refused at start without an answer, and imported right with one', async () => {
    const upload = await uploadFile(
      user,
      { name: 'undecided.csv', bytes: csv },
      { catalog: catalogId, autoStart: false },
    )
    expect(upload.status).toBe(202)
    const id = upload.body.job.importId
    const preview = await user.get(`/preview?importId=${id}&rows=3`)
    expect(preview.status).toBe(200)
    const choices = preview.body.schema.choices
    expect(choices.map((choice: Json) => [choice.column, choice.isRequired, choice.decided])).toEqual([
      ['Date', true, undefined],
      ['End date', true, undefined],
    ])
    expect(choices[0].examples).toHaveLength(5)
    expect(choices[0].examples[0]).toEqual({
      raw: '03/01/2024',
      read: '3 January 2024 (day first) or 1 March 2024 (month first)',
    })
    expect(preview.body.schema.warnings.map((warning: Json) => warning.code)).toContain('ambiguous-date-order')

    const refused = await user.post(`/import/${id}/start`, {})
    expect(refused.status).toBe(422)
    expect(refused.body).toMatchObject({ code: 'choice-required', parameter: 'dateOrders' })
    expect(refused.body.error).toContain('"Date"')
    expect((await user.get(`/import/${id}`)).body.status).toBe('pending')

    const started = await user.post(`/import/${id}/start`, { dateOrders: { Date: 'DMY', 'End date': 'DMY' } })
    expect(started.status).toBe(200)
    await runImports()
    const progress = (await user.get(`/import/${id}`)).body
    const [job] = progress.jobs
    expect(job.counts).toMatchObject({ rowsRead: truth.length, eventsCreated: truth.length, rowErrors: 0 })
    expect(
      job.schema.choices.map((choice: Json) => [choice.column, choice.decided, choice.decidedBy, choice.reason]),
    ).toEqual([
      ['Date', 'DMY', 'user', 'day first, as chosen'],
      ['End date', 'DMY', 'user', 'day first, as chosen'],
    ])
    expect(job.schema.warnings.map((warning: Json) => warning.code)).not.toContain('ambiguous-date-order')
    expectTrueDates(await eventsByRow(job.datasetId), truth)
  })

  it('is imported through the upload API at once with dateOrder=DMY, and no warning says month first', async () => {
    const progress = await importFile(
      user,
      { name: 'undecided.csv', bytes: csv },
      { catalog: catalogId, datasetName: 'Undecided, DMY', dateOrder: 'DMY' },
    )
    const [job] = progress.jobs
    expect(progress.status).toBe('completed')
    expect(JSON.stringify(job.schema)).not.toMatch(/month first is assumed|month\/day\/year is assumed/)
    expect(job.schema.choices.map((choice: Json) => choice.decided)).toEqual(['DMY', 'DMY'])
    expectTrueDates(await eventsByRow(job.datasetId), truth)
  })

  it('reads a column the user sets month first that way, and its day-first values become row errors', async () => {
    const progress = await importFile(
      user,
      { name: 'protests.csv', bytes: protestsCsv().csv },
      { catalog: catalogId, datasetName: 'Protests, MDY', dateOrders: JSON.stringify({ Date: 'MDY' }) },
    )
    const [job] = progress.jobs
    const warning = job.schema.warnings.find((entry: Json) => entry.code === 'conflicting-date-order')
    expect(warning.message).toBe(
      '73 values in "Date" such as 13/01/2024 cannot be read month first, the order chosen for the column: they will be row errors. Correct them in the file, or choose another order.',
    )
    const errors = await rowErrors(progress.importId)
    expect(errors.find((error) => error.value === '13/01/2024')?.message).toContain(
      'cannot be read month first (month/day/year), the date order of "Date": there is no month 13',
    )
    const events = await eventsByRow(job.datasetId)
    // 04/07/2024 is read as the user said: April 7.
    const ambiguous = protestsCsv().rows.find((row) => row.date === '04/07/2024')!
    expect(events.get(ambiguous.row)?.event_time?.toISOString().slice(0, 10)).toBe('2024-04-07')
  })
})

describe('the decision holds for the whole file, not only the sample', () => {
  it('reads past the sample until a value decides, and applies that order to every row', async () => {
    // 12,000 rows that read both ways, then one that can only be read day first.
    const lines = ['Date,Name']
    for (let index = 0; index < 12_000; index++) lines.push(`0${(index % 9) + 1}/1${index % 3}/2023,n${index}`)
    lines.push('25/12/2023,last')
    const progress = await importFile(
      user,
      { name: 'late-decision.csv', bytes: `${lines.join('\n')}\n` },
      { catalog: catalogId, datasetName: 'Late decision' },
    )
    const [job] = progress.jobs
    expect(progress.status).toBe('completed')
    expect(job.schema.choices[0]).toMatchObject({ decided: 'DMY', decidedBy: 'values' })
    expect(job.schema.choices[0].reason).toBe('day first: 1 value such as 25/12/2023 can only be read so')
    const { rows } = await databasePool(await testPayload()).query<{ event_time: Date }>(
      `select event_time from events where dataset_id = $1 and source_row = 2`,
      [job.datasetId],
    )
    // Row 2 is 02/11/2023: 2 November.
    expect(rows[0]!.event_time.toISOString().slice(0, 10)).toBe('2023-11-02')
  })
})
