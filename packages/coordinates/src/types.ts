/** Which of the two coordinates a value is. */
export type Axis = 'latitude' | 'longitude'

/** How a combined coordinate column is written. */
export type CoordinateFormat = 'decimal' | 'dms' | 'wkt' | 'geojson'

/** A latitude and longitude read from one combined value, in decimal degrees (WGS 84 as written). */
export interface CoordinateExtraction {
  /** Decimal degrees, north positive; not range-checked (see `validateImportCoordinates`). */
  latitude: number
  /** Decimal degrees, east positive; not range-checked. */
  longitude: number
  /** How the value was written. */
  format: CoordinateFormat
  /**
   * True for two unlettered numbers ('48.85, 2.35'): their order is the column's to decide (see
   * `decideCoordinateOrder`); false when letters, WKT or GeoJSON name the order.
   */
  isOrderFree?: boolean
}
