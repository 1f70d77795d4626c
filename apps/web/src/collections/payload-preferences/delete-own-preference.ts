import type { PayloadHandler } from 'payload'

/** Payload's collection of admin preferences (column choices, open groups), one per user and key. */
export const PREFERENCES_SLUG = 'payload-preferences'

/** Thrown when the caller has no preference of the key they asked to delete; answered 404. */
export class UnknownPreference extends Error {
  /** The HTTP status Payload's error handler answers with. */
  readonly status = 404
  /** A stable machine-readable code. */
  readonly code = 'not-found'

  /** @param key - the preference key asked for */
  constructor(readonly key: string) {
    super(`payload-preferences/${key}: you have no preference of this key`)
    this.name = 'UnknownPreference'
  }
}

/**
 * Wraps Payload's `DELETE /api/payload-preferences/:key`, which answered 500 for a key the caller
 * has no preference of (its database delete fails on finding nothing), so that it answers 404.
 * Signed-out callers go on to Payload's own 401.
 */
export function deleteOwnPreference(handler: PayloadHandler): PayloadHandler {
  return async (req) => {
    const key = (req.routeParams as { key?: unknown } | undefined)?.key
    if (req.user && typeof key === 'string') {
      const { totalDocs } = await req.payload.count({
        collection: PREFERENCES_SLUG,
        where: {
          and: [
            { key: { equals: key } },
            { 'user.value': { equals: req.user.id } },
            { 'user.relationTo': { equals: req.user.collection } },
          ],
        },
        overrideAccess: true,
        req,
      })
      if (totalDocs === 0) throw new UnknownPreference(key)
    }
    return handler(req)
  }
}
