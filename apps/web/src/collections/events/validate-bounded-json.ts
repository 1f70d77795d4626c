/**
 * The size bound of an event's JSON fields on every write path (admin, REST, GraphQL, the event
 * page): imports bound `data` themselves (see `boundEventData`), hand edits are refused instead of
 * silently cut, so that no stored event makes the answers that carry it grow.
 * @module
 */
import { EVENT_BOUNDS, jsonBytes, jsonDepthExceeds, MAX_JSON_DEPTH } from '@chronotope/file-readers'
import type { JSONFieldValidation } from 'payload'
import { json } from 'payload/shared'

/**
 * Payload's own JSON check, then the depth (checked without recursion, before anything
 * serializes the value) and the size of the value as UTF-8 JSON.
 * @example { name: 'data', type: 'json', validate: validateBoundedJson }
 */
export const validateBoundedJson: JSONFieldValidation = (value, options) => {
  const base = json(value, options)
  if (base !== true) return base
  if (value === null || value === undefined) return true
  if (jsonDepthExceeds(value)) return `The values are nested more than ${MAX_JSON_DEPTH} levels deep`
  const bytes = jsonBytes(value)
  const max = EVENT_BOUNDS.maxDataBytes
  if (bytes > max)
    return `The values take ${Math.ceil(bytes / 1024)} KB; an event keeps at most ${max / 1024} KB of values`
  return true
}
