/**
 * The filter state of the events read API (`/api/events`, `/list`, `/histogram`, `/map-clusters`,
 * `/bounds`, the exports): one set of URL parameters, parsed, validated and encoded here, plus the
 * pure math those endpoints share: calendar-aware histogram buckets (BCE-safe, UTC, as PostgreSQL's
 * `date_trunc`), the Web Mercator grid of map clusters, and antimeridian boxes. Pure: no I/O, no
 * database; usable in the browser.
 * @module
 */
export { FilterParameterError } from './filter-parameter-error'
export { encodeFilterState, filterStateKey, MAX_FILTER_IDS, MAX_TEXT_LENGTH, parseFilterState } from './filter-state'
export type { BoundingBox, FieldFilter, FilterState } from './filter-state'
export {
  encodeFieldFilters,
  fieldPathProblem,
  MAX_FIELD_PATH_SEGMENTS,
  MAX_FIELD_VALUE_LENGTH,
  MAX_FIELD_VALUES,
  MAX_FILTERED_FIELDS,
  parseFieldFilters,
} from './field-filters'
export {
  EARLIEST_FILTER_MS,
  formatFilterInstant,
  LATEST_FILTER_MS,
  parseFilterDate,
  parseFilterInstant,
} from './filter-dates'
export { crossesAntimeridian, parseBoundingBox, splitBoundingBox } from './bounding-box'
export { postgisViewBox, singleDown, singleUp } from './postgis-box'
export {
  DEFAULT_LIMIT,
  MAX_LIMIT,
  MAX_LIST_FIELDS,
  MAX_PAGE,
  MAX_ZOOM,
  parseHistogramInterval,
  parseListParams,
  parseZoom,
} from './query-params'
export type { EventSort, HistogramIntervalParam, ListParams } from './query-params'
export { decodeCursor, encodeCursor } from './event-cursor'
export type { EventCursor } from './event-cursor'
export {
  chooseHistogramInterval,
  countBuckets,
  HISTOGRAM_INTERVALS,
  listBuckets,
  MAX_HISTOGRAM_BUCKETS,
  nextBucket,
  rollUpDayCounts,
  truncateToInterval,
} from './histogram-buckets'
export type { HistogramInterval, HistogramTarget } from './histogram-buckets'
export {
  CELLS_PER_TILE,
  cellOf,
  clusterCellSize,
  EARTH_RADIUS_M,
  finestCellX,
  lngLatToMercator,
  MAX_CLUSTER_ZOOM,
  MAX_MERCATOR_LATITUDE,
  mercatorToLngLat,
  snapToCells,
  TILE_SIZE_PX,
  WORLD_WIDTH_M,
} from './cluster-grid'
export type { ClusterCell } from './cluster-grid'
export { cellRangesOfView, innerCellRange, stripsAroundCells, type CellRange } from './cell-ranges'
export { PLACE_ZOOM, placeKey, placeOf, placeOfExtent } from './map-places'
