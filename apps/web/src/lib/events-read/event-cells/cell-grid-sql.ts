/**
 * The map cell of an event's location as SQL, the same grid map-clusters' SQL groups events by,
 * so cells counted ahead of time and events counted on a read agree.
 * @module
 */
import { EARTH_RADIUS_M, MAX_MERCATOR_LATITUDE } from '@chronotope/filters'

/** The column of `e.location`'s cell; `$2` holds the cell size in metres of the zoom. */
export const CELL_X = `floor(radians(st_x(e.location)) * ${EARTH_RADIUS_M}::float8 / $2::float8)`

/** The row of `e.location`'s cell (latitudes clamped to Web Mercator's); `$2` holds the cell size. */
export const CELL_Y =
  `floor(ln(tan(pi() / 4 + radians(greatest(least(st_y(e.location), ${MAX_MERCATOR_LATITUDE}::float8), ` +
  `-${MAX_MERCATOR_LATITUDE}::float8)) / 2)) * ${EARTH_RADIUS_M}::float8 / $2::float8)`
