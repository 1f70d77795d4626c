/**
 * Who placed an event by hand, in what role, for the event page's "placed by hand by its owner".
 * @module
 */
import type { Payload } from 'payload'

import type { PlacedByRole } from '../../components/event/coordinate-provenance'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { idOf, type ImportJobDoc, type StoredPlaceCorrection } from '../import/import-documents'

const ROLES: readonly string[] = ['owner', 'editor', 'admin']

/** The parts of an event this reads. */
export interface EventPlacedByHand {
  readonly handEdits?: unknown
  readonly coordinates?: {
    readonly source?: string | null
    readonly provider?: string | null
    readonly geocodedQuery?: string | null
  } | null
}

function roleOf(value: unknown): PlacedByRole | null {
  return typeof value === 'string' && ROLES.includes(value) ? (value as PlacedByRole) : null
}

/**
 * The role of whoever last placed the event by hand: its `handEdits.location` when an edit recorded
 * one, else the import's correction of the event's place; null when unknown.
 * @example placedByRole({ coordinates: { source: 'manual', geocodedQuery: 'xqzzy' } }, [{ place: 'xqzzy', role: 'owner', … }]) // 'owner'
 */
export function placedByRole(
  event: EventPlacedByHand,
  corrections: readonly StoredPlaceCorrection[] = [],
): PlacedByRole | null {
  const edits = event.handEdits
  if (edits && typeof edits === 'object') {
    const location = (edits as Record<string, unknown>).location
    const role = location && typeof location === 'object' ? roleOf((location as { role?: unknown }).role) : null
    if (role) return role
  }
  const query = event.coordinates?.geocodedQuery
  if (!query) return null
  return roleOf(corrections.find((correction) => correction.place === query)?.role)
}

/**
 * Loads the corrections of the event's import job (server side, whatever the visitor may read: only
 * the role is shown) and answers {@link placedByRole}; null for events not placed by hand, or placed
 * by an editor's correction made in another import.
 */
export async function loadPlacedByRole(
  payload: Payload,
  event: EventPlacedByHand & { readonly importJob?: unknown },
): Promise<PlacedByRole | null> {
  // Set by hand for this import ('manual'), or by an editor's correction for every import ('manual' provider).
  const isByHand = event.coordinates?.source === 'manual' || event.coordinates?.provider === 'manual'
  if (!isByHand) return placedByRole(event)
  const jobId = idOf(event.importJob)
  if (!jobId) return placedByRole(event)
  const job = (await payload.findByID({
    collection: COLLECTION_NAMES.IMPORT_JOBS,
    id: jobId,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
    select: { geocoding: true },
  })) as unknown as Pick<ImportJobDoc, 'geocoding'> | null
  return placedByRole(event, job?.geocoding?.corrections ?? [])
}
