import { describe, expect, it } from 'vitest'
import { parseMonthName } from './month-names'

describe('parseMonthName', () => {
  it.each<[string, number]>([
    ['January', 1],
    ['jan', 1],
    ['JAN.', 1],
    ['janvier', 1],
    ['Jänner', 1],
    ['enero', 1],
    ['gennaio', 1],
    ['janeiro', 1],
    ['januari', 1],
    ['févr.', 2],
    ['Feb', 2],
    ['febrero', 2],
    ['fevereiro', 2],
    ['März', 3],
    ['Maerz', 3],
    ['mars', 3],
    ['marzo', 3],
    ['março', 3],
    ['maart', 3],
    ['mrt', 3],
    ['avril', 4],
    ['abr', 4],
    ['aprile', 4],
    ['Mai', 5],
    ['mayo', 5],
    ['maggio', 5],
    ['mei', 5],
    ['juin', 6],
    ['Juni', 6],
    ['giugno', 6],
    ['junho', 6],
    ['juillet', 7],
    ['juil.', 7],
    ['luglio', 7],
    ['août', 8],
    ['AOUT', 8],
    ['agosto', 8],
    ['augustus', 8],
    ['Sept', 9],
    ['sept.', 9],
    ['septiembre', 9],
    ['set', 9],
    ['settembre', 9],
    ['octobre', 10],
    ['Okt', 10],
    ['ottobre', 10],
    ['outubro', 10],
    ['noviembre', 11],
    ['nov', 11],
    ['dic', 12],
    ['Dezember', 12],
    ['décembre', 12],
    ['dezembro', 12],
  ])('%j → %i', (name, month) => {
    expect(parseMonthName(name)).toBe(month)
  })

  it.each([['Febtober'], [''], ['13'], ['m'], ['Monday']])('%j is not a month', (name) => {
    expect(parseMonthName(name)).toBeUndefined()
  })
})
