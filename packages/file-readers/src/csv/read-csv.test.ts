import { afterAll, describe, expect, it } from 'vitest'

import { detectFileFormat } from '../detect-file-format'
import { TooManyColumns } from '../errors'
import { readHeaders, readRows } from '../read-rows'
import { collectRows } from '../testing/collect-rows'
import { encodeUtf16, encodeWindows1252 } from '../testing/encode-text'
import { createTempFiles } from '../testing/temp-files'
import { FIVETHIRTYEIGHT_DIR } from '@chronotope/test-fixtures'

const FIXTURES = FIVETHIRTYEIGHT_DIR
const files = createTempFiles()
afterAll(() => files.remove())

async function readFixture(name: string) {
  const path = `${FIXTURES}/${name}`
  return collectRows(path, await detectFileFormat(path))
}

describe('reading the FiveThirtyEight fixtures', () => {
  it.each([
    { file: 'police-killings_police_killings.csv', rows: 467, columns: 34 },
    { file: 'presidential-campaign-trail_trump.csv', rows: 106, columns: 6 },
    { file: 'presidential-campaign-trail_clinton.csv', rows: 71, columns: 6 },
    { file: 'gop-candidate-visits-2024_candidate_visits.csv', rows: 1741, columns: 7 },
  ])('reads all $rows rows of $file without issues', async ({ file, rows, columns }) => {
    const read = await readFixture(file)
    expect(read).toHaveLength(rows)
    expect(read.map((row) => row.rowNumber)).toEqual(Array.from({ length: rows }, (_, index) => index + 1))
    expect(read.filter((row) => row.issues !== undefined)).toEqual([])
    expect(Object.keys(read[0]!.values)).toHaveLength(columns)
  })

  it('reads known values of the Trump campaign trail', async () => {
    const rows = await readFixture('presidential-campaign-trail_trump.csv')
    expect(rows[0]).toEqual({
      rowNumber: 1,
      sourceRow: 2,
      values: {
        date: '9/1/2016',
        location: 'Wilmington, OH',
        city: 'Wilmington',
        state: 'OH',
        lat: '39.4453393',
        lng: '-83.8285375',
      },
    })
    expect(rows.at(-1)?.values).toMatchObject({ date: '11/8/2016', city: 'New York' })
  })

  it('keeps names with bytes that are not UTF-8 (decoded as windows-1252)', async () => {
    const path = `${FIXTURES}/police-killings_police_killings.csv`
    const detection = await detectFileFormat(path)
    expect(detection).toMatchObject({ encoding: 'utf-8', invalidByteCount: 4 })
    const rows = await collectRows(path, detection)
    const ruben = rows.find((row) => String(row.values.name).startsWith('Rub'))
    expect(ruben?.values).toMatchObject({ name: 'RubÌ_å©n GarcÌ__a Villalpando', city: 'Euless' })
    expect(rows.find((row) => row.values.name === "A'donte Washington")?.values).toMatchObject({
      age: '16',
      month: 'February',
      latitude: '32.529577',
    })
  })

  it('reads empty GOP cells as null', async () => {
    const rows = await readFixture('gop-candidate-visits-2024_candidate_visits.csv')
    expect(rows[0]?.values).toEqual({
      'Candidate name': 'Donald Trump',
      Date: '1/19/2023',
      City: 'Palm Beach',
      State: 'Florida',
      'Primary Purpose': 'Speech',
      'Host organization': null,
      Notes: null,
    })
  })
})

describe('encodings', () => {
  const content = 'name;city\nRené;Besançon\nZoë;Genève\n'
  it.each([
    { name: 'utf-8 with BOM', bytes: new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(content)]) },
    { name: 'utf-16le with BOM', bytes: encodeUtf16(content, 'le', true) },
    { name: 'utf-16le without BOM', bytes: encodeUtf16(content, 'le', false) },
    { name: 'utf-16be with BOM', bytes: encodeUtf16(content, 'be', true) },
    { name: 'utf-16be without BOM', bytes: encodeUtf16(content, 'be', false) },
    { name: 'windows-1252', bytes: encodeWindows1252(content) },
  ])('reads $name', async ({ name, bytes }) => {
    const path = files.write(`${name}.csv`, bytes)
    const detection = await detectFileFormat(path)
    expect(await readHeaders(path, detection)).toEqual(['name', 'city'])
    expect((await collectRows(path, detection)).map((row) => row.values)).toEqual([
      { name: 'René', city: 'Besançon' },
      { name: 'Zoë', city: 'Genève' },
    ])
  })
})

describe('messy CSV', () => {
  it('keeps extra cells and pads missing ones, with issues', async () => {
    const path = files.write('ragged.csv', 'a,b,c\n1,2,3,4,5\n1,2\n1,2,3,,\n')
    const rows = await collectRows(path, await detectFileFormat(path))
    expect(rows.map((row) => row.values)).toEqual([
      { a: '1', b: '2', c: '3', _extra_1: '4', _extra_2: '5' },
      { a: '1', b: '2', c: null },
      { a: '1', b: '2', c: '3' },
    ])
    expect(rows.map((row) => row.issues?.map((issue) => issue.code))).toEqual([
      ['extra-cells'],
      ['missing-cells'],
      undefined,
    ])
    expect(rows[1]?.issues?.[0]?.message).toBe(
      'Row 2 has 2 cells but the header has 3; the missing ones (from "c") are empty',
    )
  })

  it('reads a truncated copy of a fixture with an unterminated-quote issue, not a crash', async () => {
    const original = 'date,location,city\n9/1/2016,"Wilmington, OH",Wilmington\n9/3/2016,"Detroit, MI",Detroit\n'
    const path = files.write('truncated.csv', original.slice(0, original.indexOf('Detroit') + 3))
    const rows = await collectRows(path, await detectFileFormat(path))
    expect(rows).toHaveLength(2)
    expect(rows[1]).toMatchObject({ values: { date: '9/3/2016', location: 'Det', city: null } })
    expect(rows[1]?.issues?.map((issue) => issue.code)).toEqual(['unterminated-quote', 'missing-cells'])
  })

  it('normalizes header names', async () => {
    const path = files.write('headers.csv', '\n\n date ,,city,city\n1,2,3,4\n')
    expect(await readHeaders(path, await detectFileFormat(path))).toEqual(['date', 'column_2', 'city', 'city_2'])
  })

  it('throws TooManyColumns for 10,000 columns', async () => {
    const header = Array.from({ length: 10_000 }, (_, index) => `c${index}`).join(',')
    const path = files.write('wide.csv', `${header}\n${header}\n`)
    const detection = await detectFileFormat(path)
    await expect(collectRows(path, detection)).rejects.toThrow(new TooManyColumns(10_000, 2000, 1))
    await expect(readHeaders(path, detection)).rejects.toThrow('has 10000 columns; the limit is 2000')
  })

  it('reads an empty-bodied CSV as no rows', async () => {
    const path = files.write('header-only.csv', 'a,b\n')
    expect(await collectRows(path, await detectFileFormat(path))).toEqual([])
  })
})

describe('batches, resume and abort', () => {
  const path = files.write(
    'numbers.csv',
    `n,square\n${Array.from({ length: 2500 }, (_, index) => `${index + 1},${(index + 1) ** 2}`).join('\n')}\n`,
  )

  it.each([
    { batchSize: 1000, sizes: [1000, 1000, 500] },
    { batchSize: 7, sizes: [...Array.from({ length: 357 }, () => 7), 1] },
    { batchSize: 2500, sizes: [2500] },
  ])('yields batches of $batchSize', async ({ batchSize, sizes }) => {
    const detection = await detectFileFormat(path)
    const seen: number[] = []
    for await (const batch of readRows(path, detection, { batchSize })) seen.push(batch.length)
    expect(seen).toEqual(sizes)
  })

  it.each([0, 1, 999, 1000, 2499, 2500, 3000])(
    'resumes after row %i exactly like a full read',
    async (startAfterRow) => {
      const detection = await detectFileFormat(path)
      const full = await collectRows(path, detection)
      const resumed = await collectRows(path, detection, { startAfterRow, batchSize: 333 })
      expect(resumed).toEqual(full.slice(startAfterRow))
    },
  )

  it('stops when the signal aborts', async () => {
    const detection = await detectFileFormat(path)
    const controller = new AbortController()
    const batches: number[] = []
    const reading = (async () => {
      for await (const batch of readRows(path, detection, { batchSize: 100, signal: controller.signal })) {
        batches.push(batch.length)
        if (batches.length === 2) controller.abort(new Error('import cancelled'))
      }
    })()
    await expect(reading).rejects.toThrow('import cancelled')
    expect(batches).toEqual([100, 100])
  })
})
