import type { Endpoint } from 'payload'

import { ApiError, errorResponse } from '../../lib/api/api-error'
import { offlineGeocoder } from '../../lib/import/geocoders'

/** The longest place text searched: a place name with its region and country fits easily. */
const MAX_QUERY_LENGTH = 200

/**
 * `GET /api/places?q=Lyon`: places the offline geocoder knows by that name (any script, close
 * spellings too), best first, for picking an event's place by hand: `{ places: [{ label,
 * latitude, longitude, precision, confidence }] }`. Signed-in users only; nothing leaves the
 * machine.
 */
export const placeSearchEndpoint: Endpoint = {
  path: '/places',
  method: 'get',
  handler: async (req) => {
    try {
      if (!req.user) throw new ApiError(401, 'not-signed-in', 'Sign in to search places')
      const q = (new URL(req.url ?? 'http://localhost/').searchParams.get('q') ?? '').trim()
      if (q.length === 0 || q.length > MAX_QUERY_LENGTH) {
        throw new ApiError(
          400,
          'invalid-parameter',
          `q must be 1 to ${MAX_QUERY_LENGTH} characters; got ${q.length}`,
          'q',
        )
      }
      const result = await offlineGeocoder().geocode({ text: q })
      const places = result.candidates.map(({ label, latitude, longitude, precision, confidence }) => ({
        label,
        latitude,
        longitude,
        precision,
        confidence,
      }))
      return Response.json({ places }, { headers: { 'Cache-Control': 'no-store' } })
    } catch (error) {
      return errorResponse(error, (err) => req.payload.logger.error({ err, msg: 'Place search failed' }))
    }
  },
}
