/**
 * `@chronotope/schema` detects a dataset's schema from sample rows (field types, statistics,
 * roles such as title, time and place, and where coordinates or addresses are), compares schema
 * versions, and converts rows to typed values and event fields during an import. Pure: no I/O.
 *
 * Product services: schema builder, geo location detector, type transformation, schema
 * versioning. Product types: schema field, field statistics, schema builder state, schema change,
 * schema comparison, geo column result.
 * @module
 */
export { BOOLEAN_WORDS, isBooleanQuestionHeader, parseBooleanWord } from './boolean-words'
export type { CellValue, Row } from './cell-value'
export { compareSchemas } from './compare-schemas'
export {
  answerCoordinateOrderChoice,
  coordinateOrderWarnings,
  createCoordinateOrderChoice,
} from './coordinate-order-choice'
export type { SchemaChange, SchemaChangeKind, SchemaComparison } from './compare-schemas'
export {
  answerDateOrderChoice,
  createDateOrderChoice,
  DATE_ORDER_PATTERNS,
  DATE_ORDER_WORDS,
  dateOrderWarnings,
} from './date-order-choice'
export { describeDateProblem } from './date-problem'
export { detectGeoColumns } from './detect-geo-columns'
export { COORDINATE_SHARE } from './locate-geo-columns'
export { InvalidSchemaBuilderState, UnknownFieldType } from './errors'
export { createEventExtractor } from './extract-event-fields'
export type { EventCoordinates, EventExtractorOptions, EventFields, PlaceQuery } from './extract-event-fields'
export { countGeometry, describeGeometries, emptyGeometryTally } from './geometry-summary'
export type { GeometryTally } from './geometry-summary'
export { HEADER_VOCABULARY, matchHeaderRoles, normalizeHeader } from './header-vocabulary'
export type { HeaderMatch } from './header-vocabulary'
export { answerOf, applyImportAnswers, choiceWarnings, unansweredChoices } from './import-choices'
export { isNullMarker, NULL_MARKERS } from './null-markers'
export { parseNumberText } from './number-text'
export type { DecimalSeparator } from './number-text'
export { describeRowError } from './row-error'
export type { RowError } from './row-error'
export { createSchemaBuilder, detectSchema, SCHEMA_BUILDER_STATE_VERSION } from './schema-builder'
export type { SchemaBuilder, SchemaBuilderState } from './schema-builder'
export { DISTINCT_EXACT_CAP } from './statistics/distinct-values'
export { createRowTransformer } from './transform-values'
export type { RowTransformerOptions, TransformedRow, TypedValue } from './transform-values'
export { isWideningTypeChange } from './type-compatibility'
export type {
  AddressColumns,
  CoordinateOrderChoice,
  DateOrderChoice,
  DatePartColumns,
  DetectedSchema,
  EventMapping,
  FieldRole,
  FieldStatistics,
  FieldType,
  GeoColumnResult,
  ImportAnswers,
  ImportChoice,
  ImportChoiceBase,
  ImportChoiceExample,
  ImportChoiceKind,
  SchemaField,
  SchemaWarning,
  SchemaWarningCode,
  ValueTypeName,
} from './types'
