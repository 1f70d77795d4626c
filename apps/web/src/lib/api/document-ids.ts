/**
 * Which strings can be the id of a document, by the collection's id type, so a route answers 404
 * for `/api/events/abc` or `/api/events/99999999999` instead of sending them to the database.
 * Pure: no Payload, no I/O.
 * @module
 */

/** The largest id a PostgreSQL `serial` (int4) column holds. */
export const MAX_SERIAL_ID = 2_147_483_647

/** A collection's id type as Payload reports it: `number` for serial ids, `text` for string ids. */
export type DocumentIdType = 'number' | 'text'

/**
 * Whether `raw` can be the id of a document whose ids are of `idType`: a whole number from 1 to
 * {@link MAX_SERIAL_ID} written in digits for `number`, any non-empty string for `text`.
 * @example isDocumentId('12', 'number') // true
 * @example isDocumentId('1.5', 'number') // false
 */
export function isDocumentId(raw: string, idType: DocumentIdType): boolean {
  if (idType === 'text') return raw.length > 0
  return /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= MAX_SERIAL_ID
}

/**
 * What ids of `idType` look like, for a message.
 * @example describeDocumentIds('number') // 'whole numbers from 1 to 2147483647'
 */
export function describeDocumentIds(idType: DocumentIdType): string {
  return idType === 'number' ? `whole numbers from 1 to ${MAX_SERIAL_ID}` : 'non-empty strings'
}
