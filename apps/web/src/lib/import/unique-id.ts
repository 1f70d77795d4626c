/**
 * How an event is recognised across imports: by an external id column, or by a hash of chosen
 * fields. The id is stable, so a re-import or a retried batch never creates an event twice.
 * @module
 */
import { hash } from 'node:crypto'

import type { CellValue } from '@chronotope/file-readers'
import type { RowError } from '@chronotope/schema'

import type { DatasetDoc, ResolvedIdStrategy, StoredMapping } from './import-documents'
import { ImportFailure } from './import-failure'
import type { ImportOptions } from './import-options'

/**
 * Decides the id strategy of an import from the upload's options, then the dataset's settings,
 * then what was detected (`auto`: the detected id column, else a hash of every field).
 * @throws {@link ImportFailure} when a named id or hash column is not in the sheet
 */
export function resolveIdStrategy(
  dataset: DatasetDoc,
  options: ImportOptions,
  mapping: StoredMapping,
  headers: readonly string[],
): ResolvedIdStrategy {
  const type = options.idStrategy ?? dataset.idStrategy?.type ?? 'auto'
  const duplicateAction = options.duplicateAction ?? dataset.idStrategy?.duplicateAction ?? 'skip'
  const idField = options.idField ?? mapping.id ?? dataset.idStrategy?.externalIdField ?? undefined
  const hashFields = options.hashFields ?? dataset.idStrategy?.hashFields ?? []
  const check = (names: readonly string[], what: string) => {
    const missing = names.filter((name) => !headers.includes(name))
    if (missing.length > 0) {
      throw new ImportFailure(`The ${what} ${missing.map((n) => `"${n}"`).join(', ')} is not a column of the sheet`)
    }
  }
  if (type === 'external' || (type === 'auto' && idField && headers.includes(idField))) {
    if (!idField) throw new ImportFailure('The id strategy is "external id column" but no id column was chosen')
    check([idField], 'id column')
    return { type: 'external', externalIdField: idField, hashFields: [], duplicateAction }
  }
  check(hashFields, 'hashed column')
  return { type: 'content-hash', hashFields: type === 'content-hash' ? hashFields : [], duplicateAction }
}

function canonical(value: CellValue | undefined): string {
  if (value === null || value === undefined) return ''
  return typeof value === 'string' ? value.trim() : String(value)
}

/**
 * A hash of a row's values (all columns, or the chosen ones), as 27 URL-safe characters.
 * @example contentHash({ a: '1', b: 'x' }, ['a', 'b']).length // 27
 */
export function contentHash(values: Readonly<Record<string, CellValue>>, fields: readonly string[]): string {
  let text = ''
  for (const field of fields) text += `${canonical(values[field])}\u001f`
  return hash('sha1', text, 'base64url')
}

/** A row's unique id, or the reason it has none. */
export type UniqueIdResult = { readonly uniqueId: string; readonly error?: undefined } | { readonly error: RowError }

/**
 * Makes the function that gives each row its unique id under a strategy.
 * @param headers - the sheet's columns, hashed in this order when no hash fields were chosen
 */
export function createUniqueIdMaker(
  strategy: ResolvedIdStrategy,
  headers: readonly string[],
): (values: Readonly<Record<string, CellValue>>, row: number) => UniqueIdResult {
  if (strategy.type === 'external') {
    const column = strategy.externalIdField!
    return (values, row) => {
      const id = canonical(values[column])
      if (id === '') {
        return {
          error: {
            row,
            column,
            value: '',
            code: 'missing-id',
            message: `Row ${row} has no value in the id column "${column}"`,
          },
        }
      }
      return { uniqueId: `id:${id}` }
    }
  }
  const fields = strategy.hashFields.length > 0 ? strategy.hashFields : headers
  return (values) => ({ uniqueId: `h:${contentHash(values, fields)}` })
}
