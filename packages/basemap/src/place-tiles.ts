/**
 * How the basemap's place names are served: the world's countries, capitals and big cities in
 * one file (`places.json`), and the towns a close view needs in tiles of 10° by 10°
 * (`places-{column}-{row}.json`), so a small map fetches only the towns around it. Pure, and free
 * of Node: maps in the browser use it to name the files they need.
 * @module
 */

/** The names a map shows from this zoom on are in the tiles, not in `places.json`. */
export const PLACE_TILES_FROM_ZOOM = 7

/** A tile's width and height, in degrees. */
export const PLACE_TILE_DEG = 10

/**
 * The key of the tile holding a point: its column from 180° W and its row from 90° S.
 * @example placeTileKey(2.35, 48.85) // '18-13'
 */
export function placeTileKey(lng: number, lat: number): string {
  const columns = 360 / PLACE_TILE_DEG
  const rows = 180 / PLACE_TILE_DEG
  const column = Math.min(columns - 1, Math.max(0, Math.floor((lng + 180) / PLACE_TILE_DEG)))
  const row = Math.min(rows - 1, Math.max(0, Math.floor((lat + 90) / PLACE_TILE_DEG)))
  return `${column}-${row}`
}

/**
 * The file of a tile, under the basemap's folder.
 * @example placeTileFile('18-13') // 'places-18-13.json'
 */
export function placeTileFile(key: string): string {
  return `places-${key}.json`
}

/**
 * The keys of the tiles a box touches, west to east then south to north; a box across the
 * antimeridian (west > east) takes the tiles on both sides.
 * @example placeTilesOfBox({ west: 1, south: 48, east: 4, north: 50 }) // ['18-13', '18-14']
 */
export function placeTilesOfBox(box: {
  readonly west: number
  readonly south: number
  readonly east: number
  readonly north: number
}): string[] {
  const spans: Array<[number, number]> =
    box.west > box.east
      ? [
          [box.west, 180],
          [-180, box.east],
        ]
      : [[box.west, box.east]]
  const keys = new Set<string>()
  for (const [west, east] of spans) {
    for (let lat = Math.floor(box.south / PLACE_TILE_DEG) * PLACE_TILE_DEG; lat <= box.north; lat += PLACE_TILE_DEG) {
      for (let lng = Math.floor(west / PLACE_TILE_DEG) * PLACE_TILE_DEG; lng <= east; lng += PLACE_TILE_DEG) {
        keys.add(placeTileKey(lng, Math.max(-90, lat)))
      }
    }
  }
  return [...keys]
}
