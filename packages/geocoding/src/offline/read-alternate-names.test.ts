import { describe, expect, it } from 'vitest'

import { OfflineDataUnavailable } from '../errors'
import { isWrittenName, readAlternateNames } from './read-alternate-names'
import { coveredCountryCodes } from './territories'

/** A line of GeoNames' cities1000.txt: 19 tab-separated columns. */
function line(id: number, name: string, alternates: string[], population: number): string {
  const columns = Array.from({ length: 19 }, () => '')
  columns[0] = String(id)
  columns[1] = name
  columns[3] = alternates.join(',')
  columns[14] = String(population)
  return columns.join('\t')
}

describe('isWrittenName', () => {
  it.each([
    ['München', true],
    ['Москва', true],
    ['القاهرة', true],
    ['Cologne', true],
    ['香港', true],
    ['mosukuwa', false],
    ['mo si ke', false],
    ['MUC', false],
    ['NY', false],
    ['', false],
  ])('%j → %j', (name, expected) => {
    expect(isWrittenName(name)).toBe(expected)
  })
})

describe('readAlternateNames', () => {
  const file = [
    line(2867714, 'Munich', ['MUC', 'Monaco di Baviera', 'München', 'myunhen'], 1260391),
    line(524901, 'Moscow', ['Moskau', 'Москва'], 10381222),
    line(2911298, 'Hamburg', ['Hambourg'], 1739117),
    line(1, 'Smallville', ['Petite-Ville'], 4000),
    '',
  ].join('\n')
  const bytes = new TextEncoder().encode(file)

  it('keeps the written names of cities above the population floor, by GeoNames id', () => {
    const { geonameIds, names } = readAlternateNames(bytes, 'test', 15_000)
    expect(names).toEqual(['Monaco di Baviera', 'München', 'Moskau', 'Москва', 'Hambourg'])
    expect([...geonameIds]).toEqual([2867714, 2867714, 524901, 524901, 2911298])
  })

  it('keeps smaller towns when the floor is lower', () => {
    expect(readAlternateNames(bytes, 'test', 1_000).names).toContain('Petite-Ville')
  })

  it('names the file and line of a broken row', () => {
    expect(() => readAlternateNames(new TextEncoder().encode('x\ty\n'), 'cities1000.txt')).toThrow(
      OfflineDataUnavailable,
    )
    expect(() => readAlternateNames(new TextEncoder().encode('x\ty\n'), 'cities1000.txt')).toThrow(/line 1/)
  })
})

describe('coveredCountryCodes', () => {
  it.each([
    ['CN', ['CN', 'HK', 'MO']],
    ['DE', ['DE']],
    ['US', ['US', 'PR', 'GU', 'VI', 'AS', 'MP', 'UM']],
  ])('%s covers %j', (code, expected) => {
    expect(coveredCountryCodes(code)).toEqual(expected)
  })
})
