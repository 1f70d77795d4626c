import { describe, expect, it } from 'vitest'

import { ApiError } from '../api/api-error'
import { optionsForSheet, parseImportOptions } from './import-options'

describe('parseImportOptions', () => {
  it.each([
    [{}, {}],
    [{ sheet: '2' }, { sheet: 2 }],
    [{ sheet: 'Events' }, { sheet: 'Events' }],
    [{ dateOrder: 'dmy' }, { dateOrder: 'DMY' }],
    [{ dateOrders: '{"Date":"dmy","End date":"MDY"}' }, { dateOrders: { Date: 'DMY', 'End date': 'MDY' } }],
    [{ options: '{"dateOrders":{"Date":"DMY"},"dateOrder":"MDY"}' }, { dateOrder: 'MDY', dateOrders: { Date: 'DMY' } }],
    [{ dateOrders: '{}' }, {}],
    [
      { idStrategy: 'external', idField: 'id' },
      { idStrategy: 'external', idField: 'id' },
    ],
    [{ hashFields: 'title, date ,' }, { hashFields: ['title', 'date'] }],
    [
      { duplicateAction: 'update', geocode: 'false' },
      { duplicateAction: 'update', geocode: false },
    ],
    [{ mapping: '{"title":"name"}' }, { mapping: { title: 'name' } }],
    [{ keepHandEdits: 'FALSE' }, { keepHandEdits: false }],
    [
      { sheetMappings: '{"0":{"title":"name"},"2":{"title":null}}' },
      { sheetMappings: { '0': { title: 'name' }, '2': { title: null } } },
    ],
    [
      { options: '{"dateOrder":"MDY","mapping":{"title":"name"}}', dateOrder: 'DMY' },
      { dateOrder: 'DMY', mapping: { title: 'name' } },
    ],
  ])('reads %o', (fields, expected) => {
    expect(parseImportOptions(fields)).toEqual(expected)
  })

  it.each([
    [{ dateOrder: 'YDM' }, 'dateOrder', 'dateOrder must be one of MDY, DMY, YMD; got "YDM"'],
    [{ dateOrders: '{"Date":"DYM"}' }, 'dateOrders', 'dateOrders["Date"] must be one of MDY, DMY, YMD'],
    [{ dateOrders: '["DMY"]' }, 'dateOrders', 'dateOrders must be a JSON object such as {"Date":"DMY"}'],
    [{ dateOrders: 'DMY' }, 'dateOrders', 'dateOrders must be a JSON object such as {"Date":"DMY"}'],
    [{ idStrategy: 'guess' }, 'idStrategy', 'idStrategy must be one of auto, external, content-hash'],
    [{ duplicateAction: 'merge' }, 'duplicateAction', 'duplicateAction must be one of skip, update'],
    [{ geocode: 'maybe' }, 'geocode', 'geocode must be true or false; got "maybe"'],
    [{ mapping: '{title' }, 'mapping', 'mapping must be a JSON object'],
    [{ mapping: '[1]' }, 'mapping', 'mapping must be a JSON object'],
    [{ options: 'nope' }, 'options', 'options must be a JSON object'],
    [{ keepHandEdits: 'yes' }, 'keepHandEdits', 'keepHandEdits must be true or false; got "yes"'],
    [{ sheetMappings: '{"Sheet1":{}}' }, 'sheetMappings', 'sheetMappings must map sheet indexes'],
    [{ sheetMappings: '{"0":"title"}' }, 'sheetMappings', 'sheetMappings must map sheet indexes'],
    [{ idStrategy: 'external' }, 'idField', 'idStrategy external needs idField'],
  ])('refuses %o naming the field', (fields, parameter, message) => {
    let error: unknown
    try {
      parseImportOptions(fields)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(400)
    expect((error as ApiError).parameter).toBe(parameter)
    expect((error as ApiError).message).toContain(message)
  })
})

describe('optionsForSheet', () => {
  const options = {
    duplicateAction: 'update' as const,
    mapping: { title: 'a' },
    sheetMappings: { '1': { title: 'b' } },
  }

  it('gives a sheet named in sheetMappings its own mapping and the rest the file’s', () => {
    expect(optionsForSheet(options, 1)).toMatchObject({ duplicateAction: 'update', mapping: { title: 'b' } })
    expect(optionsForSheet(options, 0).mapping).toEqual({ title: 'a' })
  })
})
