import { describe, expect, it } from 'vitest'

import {
  countOf,
  datasetNameFromFile,
  formatBytes,
  formatCell,
  formatDuration,
  formatRate,
  formatShare,
  shorten,
  stageLabel,
  statusLabel,
} from './import-format'

describe('formatBytes', () => {
  it.each<[number, string]>([
    [0, '0 B'],
    [1023, '1023 B'],
    [1536, '1.5 KB'],
    [10_240, '10 KB'],
    [150 * 1024, '150 KB'],
    [100 * 1024 * 1024, '100 MB'],
    [2.25 * 1024 ** 3, '2.3 GB'],
    [-1, '–'],
    [Number.NaN, '–'],
  ])('%s bytes', (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected)
  })
})

describe('formatDuration', () => {
  it.each<[number, string]>([
    [0, '0 s'],
    [0.2, '1 s'],
    [45, '45 s'],
    [60, '1 min'],
    [185, '3 min 5 s'],
    [7800, '2 h 10 min'],
    [7200, '2 h'],
    [-3, '–'],
    [Number.POSITIVE_INFINITY, '–'],
  ])('%s seconds', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected)
  })
})

describe('formatRate', () => {
  it.each<[number, 'rows' | 'places', string]>([
    [0, 'rows', '0 rows/s'],
    [2.345, 'rows', '2.3 rows/s'],
    [1234.4, 'rows', '1,234 rows/s'],
    [3226, 'places', '3,226 places/s'],
  ])('%s %s/s', (rate, unit, expected) => {
    expect(formatRate(rate, unit)).toBe(expected)
  })
})

describe('shorten', () => {
  it.each<[string, number, string]>([
    ['Speech', 24, 'Speech'],
    ['New Hampshire Federation of Republican Women', 24, 'New Hampshire Federatio…'],
    ['exactly ten', 11, 'exactly ten'],
    ['word ending ', 6, 'word…'],
  ])('%s (%i)', (text, length, expected) => {
    expect(shorten(text, length)).toBe(expected)
  })
})

describe('formatShare', () => {
  it.each<[number, string]>([
    [0, '0 %'],
    [0.034, '3.4 %'],
    [0.5, '50 %'],
    [1, '100 %'],
  ])('%s', (share, expected) => {
    expect(formatShare(share)).toBe(expected)
  })
})

describe('datasetNameFromFile', () => {
  it.each<[string, string]>([
    ['presidential-campaign-trail_trump.csv', 'presidential-campaign-trail_trump'],
    ['Budget 2024.final.xlsx', 'Budget 2024.final'],
    ['README', 'README'],
    ['.csv', '.csv'],
  ])('%s', (name, expected) => {
    expect(datasetNameFromFile(name)).toBe(expected)
  })
})

describe('formatCell', () => {
  it.each<[unknown, string]>([
    [null, ''],
    [undefined, ''],
    ['Wilmington, OH', 'Wilmington, OH'],
    [39.44, '39.44'],
    [false, 'false'],
    [{ type: 'Point' }, '{"type":"Point"}'],
  ])('%j', (value, expected) => {
    expect(formatCell(value)).toBe(expected)
  })
})

describe('labels', () => {
  it.each([
    [stageLabel('geocode-batch'), 'Geocode places'],
    [stageLabel('create-events'), 'Create events'],
    [statusLabel('awaiting-approval'), 'Waiting for an editor'],
    [statusLabel('pending'), 'Not started'],
  ])('%s', (label, expected) => {
    expect(label).toBe(expected)
  })
})

describe('countOf', () => {
  it('uses the singular for one and the plural otherwise', () => {
    expect(countOf(1, 'event')).toBe('1 event')
    expect(countOf(0, 'event')).toBe('0 events')
    expect(countOf(2500, 'row has', 'rows have')).toBe('2,500 rows have')
  })
})
