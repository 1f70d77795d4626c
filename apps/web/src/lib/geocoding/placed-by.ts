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

/** Who placed an event by hand and where, as far as it is known. */
export interface PlacedByHand {
  /** The role they did it in; null when unknown. */
  readonly role: PlacedByRole | null
  /** The name of the place they chose ("Springfield, Illinois, United States"); null when none was given. */
  readonly label: string | null
}

const UNKNOWN: PlacedByHand = { role: null, label: null }

/**
 * Who last placed the event by hand: its `handEdits.location` when an edit recorded one, else the
 * import's correction of the event's place (with the name of the place chosen).
 * @example placedByHand({ coordinates: { source: 'manual', geocodedQuery: 'xqzzy' } }, [{ place: 'xqzzy', role: 'owner', label: 'Xqzzyville, Ohio', … }]) // { role: 'owner', label: 'Xqzzyville, Ohio' }
 */
export function placedByHand(
  event: EventPlacedByHand,
  corrections: readonly StoredPlaceCorrection[] = [],
): PlacedByHand {
  const query = event.coordinates?.geocodedQuery
  const correction = query ? corrections.find((known) => known.place === query) : undefined
  const edits = event.handEdits
  if (edits && typeof edits === 'object') {
    const location = (edits as Record<string, unknown>).location as { role?: unknown; by?: unknown } | undefined
    const role = location && typeof location === 'object' ? roleOf(location.role) : null
    // The place's name comes from the import's correction only when that same person made it.
    const sameHand = correction !== undefined && String(correction.by) === String(location?.by)
    if (role) return { role, label: sameHand ? (correction.label ?? null) : null }
  }
  if (!correction) return UNKNOWN
  return { role: roleOf(correction.role), label: correction.label ?? null }
}

/**
 * Loads the corrections of the event's import job (server side, whatever the visitor may read: only
 * the role and the place's name are shown) and answers {@link placedByHand}; unknown for events not
 * placed by hand, or placed by an editor's correction made in another import.
 */
export async function loadPlacedByHand(
  payload: Payload,
  event: EventPlacedByHand & { readonly importJob?: unknown },
): Promise<PlacedByHand> {
  // Set by hand for this import ('manual'), or by an editor's correction for every import ('manual' provider).
  const isByHand = event.coordinates?.source === 'manual' || event.coordinates?.provider === 'manual'
  if (!isByHand) return placedByHand(event)
  const jobId = idOf(event.importJob)
  if (!jobId) return placedByHand(event)
  const job = (await payload.findByID({
    collection: COLLECTION_NAMES.IMPORT_JOBS,
    id: jobId,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
    select: { geocoding: true },
  })) as unknown as Pick<ImportJobDoc, 'geocoding'> | null
  return placedByHand(event, job?.geocoding?.corrections ?? [])
}
