import { describe, expect, it } from 'vitest'

import { seededRandom } from './test-segments'
import { TIME_BLOCK_ROWS, TimeColumn } from './time-column'

// The column of `times` (ascending, then NaN), checked to give every row back bit for bit.
function roundTrip(times: number[]): TimeColumn {
  const array = Float64Array.from(times)
  let timedCount = array.findIndex((time) => Number.isNaN(time))
  if (timedCount < 0) timedCount = array.length
  const column = TimeColumn.fromTimes(array, timedCount)
  expect(TimeColumn.fromParts(column.parts, array.length).toArray()).toEqual(array)
  const wrong: number[] = []
  for (let row = 0; row < array.length; row++) if (!Object.is(column.time(row), array[row])) wrong.push(row)
  expect(wrong).toEqual([])
  expect(column.toArray()).toEqual(array)
  return column
}

// Naive answers of firstFrom, for every query row range and a time.
function checkSearches(column: TimeColumn, times: readonly number[], probes: readonly number[]): void {
  const random = seededRandom(9)
  for (const ms of probes) {
    for (let trial = 0; trial < 20; trial++) {
      const low = Math.floor(random() * (column.timedCount + 1))
      const high = low + Math.floor(random() * (column.timedCount - low + 1))
      for (const after of [false, true]) {
        let expected = low
        while (expected < high && (after ? times[expected]! <= ms : times[expected]! < ms)) expected++
        expect(column.firstFrom(low, high, ms, after)).toBe(expected)
      }
    }
  }
}

describe('TimeColumn', () => {
  it('gives back whole seconds exactly in about 4 bytes a row', () => {
    const random = seededRandom(1)
    const times: number[] = []
    let time = Date.UTC(1975, 0, 1)
    for (let row = 0; row < 20_000; row++) times.push((time += Math.floor(random() * 5_000) * 1000))
    const column = roundTrip(times)
    expect(column.byteLength / times.length).toBeLessThan(4.1)
    checkSearches(column, times, [times[0]! - 1, times[0]!, times[777]!, times[777]! + 1, times.at(-1)!, 1e16])
  })

  it('gives back dates far apart, before 1970 and BCE, in units of days', () => {
    const day = 86_400_000
    const times = Array.from({ length: 3000 }, (_, row) => -78_000_000_000_000 + row * 100 * day)
    const column = roundTrip(times)
    expect(column.byteLength / times.length).toBeLessThan(4.1)
  })

  it('keeps as doubles only the blocks that do not fit: fractional ms, spans past 2^32 units, -0', () => {
    const times: number[] = []
    // Block 0 whole ms; block 1 fractional; block 2 a span of more than 2^32 ms; block 3 whole ms.
    for (let row = 0; row < TIME_BLOCK_ROWS; row++) times.push(row * 3)
    for (let row = 0; row < TIME_BLOCK_ROWS; row++) times.push(1_000_000 + row + 0.25)
    for (let row = 0; row < TIME_BLOCK_ROWS; row++) times.push(2_000_000 + row * 2 ** 31 + 1 + (row % 2))
    for (let row = 0; row < TIME_BLOCK_ROWS; row++) times.push(1e15 + row * 1000)
    const mixed = roundTrip(times)
    // An offset a row, two blocks of doubles, and a base, unit and start a block.
    expect(mixed.byteLength).toBe(4 * 4 * TIME_BLOCK_ROWS + 2 * 8 * TIME_BLOCK_ROWS + 4 * 20)
    // -0 comes back as -0: its block is kept as doubles.
    const minusZero = [-1000, -0, 1000, ...Array.from({ length: TIME_BLOCK_ROWS - 3 }, (_, row) => 2000 + row)]
    expect(roundTrip(minusZero).byteLength).toBe(12 * TIME_BLOCK_ROWS + 20)
    checkSearches(mixed, times, [-1, 0, 3, 1_000_000.25, 1_000_000.3, 2_000_000 + 2 ** 31 + 1, 1e16])
  })

  it('keeps the extremes of a JavaScript date and the rows without a time', () => {
    const times = [-8.64e15, -8.64e15 + 1, 0, 8.64e15 - 1, 8.64e15, Number.NaN, Number.NaN]
    const column = roundTrip(times)
    expect(column.timedCount).toBe(5)
    expect(column.time(6)).toBeNaN()
    checkSearches(column, times, [-8.64e15, 0, 1, 8.64e15])
  })

  it('gives back random ascending times exactly, with ties, gaps and a tail without time', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const random = seededRandom(seed)
      const size = Math.floor(random() * 3 * TIME_BLOCK_ROWS)
      const step = [1, 1000, 60_000, 86_400_000, 0.5, 1e9][seed % 6]!
      const times: number[] = []
      let time = Math.round((random() - 0.5) * 1e14)
      for (let row = 0; row < size; row++) {
        const jump = random() < 0.01 ? 2 ** 40 : random() < 0.3 ? 0 : Math.floor(random() * 1000)
        times.push((time += jump * step))
      }
      const untimed = Math.floor(random() * 5)
      const column = roundTrip([...times, ...Array.from({ length: untimed }, () => Number.NaN)])
      const probes = [times[0] ?? 0, times.at(-1) ?? 0, ...times.filter(() => random() < 0.02)]
      checkSearches(column, times, [...probes, ...probes.map((ms) => ms + 0.5), -Infinity, Infinity])
    }
  })
})
