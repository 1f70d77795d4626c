import { describe, expect, it } from 'vitest'

import type { MappingOverride } from './column-roles'
import type { CoordinateOrderChoice, DateOrderChoice } from './import-types'
import {
  buildStartBody,
  choiceProblems,
  choicesFromRemembered,
  DEFAULT_CHOICES,
  type ImportChoices,
  type StartImportBody,
} from './start-options'

const TITLE: MappingOverride = { title: 'city' }

describe('buildStartBody', () => {
  it.each<[string, Partial<ImportChoices>, MappingOverride | undefined, StartImportBody]>([
    ['defaults keep everything detected', {}, undefined, { idStrategy: 'auto', duplicateAction: 'skip' }],
    [
      'one sheet and the date orders the user picked',
      { sheet: 1, dateOrders: { Date: 'DMY', 'End date': 'MDY' } },
      undefined,
      { sheet: 1, dateOrders: { Date: 'DMY', 'End date': 'MDY' }, idStrategy: 'auto', duplicateAction: 'skip' },
    ],
    [
      'sheet 0 is sent, not dropped as falsy',
      { sheet: 0 },
      undefined,
      { sheet: 0, idStrategy: 'auto', duplicateAction: 'skip' },
    ],
    ['the mapping override', {}, TITLE, { mapping: TITLE, idStrategy: 'auto', duplicateAction: 'skip' }],
    [
      'external ids with their column, updating duplicates',
      { idStrategy: 'external', idField: 'uid', duplicateAction: 'update' },
      undefined,
      { idStrategy: 'external', idField: 'uid', duplicateAction: 'update' },
    ],
    [
      'the id column is only sent for external ids',
      { idStrategy: 'content-hash', idField: 'uid' },
      undefined,
      { idStrategy: 'content-hash', duplicateAction: 'skip' },
    ],
    [
      'geocoding switched off',
      { geocode: 'no' },
      undefined,
      { idStrategy: 'auto', duplicateAction: 'skip', geocode: false },
    ],
    [
      'geocoding switched on',
      { geocode: 'yes' },
      undefined,
      { idStrategy: 'auto', duplicateAction: 'skip', geocode: true },
    ],
    [
      'updating and taking the file’s values over hand edits',
      { duplicateAction: 'update', keepHandEdits: false },
      undefined,
      { idStrategy: 'auto', duplicateAction: 'update', keepHandEdits: false },
    ],
    [
      'hand edits only matter when updating',
      { duplicateAction: 'skip', keepHandEdits: false },
      undefined,
      { idStrategy: 'auto', duplicateAction: 'skip' },
    ],
  ])('%s', (_, choices, mapping, expected) => {
    expect(buildStartBody({ ...DEFAULT_CHOICES, ...choices }, mapping)).toEqual(expected)
  })

  it('sends each sheet’s own roles when a workbook is imported whole', () => {
    const sheets = { '0': TITLE, '2': { title: 'name' } }
    expect(buildStartBody(DEFAULT_CHOICES, undefined, sheets)).toMatchObject({ sheetMappings: sheets })
    expect(buildStartBody({ ...DEFAULT_CHOICES, sheet: 2 }, { title: 'name' }, sheets)).not.toHaveProperty(
      'sheetMappings',
    )
  })
})

describe('choicesFromRemembered', () => {
  it('starts from what the dataset’s last import chose', () => {
    expect(
      choicesFromRemembered(
        DEFAULT_CHOICES,
        {
          dateOrders: { Date: 'DMY', Gone: 'MDY' },
          duplicateAction: 'update',
          idStrategy: 'external',
          idField: 'id',
          keepHandEdits: false,
          geocode: false,
        },
        ['Date', 'End'],
      ),
    ).toEqual({
      ...DEFAULT_CHOICES,
      dateOrders: { Date: 'DMY' },
      duplicateAction: 'update',
      idStrategy: 'external',
      idField: 'id',
      keepHandEdits: false,
      geocode: 'no',
    })
  })
})

describe('choiceProblems', () => {
  const undecided: DateOrderChoice = {
    kind: 'date-order',
    column: 'Date',
    isRequired: true,
    reason: 'undecided: …',
    examples: [],
    evidence: { dayFirst: 0, monthFirst: 0, either: 3, yearFirst: 0, examples: { either: '03/04/2024' } },
  }
  const decided: DateOrderChoice = { ...undecided, column: 'End', isRequired: false, decided: 'DMY' }

  it.each<[Partial<ImportChoices>, string[]]>([
    [{}, ['Choose the date order of “Date”: no value in the file tells day first from month first']],
    [{ dateOrders: { Date: 'MDY' } }, []],
    [
      { dateOrders: { Date: 'DMY' }, idStrategy: 'external' },
      ['Choose the column that holds the id, or recognise events another way'],
    ],
    [{ dateOrders: { Date: 'DMY' }, idStrategy: 'external', idField: 'uid' }, []],
  ])('%j', (choices, expected) => {
    expect(choiceProblems({ ...DEFAULT_CHOICES, ...choices }, [undecided, decided])).toEqual(expected)
  })
})

describe('the pair order of a "lat, lon" column', () => {
  const pairs: CoordinateOrderChoice = {
    kind: 'coordinate-order',
    column: 'Location',
    isRequired: true,
    reason: 'undecided: …',
    examples: [],
    evidence: { latitudeFirst: 0, longitudeFirst: 0, either: 3, examples: { either: '48.85, 2.35' } },
  }

  it('must be chosen before the import starts, and is sent as coordinateOrders', () => {
    expect(choiceProblems(DEFAULT_CHOICES, [pairs])).toEqual([
      'Choose the coordinate order of “Location”: no value in the file tells latitude first from longitude first',
    ])
    const chosen = { ...DEFAULT_CHOICES, coordinateOrders: { Location: 'lon-lat' as const } }
    expect(choiceProblems(chosen, [pairs])).toEqual([])
    expect(buildStartBody(chosen, undefined).coordinateOrders).toEqual({ Location: 'lon-lat' })
  })

  it('is taken from the dataset’s last import when this file leaves it undecided', () => {
    expect(
      choicesFromRemembered(DEFAULT_CHOICES, { coordinateOrders: { Location: 'lon-lat' } }, [], ['Location'])
        .coordinateOrders,
    ).toEqual({ Location: 'lon-lat' })
  })
})
