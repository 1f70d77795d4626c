import type { Endpoint } from 'payload'

import { isAdminUser } from '../access/roles'
import { requireScope } from '../lib/api-keys/require-scope'
import { ApiError, errorResponse, parseIdParameter } from '../lib/api/api-error'
import { databasePool } from '../lib/import/progress-tracking'
import { quotaHolder } from '../lib/quotas/user-quotas'
import { quotaUsage } from '../lib/quotas/quota-usage'

/**
 * `GET /api/usage`: the signed-in user's trust level, and for each quota its limit (null: none)
 * and what they have used. Admins may ask for anyone with `?user=<id>`. Errors: 401 signed out,
 * 403 another user's usage, 404 no such user.
 */
export const usageEndpoint: Endpoint = {
  path: '/usage',
  method: 'get',
  handler: async (req) => {
    try {
      if (!req.user) throw new ApiError(401, 'not-signed-in', 'Sign in to see your usage')
      requireScope(req, 'read')
      const asked = req.searchParams.get('user')
      const userId = asked === null || asked === '' ? req.user.id : parseIdParameter(asked, 'user')
      if (String(userId) !== String(req.user.id) && !isAdminUser(req.user)) {
        throw new ApiError(403, 'forbidden', 'Only admins may see another user’s usage', 'user')
      }
      const holder = await quotaHolder(req.payload, userId)
      if (!holder) throw new ApiError(404, 'not-found', `No user ${userId}`, 'user')
      const report = await quotaUsage(req.payload, databasePool(req.payload), holder)
      return Response.json(report, { headers: { 'Cache-Control': 'private, no-store' } })
    } catch (error) {
      return errorResponse(error, (err) => req.payload.logger.error({ err, msg: 'Usage failed' }))
    }
  },
}
