/**
 * Applies a user's column mapping overrides to the detected event mapping, checking that every
 * column they name exists.
 * @module
 */
import type { EventMapping, GeoColumnResult } from '@chronotope/schema'

import type { StoredMapping } from './import-documents'
import { ImportFailure } from './import-failure'
import type { ImportOptions } from './import-options'

function columnsNamedIn(mapping: Partial<EventMapping>): string[] {
  const names: string[] = []
  const add = (value: unknown) => {
    if (typeof value === 'string' && value) names.push(value)
  }
  add(mapping.id)
  add(mapping.title)
  add(mapping.description)
  if (mapping.startTime && 'field' in mapping.startTime) add(mapping.startTime.field)
  if (mapping.startTime && 'parts' in mapping.startTime) Object.values(mapping.startTime.parts).forEach(add)
  add(mapping.endTime?.field)
  const location = mapping.location as Partial<GeoColumnResult> | undefined
  add(location?.latitude)
  add(location?.longitude)
  add(location?.combined)
  Object.values(location?.address ?? {}).forEach(add)
  return names
}

/**
 * The detected mapping with the user's overrides on top.
 * @throws {@link ImportFailure} naming a column the file does not have, and the ones it has
 */
export function applyMappingOverrides(
  detected: EventMapping,
  options: ImportOptions,
  headers: readonly string[],
): StoredMapping {
  const override = options.mapping ?? {}
  const missing = columnsNamedIn(override).filter((name) => !headers.includes(name))
  if (missing.length > 0) {
    throw new ImportFailure(
      `The column mapping names ${missing.map((name) => `"${name}"`).join(', ')}, which the sheet does not have; ` +
        `its columns are ${headers.map((name) => `"${name}"`).join(', ')}`,
    )
  }
  const location: GeoColumnResult = override.location ? { ...override.location } : detected.location
  const merged: Record<string, unknown> = { ...detected, ...override, location }
  // `null` in the overrides clears a detected role (e.g. a column wrongly taken for the end time).
  for (const [key, value] of Object.entries(override)) if (value === null) delete merged[key]
  return { ...(merged as unknown as EventMapping), ...(options.dateOrder ? { dateOrder: options.dateOrder } : {}) }
}
