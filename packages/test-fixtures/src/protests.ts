/**
 * The file shape of issue 26: 300 protests whose one `Date` column mixes day-first dates that can
 * only be read so (`21/01/2024`), ISO dates (`2024-04-05`), written dates (`April 7, 2024`) and
 * day-first dates that read both ways (`03/04/2024`), with Arabic and Cyrillic text, numbers with
 * thousands separators and a few bad rows. Generated, so every row's true date is known; before
 * issue 26 its ambiguous dates were read month first.
 * @module
 */

/** One data row of the protests file and what an import must make of it. */
export interface ProtestRow {
  /** The data row number (the first row after the header is 1). */
  readonly row: number
  /** The `Date` cell as written. */
  readonly date: string
  /** The true date, `YYYY-MM-DD`, or null for a row that must be an `invalid-date` row error. */
  readonly expected: string | null
  /** The `Participants` cell as written, e.g. `1,234`. */
  readonly participants: string
}

/** The bad `Date` values of the protests file, by data row: each must be an `invalid-date` row error. */
export const PROTEST_BAD_DATES = [
  // Contradicts the day-first order: no month 25 (and no month 13 either way).
  { row: 17, value: '13/25/2024' },
  // Can only be read month first, so it contradicts the column's day-first order.
  { row: 88, value: '12/25/2024' },
  { row: 141, value: '31/02/2024' },
  { row: 205, value: 'soon' },
] as const

/** Data rows of the protests file. */
export const PROTEST_ROWS = 300

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** Cities with a title in the language people there write, as a journalist's file has them. */
const PLACES = [
  ['Paris', 'France', 'Manifestation contre la réforme'],
  ['Москва', 'Россия', 'Митинг у Кремля'],
  ['القاهرة', 'مصر', 'مظاهرة في ميدان التحرير'],
  ['Berlin', 'Germany', 'Demo am Alexanderplatz'],
  ['Київ', 'Україна', 'Протест на Майдані'],
  ['بيروت', 'لبنان', 'احتجاج في وسط المدينة'],
] as const

function pad(value: number): string {
  return String(value).padStart(2, '0')
}

/** The i-th protest's true month and day: every month, days spread over 1–28. */
function trueDate(index: number): { month: number; day: number } {
  return { month: (index % 12) + 1, day: ((index * 7 + Math.floor(index / 12)) % 28) + 1 }
}

/**
 * How the i-th protest's date is written, in eights: half ISO (so year-first values outnumber the
 * others, as in the file), a quarter day first with a day over 12 (only readable day
 * first), one with the month's name, one day first with a day of 12 or less (readable both ways:
 * the 38 rows the issue found in the wrong month).
 */
function writtenDate(index: number): string {
  const { month } = trueDate(index)
  let { day } = trueDate(index)
  switch (index % 8) {
    case 0:
    case 7:
      day = 13 + (index % 16)
      return `${pad(day)}/${pad(month)}/2024`
    case 5:
      return `${MONTHS[month - 1]} ${day}, 2024`
    case 6:
      // A day of 12 or less that differs from the month, so the value reads both ways.
      day = (day % 12) + 1 === month ? ((day + 1) % 12) + 1 : (day % 12) + 1
      return `${pad(day)}/${pad(month)}/2024`
    default:
      return `2024-${pad(month)}-${pad(day)}`
  }
}

function expectedDate(text: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (iso) return text
  const slash = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text)
  if (slash) return `${slash[3]}-${slash[2]}-${slash[1]}`
  const words = /^([A-Z][a-z]+) (\d{1,2}), (\d{4})$/.exec(text)
  if (!words) throw new Error(`The generator wrote a date it cannot check: ${text}`)
  return `${words[3]}-${pad(MONTHS.indexOf(words[1] ?? '') + 1)}-${pad(Number(words[2]))}`
}

function csvCell(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/**
 * The protests file as CSV text and each row's expectations.
 * @example protestsCsv().rows.filter((row) => row.expected === null).length // 4
 */
export function protestsCsv(): { csv: string; rows: ProtestRow[] } {
  const lines = ['id,Date,City,Country,Title,Participants,Notes']
  const rows: ProtestRow[] = []
  const bad = new Map<number, string>(PROTEST_BAD_DATES.map(({ row, value }) => [row, value]))
  for (let index = 0; index < PROTEST_ROWS; index++) {
    const row = index + 1
    const date = bad.get(row) ?? writtenDate(index)
    const [city, country, title] = PLACES[index % PLACES.length]!
    const participants = (((index * 7919) % 98_000) + 1_000).toLocaleString('en-US')
    lines.push(
      [`p-${row}`, date, city, country, `${title} #${row}`, participants, index % 9 === 0 ? 'police present' : '']
        .map(csvCell)
        .join(','),
    )
    rows.push({ row, date, expected: bad.has(row) ? null : expectedDate(date), participants })
  }
  return { csv: `${lines.join('\n')}\n`, rows }
}

/**
 * A file whose `Date` column cannot decide its order: every value written with numbers fits day
 * first and month first (`03/04/2024`), beside ISO dates that do not tell. Its true dates are day
 * first, so an import must ask, and with day first chosen read every row as `expected`.
 * @example undecidedDatesCsv().rows[0] // { row: 1, date: '02/01/2024', expected: '2024-01-02', ... }
 */
export function undecidedDatesCsv(): { csv: string; rows: ProtestRow[] } {
  const lines = ['Date,End date,City,Participants']
  const rows: ProtestRow[] = []
  for (let index = 0; index < 40; index++) {
    const row = index + 1
    const month = (index % 12) + 1
    const day = (index % 11) + 1 === month ? ((index + 1) % 11) + 2 : (index % 11) + 1
    const date = index % 4 === 3 ? `2024-${pad(month)}-${pad(day)}` : `${pad(day)}/${pad(month)}/2024`
    const end = `${pad(day)}.${pad(month)}.2024`
    const participants = String(100 + index)
    lines.push([date, end, PLACES[index % PLACES.length]![0], participants].map(csvCell).join(','))
    rows.push({ row, date, expected: `2024-${pad(month)}-${pad(day)}`, participants })
  }
  return { csv: `${lines.join('\n')}\n`, rows }
}
