/**
 * Calls per second of parseDate for the main shapes of a spreadsheet column. Run with
 * `npx tsx packages/dates/bench/parse-date.ts`; figures depend on the machine.
 * @module
 */
import { parseDate } from '../src/index'
import type { ParseDateOptions } from '../src/index'

const SHAPES: readonly [string, readonly (string | number)[], ParseDateOptions][] = [
  ['ISO date', ['2021-04-03', '1999-12-31', '2015-02-23', '1848-07-14'], {}],
  ['ISO date-time with offset', ['2021-04-03T10:15:30+02:00', '2021-04-03T10:15:30.123Z'], {}],
  ['year', ['1848', '2015', '476'], {}],
  ['M/D/YYYY', ['9/1/2016', '12/31/2016', '1/19/2023'], { order: 'MDY' }],
  ['D.M.YY', ['03.04.21', '25.12.99'], { order: 'DMY', twoDigitYearPivot: 35 }],
  ['month name', ['March 5, 2021', '5 März 2021', 'Tue, 3 Mar 2020'], {}],
  ['12-hour time', ['5/3/2021 3:45 PM'], { order: 'MDY' }],
  ['Excel serial', [44197, 44198.5], { numbers: 'excel-serial' }],
  ['Unix seconds', [1617408000, 1617408060], {}],
  ['circa / range', ['c. 1850', '1914-1918', 'June 3-5, 2020'], {}],
]

const ROUNDS = 5
let sink = 0

for (const [name, values, options] of SHAPES) {
  const iterations = name.startsWith('ISO') || name === 'year' ? 2_000_000 : 300_000
  let best = 0
  for (let round = 0; round < ROUNDS; round++) {
    const start = process.hrtime.bigint()
    for (let index = 0; index < iterations; index++) {
      sink += parseDate(values[index % values.length] ?? '', options).epochMs
    }
    const seconds = Number(process.hrtime.bigint() - start) / 1e9
    best = Math.max(best, iterations / seconds)
  }
  console.log(
    `${name.padEnd(28)} ${Math.round(best).toLocaleString('en-US').padStart(12)} calls/s  ${(1e9 / best).toFixed(0).padStart(6)} ns/call`,
  )
}
if (Number.isNaN(sink)) console.log('unreachable')
