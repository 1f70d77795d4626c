/**
 * Generates event CSVs for tests and benchmarks: deterministic rows with an id, a title, an ISO
 * time, coordinates, a category, a value and three text fields.
 * @module
 */

/** The header of the generated files. */
export const GENERATED_HEADER = 'id,title,time,lat,lon,category,value,notes,source,tags'

const CATEGORIES = ['protest', 'election', 'storm', 'fire', 'concert', 'trial']

/**
 * Row `index` (from 0) of a generated CSV, the same every time.
 * @example generatedRow(0).startsWith('1,Event 1,') // true
 */
export function generatedRow(index: number): string {
  const id = index + 1
  const time = new Date(Date.UTC(2000, 0, 1) + index * 3_600_000).toISOString()
  const lat = (((index * 7919) % 17_000) / 100 - 85).toFixed(5)
  const lon = (((index * 104_729) % 35_000) / 100 - 175).toFixed(5)
  const category = CATEGORIES[index % CATEGORIES.length]
  const value = ((index * 31) % 1000) + 0.5
  return `${id},Event ${id},${time},${lat},${lon},${category},${value},"Note for ${id}, with a comma",source-${index % 50},tag${index % 7}`
}

/** A whole generated CSV of `rows` rows. */
export function generateEventsCsv(rows: number): string {
  const lines = [GENERATED_HEADER]
  for (let index = 0; index < rows; index++) lines.push(generatedRow(index))
  return `${lines.join('\n')}\n`
}
