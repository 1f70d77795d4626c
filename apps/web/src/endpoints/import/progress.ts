import type { Endpoint } from 'payload'

import { errorResponse, parseIdParameter } from '../../lib/api/api-error'
import { loadImportForRequest } from '../../lib/import/import-access'
import { describeImport } from '../../lib/import/import-progress'

/**
 * `GET /api/import/{importId}`: the import progress: overall status, and per sheet the current
 * stage, rows done/total per stage, rows per second, ETA, counts (events created, duplicates
 * skipped, row errors), geocoding results, the first row errors and schema changes awaiting
 * approval. Visible to the uploader, editors and admins.
 */
export const importProgressEndpoint: Endpoint = {
  path: '/import/:importId',
  method: 'get',
  handler: async (req) => {
    try {
      const importId = parseIdParameter(req.routeParams?.importId as string | undefined, 'importId')
      const file = await loadImportForRequest(req, importId)
      return Response.json(await describeImport(req.payload, file), { headers: { 'Cache-Control': 'no-store' } })
    } catch (error) {
      return errorResponse(error, (err) => req.payload.logger.error({ err, msg: 'Import progress failed' }))
    }
  },
}
