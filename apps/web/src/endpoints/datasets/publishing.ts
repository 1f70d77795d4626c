import type { Endpoint, PayloadRequest } from 'payload'

import { ApiError, errorResponse, parseIdParameter } from '../../lib/api/api-error'
import { describePublishing, describeVisibility } from '../../lib/datasets/describe-publishing'
import { loadDatasetPublishing, setDatasetPublic, type DatasetPublishing } from '../../lib/datasets/publishing'
import { requireScope } from '../../lib/api-keys/require-scope'

function answer(facts: DatasetPublishing): Response {
  return Response.json(
    { ...facts, visibility: describeVisibility(facts), switchEffect: describePublishing(facts) },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

async function isPublicOf(req: PayloadRequest): Promise<boolean> {
  const text = typeof req.text === 'function' ? await req.text() : ''
  let body: unknown
  try {
    body = JSON.parse(text || 'null')
  } catch {
    body = null
  }
  const value = typeof body === 'object' && body !== null ? (body as { isPublic?: unknown }).isPublic : undefined
  if (typeof value !== 'boolean') {
    throw new ApiError(
      400,
      'invalid-body',
      'Send a JSON body { "isPublic": true } or { "isPublic": false }',
      'isPublic',
    )
  }
  return value
}

function datasetId(req: PayloadRequest): number {
  return parseIdParameter(req.routeParams?.id as string | undefined, 'id')
}

/**
 * `GET /api/datasets/{id}/publishing`: whether the dataset is visible to anyone and what the
 * publish switch would make visible (`visibility`, `switchEffect`, with the counts behind them);
 * `POST` with `{ "isPublic": true | false }` flips it (and makes a private catalog the user may
 * change public too). The dataset's owner, editors and admins; 404 for anyone else.
 */
export const datasetPublishingEndpoints: Endpoint[] = [
  {
    path: '/:id/publishing',
    method: 'get',
    handler: async (req) => {
      try {
        return answer(await loadDatasetPublishing(req, datasetId(req)))
      } catch (error) {
        return errorResponse(error, (err) => req.payload.logger.error({ err, msg: 'Reading publishing failed' }))
      }
    },
  },
  {
    path: '/:id/publishing',
    method: 'post',
    handler: async (req) => {
      try {
        requireScope(req, 'import')
        const id = datasetId(req)
        return answer(await setDatasetPublic(req, id, await isPublicOf(req)))
      } catch (error) {
        return errorResponse(error, (err) => req.payload.logger.error({ err, msg: 'Publishing failed' }))
      }
    },
  },
]
