import type { Endpoint } from 'payload'

import { mayEdit } from '../../access/may-edit'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { ApiError, errorResponse, parseIdParameter } from '../../lib/api/api-error'
import { generateWebhookSecret } from '../../lib/webhooks/webhook-signature'

/**
 * `POST /api/webhooks/{id}/rotate-secret`: replaces the webhook's signing secret with a new one and
 * answers `{ id, secret }`. Deliveries from then on are signed with the new secret. The webhook's
 * owner and admins; 404 for anyone else, 401 when not signed in.
 */
export const rotateWebhookSecretEndpoint: Endpoint = {
  path: '/:id/rotate-secret',
  method: 'post',
  handler: async (req) => {
    try {
      const id = parseIdParameter(req.routeParams?.id as string | undefined, 'id')
      if (!req.user) throw new ApiError(401, 'not-signed-in', 'Sign in to rotate a webhook’s secret')
      if (!(await mayEdit(req, { collection: COLLECTION_NAMES.WEBHOOKS, id }))) {
        throw new ApiError(404, 'not-found', `There is no webhook ${id} you may change`, 'id')
      }
      const secret = generateWebhookSecret()
      await req.payload.update({
        collection: COLLECTION_NAMES.WEBHOOKS,
        id,
        data: { secret },
        depth: 0,
        overrideAccess: true,
      })
      return Response.json({ id, secret }, { headers: { 'Cache-Control': 'no-store' } })
    } catch (error) {
      return errorResponse(error, (err) => req.payload.logger.error({ err, msg: 'Rotating a webhook secret failed' }))
    }
  },
}
