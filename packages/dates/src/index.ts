/**
 * Dates as people write them in spreadsheets: ISO 8601, `M/D/Y` vs `D/M/Y` decided per column, month
 * names in seven languages, Excel serials, Unix times, two-digit years, time zones, years before 1970
 * and before the common era, 'circa' dates and ranges. Pure: no I/O; the clock is read only for the
 * default two-digit-year pivot, and `referenceDate` replaces it.
 * @module
 */
export type { DateNumberReading, DateOrder, DateParts, ParsedDate, ParseDateOptions, TimePrecision } from './types'
export { AmbiguousDateOrder, InvalidDate } from './invalid-date'
export { parseDate, tryParseDate } from './parse-date'
export { parseMonthName } from './month-names'
export { monthName } from './calendar'
export { inferDateOrder } from './infer-date-order'
export {
  classifyDateOrder,
  countDateOrder,
  decideDateOrder,
  emptyDateOrderTally,
  valuesAgainstOrder,
} from './date-order-tally'
export type { DateOrderDecision, DateOrderReading, DateOrderTally } from './date-order-tally'
export { composeDate } from './compose-date'
export { inferDateFormat } from './infer-date-format'
export type { DateColumnFormat, DateFormatKind, InferDateFormatOptions } from './infer-date-format'
export {
  epochMsFromPostgresTimestamp,
  formatPostgresTimestamp,
  InvalidPostgresTimestamp,
  isoFromPostgresTimestamp,
  postgresTimestampFromText,
} from './postgres-timestamp'
export { formatHistoricalDate, formatHistoricalYear, formatYearSpan } from './format-historical-date'
export { formatDateReading } from './format-date-reading'
export { timeAxisTicks } from './time-axis-ticks'
export type { TimeAxisTick, TimeAxisUnit } from './time-axis-ticks'
