import type { CollectionBeforeChangeHook } from 'payload'

import { COLLECTION_NAMES } from '../../../constants/collection-names'
import { relationId } from '../../../access/relation-id'
import {
  changedEventFields,
  handEditRole,
  recordHandEdits,
  type EditableEvent,
  type HandEdits,
} from '../../../lib/events/hand-edits'
import { COORDINATE_SOURCE } from '../coordinate-provenance-field'

/**
 * Records which fields a signed-in person changed (`handEdits`), whatever path the edit took
 * (admin, REST, GraphQL, the event page), so a re-import of the file keeps them. A point moved by
 * hand is also marked as set by hand in the coordinates' provenance. Imports write events in
 * bulk SQL and never pass here.
 */
export const recordEventHandEdits: CollectionBeforeChangeHook = async ({ data, originalDoc, operation, req }) => {
  if (operation !== 'update' || !req.user || !originalDoc) return data
  const before = originalDoc as EditableEvent & {
    readonly dataset?: unknown
    readonly handEdits?: HandEdits | null
    readonly coordinates?: Record<string, unknown> | null
  }
  const paths = changedEventFields(before, data as EditableEvent)
  if (paths.length === 0) return data
  const datasetId = relationId(before.dataset)
  const dataset =
    datasetId === undefined
      ? undefined
      : await req.payload.findByID({
          collection: COLLECTION_NAMES.DATASETS,
          id: datasetId,
          depth: 0,
          select: { owner: true },
          overrideAccess: true,
          req,
        })
  const edit = {
    by: Number(req.user.id),
    role: handEditRole(req.user, relationId(dataset?.owner)),
    at: new Date().toISOString(),
  }
  const next: Record<string, unknown> = { ...data, handEdits: recordHandEdits(before.handEdits, paths, edit) }
  if (paths.includes('location')) {
    const earlier = before.coordinates ?? {}
    next.coordinates = {
      ...earlier,
      ...(data.coordinates as Record<string, unknown> | undefined),
      source: data.location ? COORDINATE_SOURCE.MANUAL : COORDINATE_SOURCE.NONE,
      provider: null,
      geocodedQuery: null,
      sourceColumns: null,
      confidence: data.location ? 1 : null,
    }
  }
  return next
}
