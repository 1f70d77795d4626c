/**
 * Product and project names a subject may start with, capitalised as their owners write them.
 * Names that are all caps (`CSV`), have inner capitals (`GeoJSON`) or contain a dot (`Next.js`)
 * are recognised without being listed.
 * @example PROPER_NOUNS.includes('Payload') // true
 */
export const PROPER_NOUNS = [
  'PostgreSQL',
  'Postgres',
  'PostGIS',
  'PGlite',
  'Payload',
  'Next.js',
  'MapLibre',
  'Docusaurus',
  'GraphQL',
  'GeoJSON',
  'CSV',
  'XLSX',
  'ODS',
  'TSV',
  'JSON',
  'API',
  'REST',
  'README',
  'TypeScript',
  'JavaScript',
  'Vitest',
  'Playwright',
  'Chromium',
  'Nominatim',
  'OpenCage',
  'Google',
  'Photon',
  'Pelias',
  'LocationIQ',
  'Chronotope',
  'Citus',
  'Debian',
  'Node',
  'Node.js',
  'UTF-8',
  'ISO',
  'SQL',
  'URL',
  'HTTP',
  'CI',
  'PR',
  'Docker',
  'Excel',
  'Linux',
  'Windows',
  'React',
  'Drizzle',
] as const

const KNOWN = new Set<string>(PROPER_NOUNS)

/**
 * Tells whether a capitalised word is a name that keeps its capitals at the start of a subject.
 * @param word - one word, trailing punctuation and a possessive `'s` allowed
 * @example isProperNoun('PostGIS') // true
 * @example isProperNoun("Nominatim's") // true
 * @example isProperNoun('Added') // false
 */
export function isProperNoun(word: string): boolean {
  const bare = word.replace(/['’]s$/, '').replace(/[,:;.!?'")\]]+$/, '')
  if (KNOWN.has(bare)) return true
  const isAllCaps = bare.length >= 2 && /^[A-Z][A-Z0-9]*(?:[-_.][A-Z0-9]+)*$/.test(bare)
  const hasInnerCapital = /^.+[A-Z]/u.test(bare)
  const hasInnerDot = /\w\.\w/.test(bare)
  return isAllCaps || hasInnerCapital || hasInnerDot
}
