import type { Endpoint } from 'payload'

import { openApiDocument } from '../lib/api/openapi-document'

/** `GET /api/openapi.json`: the OpenAPI 3.1 document of the events read API. */
export const openApiEndpoint: Endpoint = {
  path: '/openapi.json',
  method: 'get',
  handler: (req) => {
    const origin = new URL(req.url ?? 'http://localhost/').origin
    return Response.json(openApiDocument(origin), { headers: { 'Cache-Control': 'public, max-age=300' } })
  },
}
