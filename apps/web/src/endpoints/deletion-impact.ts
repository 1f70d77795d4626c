import type { Endpoint } from 'payload'

import { mayDelete } from '../access/may-edit'
import { COLLECTION_NAMES } from '../constants/collection-names'
import { ApiError, errorResponse, parseIdParameter } from '../lib/api/api-error'
import { describeDeletion, type DeletionImpact } from '../lib/deletion/describe-deletion'
import { datasetDeletionImpact, importDeletionImpact } from '../lib/deletion/deletion-impact'

type Deletable = typeof COLLECTION_NAMES.DATASETS | typeof COLLECTION_NAMES.IMPORT_FILES

const IMPACT: Record<
  Deletable,
  (payload: Parameters<typeof datasetDeletionImpact>[0], id: number) => Promise<DeletionImpact>
> = {
  [COLLECTION_NAMES.DATASETS]: datasetDeletionImpact,
  [COLLECTION_NAMES.IMPORT_FILES]: importDeletionImpact,
}

/**
 * `GET /api/{datasets|import-files}/{id}/deletion`: what deleting the document takes with it,
 * as counts and as the sentences to show before confirming (`{ kind, name, events, …, sentences }`).
 * Only for those who may delete it; 404 for anyone else, 401 when not signed in.
 */
export function deletionImpactEndpoint(collection: Deletable): Endpoint {
  return {
    path: '/:id/deletion',
    method: 'get',
    handler: async (req) => {
      try {
        const id = parseIdParameter(req.routeParams?.id as string | undefined, 'id')
        if (!req.user) throw new ApiError(401, 'not-signed-in', 'Sign in to delete')
        if (!(await mayDelete(req, { collection, id }))) {
          throw new ApiError(404, 'not-found', `There is no ${collection} document ${id} you may delete`, 'id')
        }
        const impact = await IMPACT[collection](req.payload, id)
        return Response.json(
          { ...impact, sentences: describeDeletion(impact) },
          { headers: { 'Cache-Control': 'no-store' } },
        )
      } catch (error) {
        return errorResponse(error, (err) => req.payload.logger.error({ err, msg: 'Deletion impact failed' }))
      }
    },
  }
}
