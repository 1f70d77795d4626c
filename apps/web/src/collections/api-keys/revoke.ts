/**
 * `POST /api/api-keys/{id}/revoke`: revokes a key for good; answers the key (never its secret).
 * @module
 */
import type { Endpoint } from 'payload'

import { COLLECTION_NAMES } from '../../constants/collection-names'
import { ApiError, errorResponse, parseIdParameter } from '../../lib/api/api-error'

/** Revokes one of the caller's keys (admins: anyone's); 404 for a key they cannot see. */
export const revokeKeyEndpoint: Endpoint = {
  path: '/:id/revoke',
  method: 'post',
  handler: async (req) => {
    try {
      if (!req.user) throw new ApiError(401, 'not-signed-in', 'Sign in to revoke an API key')
      const id = parseIdParameter(req.routeParams?.id as string | undefined, 'id')
      const visible = await req.payload.find({
        collection: COLLECTION_NAMES.API_KEYS,
        where: { id: { equals: id } },
        limit: 1,
        depth: 0,
        overrideAccess: false,
        user: req.user,
        req,
      })
      if (visible.docs.length === 0)
        throw new ApiError(404, 'api-key-not-found', `There is no API key ${id} you can see`, 'id')
      const doc = await req.payload.update({
        collection: COLLECTION_NAMES.API_KEYS,
        id,
        data: { revokedAt: new Date().toISOString() },
        depth: 0,
        overrideAccess: false,
        user: req.user,
        req,
      })
      return Response.json(
        { doc, message: `The API key "${doc.name}" is revoked` },
        { headers: { 'Cache-Control': 'no-store' } },
      )
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error)
      if ((error as { status?: number }).status === 403) {
        return errorResponse(new ApiError(403, 'forbidden', 'You may not revoke this API key'))
      }
      return errorResponse(error, (err) => req.payload.logger.error({ err }, 'revoking an API key failed'))
    }
  },
}
