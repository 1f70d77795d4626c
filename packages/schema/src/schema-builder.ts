import { tryParseCoordinate } from '@chronotope/coordinates'
import { decideDateOrder } from '@chronotope/dates'

import { readCell } from './cell-value'
import type { CellValue, Row } from './cell-value'
import { createColumnProfile } from './column-profile'
import type { ColumnProfile } from './column-profile'
import { createCoordinateOrderChoice } from './coordinate-order-choice'
import { createDateOrderChoice } from './date-order-choice'
import { detectFieldType } from './detect-field-type'
import { detectIdField } from './detect-id-field'
import { detectTextFields } from './detect-text-fields'
import { detectTimeFields } from './detect-time-fields'
import { InvalidSchemaBuilderState } from './errors'
import { applyImportAnswers } from './import-choices'
import { matchHeaderRoles } from './header-vocabulary'
import { locateGeoColumns } from './locate-geo-columns'
import type { CoordinatePairSamples } from './locate-geo-columns'
import { parseNumberText } from './number-text'
import { ColumnStatistics, PAIR_SAMPLE_CAP } from './statistics/column-statistics'
import type { ColumnStatisticsState } from './statistics/column-statistics'
import { toFieldStatistics } from './statistics/field-statistics'
import { describeTypeWarnings } from './type-warnings'
import type { DetectedSchema, EventMapping, FieldRole, ImportChoice, SchemaField, SchemaWarning } from './types'

/** Version of {@link SchemaBuilderState}; states of other versions are rejected. */
export const SCHEMA_BUILDER_STATE_VERSION = 2
/** Latitude/longitude column pairs sampled row by row for swap detection. */
const MAX_COORDINATE_PAIRS = 4

/**
 * Product type "schema builder state": everything sampled so far, as plain JSON, so the app can
 * persist it between sample batches and continue with {@link createSchemaBuilder}.
 */
export interface SchemaBuilderState {
  version: typeof SCHEMA_BUILDER_STATE_VERSION
  headers: string[]
  rowsSampled: number
  columns: Array<{ name: string; statistics: ColumnStatisticsState }>
  coordinatePairs: CoordinatePairSamples[]
}

/** Product service "schema builder": feed sample rows in batches, save the state, build the schema. */
export interface SchemaBuilder {
  /** Samples a batch of rows (the app feeds up to 10,000 rows in all). */
  addRows(rows: readonly Row[]): void
  /**
   * Reads rows beyond the sample for the day/month order of some date columns only (cheap: one
   * pattern match per cell), so an order undecided by the sample can be decided by the whole file.
   */
  addDateOrderEvidence(rows: readonly Row[], columns: readonly string[]): void
  /**
   * Those of `columns` whose values read so far leave the day/month order undecided.
   * @example builder.undecidedDateColumns(['Date']) // ['Date'] while every date fits both orders
   */
  undecidedDateColumns(columns: readonly string[]): string[]
  /** The JSON-serializable state, to persist and continue later. */
  state(): SchemaBuilderState
  /** Detects the schema from the rows sampled so far; can be called again after more rows. */
  build(): DetectedSchema
}

function uniqueHeaders(headers: readonly string[]): string[] {
  return [...new Set(headers)]
}

function candidatePairs(names: readonly string[]): CoordinatePairSamples[] {
  const scored = (role: 'latitude' | 'longitude'): Array<{ name: string; score: number }> =>
    names.flatMap((name) => {
      const score = matchHeaderRoles(name).find((match) => match.role === role)?.score
      return score === undefined ? [] : [{ name, score }]
    })
  const pairs: Array<{ latitude: string; longitude: string; score: number }> = []
  for (const latitude of scored('latitude')) {
    for (const longitude of scored('longitude')) {
      if (latitude.name !== longitude.name)
        pairs.push({ latitude: latitude.name, longitude: longitude.name, score: latitude.score + longitude.score })
    }
  }
  return pairs
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_COORDINATE_PAIRS)
    .map(({ latitude, longitude }) => ({ latitude, longitude, samples: [] }))
}

function readCoordinate(cell: CellValue): number | undefined {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : undefined
  if (typeof cell !== 'string') return undefined
  return parseNumberText(cell, '.') ?? parseNumberText(cell, ',') ?? tryParseCoordinate(cell)
}

function validateState(headers: readonly string[], state: SchemaBuilderState): void {
  // Saved states come from JSON: the version may be anything its type does not admit.
  const version: unknown = state.version
  if (version !== SCHEMA_BUILDER_STATE_VERSION) {
    throw new InvalidSchemaBuilderState(
      `its version is ${JSON.stringify(version)}, expected ${SCHEMA_BUILDER_STATE_VERSION}`,
    )
  }
  const saved = JSON.stringify(state.headers)
  if (saved !== JSON.stringify(headers)) {
    throw new InvalidSchemaBuilderState(`it was sampled with headers ${saved}, not ${JSON.stringify(headers)}`)
  }
  const expected = uniqueHeaders(headers)
  if (
    state.columns.length !== expected.length ||
    state.columns.some((column, index) => column.name !== expected[index])
  ) {
    throw new InvalidSchemaBuilderState(`its columns do not match the headers ${JSON.stringify(expected)}`)
  }
}

/**
 * Creates the schema builder for a file's headers, optionally continuing from a saved state.
 * @throws {@link InvalidSchemaBuilderState} when the state has another version or other headers
 * @example
 * const builder = createSchemaBuilder(['date', 'lat', 'lng'])
 * builder.addRows([{ date: '9/1/2016', lat: '39.44', lng: '-83.82' }])
 * builder.build().mapping.location.kind // 'lat-lon'
 */
export function createSchemaBuilder(headers: readonly string[], state?: SchemaBuilderState): SchemaBuilder {
  if (state !== undefined) validateState(headers, state)
  const names = uniqueHeaders(headers)
  const columns = names.map((name, index) => new ColumnStatistics(state?.columns[index]?.statistics))
  const pairs: CoordinatePairSamples[] = state ? structuredClone(state.coordinatePairs) : candidatePairs(names)
  let rowsSampled = state?.rowsSampled ?? 0

  return {
    addRows(rows) {
      for (const row of rows) {
        rowsSampled++
        for (let index = 0; index < names.length; index++) {
          ;(columns[index] as ColumnStatistics).add(readCell(row, names[index] as string))
        }
        for (const pair of pairs) {
          if (pair.samples.length >= PAIR_SAMPLE_CAP) continue
          const latitude = readCoordinate(readCell(row, pair.latitude))
          const longitude = readCoordinate(readCell(row, pair.longitude))
          if (latitude !== undefined && longitude !== undefined) pair.samples.push([latitude, longitude])
        }
      }
    },
    addDateOrderEvidence(rows, wanted) {
      const indexes = wanted.map((name) => names.indexOf(name)).filter((index) => index >= 0)
      for (const row of rows) {
        for (const index of indexes)
          (columns[index] as ColumnStatistics).addDateOrderEvidence(readCell(row, names[index] as string))
      }
    },
    undecidedDateColumns(wanted) {
      return wanted.filter((name) => {
        const column = columns[names.indexOf(name)]
        return column !== undefined && decideDateOrder(column.figures.dateOrder).isAmbiguous
      })
    },
    state() {
      return {
        version: SCHEMA_BUILDER_STATE_VERSION,
        headers: [...headers],
        rowsSampled,
        columns: names.map((name, index) => ({ name, statistics: (columns[index] as ColumnStatistics).state() })),
        coordinatePairs: structuredClone(pairs),
      }
    },
    build() {
      return buildSchema(headers, names, columns, pairs, rowsSampled)
    },
  }
}

function buildSchema(
  headers: readonly string[],
  names: readonly string[],
  columns: readonly ColumnStatistics[],
  pairs: readonly CoordinatePairSamples[],
  rowsSampled: number,
): DetectedSchema {
  const profiles: ColumnProfile[] = names.map((name, index) => {
    const column = columns[index] as ColumnStatistics
    const distinct = column.distinctValues
    const decision = detectFieldType({
      name,
      figures: column.figures,
      distinctCount: distinct.count,
      isDistinctCountExact: distinct.isExact,
    })
    return createColumnProfile(name, column.figures, decision, { count: distinct.count, isExact: distinct.isExact })
  })
  const warnings: SchemaWarning[] = []
  if (names.length < headers.length) {
    const repeated = headers.filter((header, index) => headers.indexOf(header) !== index)
    warnings.push({
      code: 'duplicate-header',
      field: repeated[0],
      message: `The header${repeated.length > 1 ? 's' : ''} ${repeated.map((name) => `"${name}"`).join(', ')} appear more than once; only one column per name is read. Rename them in the file.`,
    })
  }
  for (const profile of profiles) warnings.push(...describeTypeWarnings(profile))

  const roles = new Map<string, FieldRole>()
  const claimed = new Set<string>()
  const claim = (found: ReadonlyMap<string, FieldRole>): void => {
    for (const [name, role] of found) {
      if (!roles.has(name)) roles.set(name, role)
      claimed.add(name)
    }
  }
  const ids = detectIdField(profiles)
  if (ids.mapped !== undefined) claim(new Map([[ids.mapped, 'id']]))
  for (const name of ids.idColumns) claimed.add(name)
  const time = detectTimeFields(profiles, claimed)
  claim(time.roles)
  const geo = locateGeoColumns(profiles, pairs, claimed)
  claim(geo.roles)
  const text = detectTextFields(profiles, claimed)
  claim(text.roles)
  warnings.push(...time.warnings, ...geo.warnings)

  const idColumns = new Set(ids.idColumns)
  const fields = profiles.map((profile, index): SchemaField => {
    const column = columns[index] as ColumnStatistics
    const role = roles.get(profile.name)
    const decision = profile.decision
    const isCoordinate = role === 'latitude' || role === 'longitude' || role === 'coordinates'
    const type = idColumns.has(profile.name) ? 'id' : isCoordinate ? 'coordinate' : decision.type
    const field: SchemaField = {
      name: profile.name,
      type,
      nullable: column.figures.nullCount + column.figures.emptyCount > 0,
      statistics: toFieldStatistics(column.figures, column.distinctValues, decision),
    }
    if (role !== undefined) field.role = role
    if (type === 'enum')
      field.enumValues = (column.distinctValues.topValues(Number.MAX_SAFE_INTEGER) ?? []).map((entry) => entry.value)
    if (type === 'date' && decision.dateFormat !== undefined) field.dateFormat = decision.dateFormat
    if (decision.decimalSeparator !== undefined && (type === 'integer' || type === 'number' || isCoordinate)) {
      field.decimalSeparator = decision.decimalSeparator
    }
    return field
  })

  const choices: ImportChoice[] = fields.flatMap((field, index): ImportChoice[] => {
    const figures = (columns[index] as ColumnStatistics).figures
    if (field.type === 'date' && field.dateFormat !== undefined)
      return [createDateOrderChoice(field.name, field.dateFormat, figures.dateOrder, figures.samples)]
    // A pair column of unlettered numbers has an order to decide, like a date column.
    const pairOrder = figures.coordinates.pairOrder
    if (
      field.role === 'coordinates' &&
      pairOrder !== undefined &&
      pairOrder.latitudeFirst + pairOrder.longitudeFirst + pairOrder.either > 0
    )
      return [createCoordinateOrderChoice(field.name, pairOrder, figures.samples)]
    return []
  })

  const mapping: EventMapping = { location: geo.location }
  if (ids.mapped !== undefined) mapping.id = ids.mapped
  if (text.title !== undefined) mapping.title = text.title
  if (text.description !== undefined) mapping.description = text.description
  if (time.startTime !== undefined) mapping.startTime = time.startTime
  if (time.endTime !== undefined) mapping.endTime = time.endTime
  if (time.dateOrder !== undefined) mapping.dateOrder = time.dateOrder
  // With no answers yet, this adds the choices' warnings and each decided column's order.
  return applyImportAnswers({ fields, rowsSampled, mapping, choices, warnings }, {})
}

/**
 * Detects a schema from rows in one call (a builder fed once).
 * @example detectSchema(['name', 'year'], [{ name: 'Ada', year: '1843' }]).fields[1].role // 'year'
 */
export function detectSchema(headers: readonly string[], rows: readonly Row[]): DetectedSchema {
  const builder = createSchemaBuilder(headers)
  builder.addRows(rows)
  return builder.build()
}
