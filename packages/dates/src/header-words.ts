/** Header words that name a year column, lowercase without accents. */
const YEAR_WORDS = new Set(['year', 'years', 'yr', 'yyyy', 'jahr', 'annee', 'an', 'ano', 'anno', 'jaar'])
/**
 * Header words that name a date or time column. Not 'day' (police-killings' `day` is 1–31, not
 * serials) nor 'data' (too common in English).
 */
const DATE_WORDS = new Set([
  'date',
  'dates',
  'time',
  'datetime',
  'timestamp',
  'ts',
  'epoch',
  'created',
  'updated',
  'modified',
  'published',
  'occurred',
  'started',
  'ended',
  'datum',
  'fecha',
  'zeit',
  'heure',
  'datetime',
  'fechahora',
])
/** Header words that mark a number column that is never a date, even as 'date_id'. */
const NOT_DATE_WORDS = new Set([
  'id',
  'count',
  'number',
  'num',
  'no',
  'nr',
  'population',
  'pop',
  'total',
  'amount',
  'price',
  'qty',
  'quantity',
  'age',
  'zip',
  'code',
  'rank',
  'index',
  'size',
  'fips',
  'fp',
  'income',
  'votes',
  'sum',
  'length',
  'duration',
])

/**
 * Splits a column header into lowercase words: 'createdAt' → ['created', 'at'], 'Année_2' → ['annee'].
 * @example headerWords('Date of Birth') // ['date', 'of', 'birth']
 */
export function headerWords(header: string): string[] {
  return header
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word !== '')
}

/** What a header says about a column of bare numbers. */
export type HeaderMeaning = 'year' | 'date' | 'not-date' | 'unknown'

/**
 * Reads a header for what its column of bare numbers may hold; 'not-date' wins over the others
 * ('year_id' is an id), 'year' over 'date'.
 * @example headerMeaning('Jahr') // 'year'
 * @example headerMeaning('created_at') // 'date'
 * @example headerMeaning('population') // 'not-date'
 */
export function headerMeaning(header: string | undefined): HeaderMeaning {
  if (header === undefined) return 'unknown'
  const words = headerWords(header)
  if (words.some((word) => NOT_DATE_WORDS.has(word))) return 'not-date'
  if (words.some((word) => YEAR_WORDS.has(word))) return 'year'
  if (words.some((word) => DATE_WORDS.has(word))) return 'date'
  return 'unknown'
}
