/**
 * How finely a {@link ParsedDate} is known: `'1848'` is known to the year, `'2021-04'` to the month,
 * `'2021-04-03T10:15'` to the minute.
 */
export type TimePrecision = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second'

/**
 * The order of the parts in a numeric date: `MDY` is 04/03/2021 for April 3rd (United States), `DMY`
 * is 03/04/2021 for April 3rd (most of the world), `YMD` is 2021/04/03.
 */
export type DateOrder = 'MDY' | 'DMY' | 'YMD'

/**
 * A date as read from one cell: an instant plus how precisely and how certainly it is known.
 * Zone-less times are read as UTC.
 */
export interface ParsedDate {
  /** The UTC instant in milliseconds since 1970-01-01T00:00:00Z (proleptic Gregorian calendar). */
  epochMs: number
  /**
   * `new Date(epochMs).toISOString()`; years before 0 or after 9999 use the expanded form
   * (`-000043-03-15T00:00:00.000Z` is 15 March 44 BC: astronomical years, 1 BC = year 0).
   */
  iso: string
  /** How finely the value was written: `'1848'` → `year`, `'April 2021'` → `month`. */
  precision: TimePrecision
  /** True for 'c. 1850', 'circa 1850', 'ca. 1850', '~1850', '1850?', 'about 1850'. */
  isApproximate?: boolean
  /**
   * The end of a range ('1914–1918', 'June 3-5, 2020', '2020-01-01/2020-03-31'), itself the start of
   * its own precision unit: '1914–1918' ends with 1918-01-01 at year precision, so the range covers
   * the whole of 1918.
   */
  end?: ParsedDate
}

/** How {@link parseDate} reads bare numbers such as `44197` or `1617408000`. */
export type DateNumberReading = 'excel-serial' | 'unix-seconds' | 'unix-milliseconds' | 'year' | 'reject'

/** Options for {@link parseDate}; usually the column-level decisions of {@link inferDateFormat}. */
export interface ParseDateOptions {
  /**
   * The order of numeric dates with `/`, `.` or `-` separators. Default: decided per value (a first
   * part over 12 is a day), preferring MDY when both parts are 12 or less.
   */
  order?: DateOrder
  /**
   * What a numeric date that reads both ways (`03/04/2021`) does when `order` is not given:
   * `month-first` (the default) reads it month first; `reject` throws `AmbiguousDateOrder`,
   * as an import must rather than guess.
   */
  onAmbiguousOrder?: 'month-first' | 'reject'
  /**
   * How bare numbers are read. Default: by magnitude: integers of 1 to 4 digits are years, 1e9 to
   * 1e10 are Unix seconds, 1e12 to 1e13 are Unix milliseconds, 8-digit YYYYMMDD is a basic ISO date;
   * anything else is rejected (Excel serials only when set explicitly).
   */
  numbers?: DateNumberReading
  /** Excel serials use the 1904 date system (old Mac workbooks): serial 0 is 1904-01-01. */
  excel1904?: boolean
  /**
   * Two-digit years up to this value are 20xx, above it 19xx. Default: the reference year's last two
   * digits plus 10 (in 2025: 35, so '35' → 2035 and '36' → 1936).
   */
  twoDigitYearPivot?: number
  /**
   * The "now" used for the default two-digit-year pivot. Pass it to keep parsing pure; without it
   * the clock is read, only when a two-digit year is met.
   */
  referenceDate?: Date
}

/**
 * Split date columns of one row, e.g. police-killings' `month` 'February', `day` 23, `year` 2015.
 */
export interface DateParts {
  /** The year: 2015, '2015', '-43' or '44 BC'. */
  year: string | number
  /** The month: 2, '02', 'February', 'févr.'. */
  month?: string | number
  /** The day of the month: 23 or '23'. */
  day?: string | number
  /** A time of day: '14:30', '14:30:15', '3:45 PM'. */
  time?: string
}
