/**
 * Measures the import's hot paths: schema detection on a 10,000-row sample, and the row
 * transformer and event extractor over 1,000,000 rows of 10 fields.
 * Run: `npx tsx packages/schema/bench/import-rows.ts` (figures vary by machine).
 */
import { createEventExtractor, createRowTransformer, detectSchema } from '../src/index'

const headers = ['id', 'date', 'title', 'lat', 'lng', 'city', 'state', 'count', 'amount', 'notes']
const states = ['OH', 'FL', 'NC', 'PA', 'IA', 'NH', 'TX', 'CA']

function rowAt(index: number): Record<string, string> {
  return {
    id: `e${index}`,
    date: `${(index % 12) + 1}/${(index % 28) + 1}/20${10 + (index % 15)}`,
    title: `Event number ${index}`,
    lat: (25 + (index % 2000) / 100).toFixed(5),
    lng: (-120 + (index % 5000) / 100).toFixed(5),
    city: `City ${index % 500}`,
    state: states[index % states.length] as string,
    count: String(index % 1000),
    amount: `$${(index % 100_000).toLocaleString('en-US')}.50`,
    notes: index % 3 === 0 ? '' : `A note about event ${index} with some more words in it`,
  }
}

function measure(label: string, count: number, run: () => void): void {
  const started = performance.now()
  run()
  const elapsedMs = performance.now() - started
  console.log(
    `${label}: ${elapsedMs.toFixed(0)} ms (${Math.round((count / elapsedMs) * 1000).toLocaleString('en-US')} rows/s)`,
  )
}

const sample = Array.from({ length: 10_000 }, (_, index) => rowAt(index))
let schema = detectSchema(headers, sample.slice(0, 100))
measure('detectSchema, 10,000 rows × 10 fields', sample.length, () => {
  schema = detectSchema(headers, sample)
})
console.log('  types:', schema.fields.map((field) => `${field.name}=${field.type}`).join(' '))

const rowCount = 1_000_000
const rows = Array.from({ length: 10_000 }, (_, index) => rowAt(index * 7 + 3))
const transform = createRowTransformer(schema.fields)
const extract = createEventExtractor(schema.mapping)
let errors = 0
measure('createRowTransformer, 1,000,000 rows × 10 fields', rowCount, () => {
  for (let index = 0; index < rowCount; index++)
    errors += transform(rows[index % rows.length] as Record<string, string>, index).errors.length
})
measure('createEventExtractor, 1,000,000 rows', rowCount, () => {
  for (let index = 0; index < rowCount; index++)
    errors += extract(rows[index % rows.length] as Record<string, string>, index).errors.length
})
console.log(`  row errors: ${errors}`)
