/**
 * The data fields of each dataset's events, found in a sample of the dataset (its
 * {@link FILTER_SAMPLE_SIZE} events of the lowest unique ids) and kept per dataset and events
 * version, so the `filters` endpoint does not sample the database again on every filter change: a
 * dataset is sampled once, and again only after its events change. The fields of a selection are
 * those of its datasets; which of them the filtered events actually have is told by their counts.
 * @module
 */
import type { Pool, PoolClient } from 'pg'

import type { DatasetScope } from './event-conditions'
import { readDatasetVersions } from './event-index/segment-loader'

/** Events sampled per dataset to find its fields. */
export const FILTER_SAMPLE_SIZE = 2000
/** A text field with more distinct values than this in the sample is free text, not a value list. */
export const MAX_LISTED_VALUES = 50

/** What a sample says of one field. */
export interface FieldSample {
  /** Events whose value is text. */
  readonly strings: number
  /** Events whose value is a number. */
  readonly numbers: number
  /** Its distinct text values, at most {@link MAX_LISTED_VALUES} + 1 (more means "too many to list"). */
  readonly values: ReadonlySet<string>
}

/** A sample's fields by name. */
export type FieldSamples = ReadonlyMap<string, FieldSample>

/** The fields found: those listed by value and those given as a range. */
export interface FieldKinds {
  readonly valueKeys: readonly string[]
  readonly numberKeys: readonly string[]
}

/**
 * Several datasets' samples as one: counts added, values united (up to one past the limit).
 * @example mergeFieldSamples([new Map([['kind', { strings: 2, numbers: 0, values: new Set(['a']) }]])]).get('kind')?.strings // 2
 */
export function mergeFieldSamples(samples: readonly FieldSamples[]): Map<string, FieldSample> {
  const merged = new Map<string, { strings: number; numbers: number; values: Set<string> }>()
  for (const sample of samples) {
    for (const [key, field] of sample) {
      const into = merged.get(key) ?? { strings: 0, numbers: 0, values: new Set<string>() }
      into.strings += field.strings
      into.numbers += field.numbers
      for (const value of field.values) {
        if (into.values.size > MAX_LISTED_VALUES) break
        into.values.add(value)
      }
      merged.set(key, into)
    }
  }
  return merged
}

/**
 * Which fields are value lists (text only, at most {@link MAX_LISTED_VALUES} distinct values, some
 * repeated) and which are ranges (numbers only).
 * @example fieldKindsOf(new Map([['size', { strings: 0, numbers: 3, values: new Set() }]])) // { valueKeys: [], numberKeys: ['size'] }
 */
export function fieldKindsOf(samples: FieldSamples): FieldKinds {
  const valueKeys: string[] = []
  const numberKeys: string[] = []
  for (const [key, field] of samples) {
    const distinct = field.values.size
    if (field.strings > 0 && field.numbers === 0 && distinct <= MAX_LISTED_VALUES && distinct < field.strings)
      valueKeys.push(key)
    else if (field.numbers > 0 && field.strings === 0) numberKeys.push(key)
  }
  return { valueKeys, numberKeys }
}

/**
 * The fields of a dataset's {@link FILTER_SAMPLE_SIZE} events of the lowest unique ids (a pool, or a
 * client inside a transaction that must see the same events). Unique-id order makes the sample the
 * same in every process and after every restart, whatever order the rows were stored in, and the
 * dataset's unique index reads it without visiting the other events; hashed ids spread it over the
 * whole file rather than its first rows.
 */
export async function sampleDatasetFields(db: Pool | PoolClient, datasetId: number): Promise<FieldSamples> {
  const { rows } = await db.query<{ key: string; strings: number; numbers: number; values: string[] | null }>(
    `select kv.key,
       count(*) filter (where jsonb_typeof(kv.value) = 'string')::int as strings,
       count(*) filter (where jsonb_typeof(kv.value) = 'number')::int as numbers,
       (array_agg(distinct kv.value #>> '{}') filter (where jsonb_typeof(kv.value) = 'string'))[1:$3] as values
     from (select e.data from events e where e.dataset_id = $1 and jsonb_typeof(e.data) = 'object'
           order by e.unique_id limit $2) s,
       jsonb_each(s.data) kv
     group by kv.key`,
    [datasetId, FILTER_SAMPLE_SIZE, MAX_LISTED_VALUES + 1],
  )
  return new Map(
    rows.map((row) => [row.key, { strings: row.strings, numbers: row.numbers, values: new Set(row.values ?? []) }]),
  )
}

/** A dataset's sample, and the events version it was taken at. */
interface HeldSample {
  readonly version: string
  readonly sample: Promise<FieldSamples>
}

/** Per database (its pool), per dataset: the sample of its latest events version seen. */
const samplesByDatabase = new WeakMap<Pool, Map<number, HeldSample>>()

/**
 * The samples of the datasets in `scope` that have events, each taken once per events version.
 * A failed sample is not kept, so the next request tries again.
 */
export async function datasetFieldSamples(pool: Pool, scope: DatasetScope): Promise<FieldSamples[]> {
  if (scope !== 'all' && scope.length === 0) return []
  const versions = await readDatasetVersions(pool, scope)
  let held = samplesByDatabase.get(pool)
  if (!held) samplesByDatabase.set(pool, (held = new Map<number, HeldSample>()))
  const cache = held
  if (scope === 'all') for (const datasetId of cache.keys()) if (!versions.has(datasetId)) cache.delete(datasetId)
  const samples: Array<Promise<FieldSamples>> = []
  for (const [datasetId, { version, count }] of versions) {
    if (count === 0) continue
    let entry = cache.get(datasetId)
    if (!entry || entry.version !== version) {
      const sample = sampleDatasetFields(pool, datasetId)
      entry = { version, sample }
      cache.set(datasetId, entry)
      sample.catch(() => {
        if (cache.get(datasetId)?.sample === sample) cache.delete(datasetId)
      })
    }
    samples.push(entry.sample)
  }
  return Promise.all(samples)
}
