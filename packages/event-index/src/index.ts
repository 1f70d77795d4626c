/**
 * An in-memory, column-wise copy of events that answers the events read API without scanning the
 * database: a segment per dataset (ids, times, places, Web Mercator positions and the data fields
 * filters use, dictionary-encoded), row selection by the filter state, and the aggregations of the
 * histogram, map clusters, bounds and list pages. Pure: the app loads segments and keeps them
 * fresh (`apps/web/src/lib/events-read/event-index`).
 * @module
 */
export { EventSegment, NO_CELL, SEGMENT_BYTES_PER_EVENT } from './event-segment'
export type { HeldSegmentColumns, SegmentColumns } from './event-segment'
export { TIME_BLOCK_ROWS, TimeColumn } from './time-column'
export type { TimeColumnParts } from './time-column'
export { FieldColumn, narrowCodes, NO_VALUE } from './field-column'
export type { CodeArray } from './field-column'
export { selectRows, Selection } from './row-selection'
export type {
  BoxedRows,
  DeferredRows,
  RowWalk,
  IndexQuery,
  RowRuns,
  RowSpan,
  RunVisitor,
  SelectionShape,
  SelectOptions,
  WholeValues,
} from './row-selection'
export {
  clusterCells,
  countByBucket,
  locatedExtent,
  locatedIdsUpTo,
  MAX_KEPT_CELL_ZOOM,
  timeExtent,
} from './aggregations'
export type { ClusterCellSummary } from './aggregations'
export { ByteBudgetCache } from './byte-budget-cache'
export { budgetKeptSummaries } from './summary-budget'
export type { SummaryBudgets } from './summary-budget'
export { countPlaces } from './place-counts'
export type { PlaceCounts } from './place-counts'
export { countFieldValues, fieldNumberRange } from './field-aggregations'
export type { FieldNumberRange } from './field-aggregations'
export { compareListOrder, listPage } from './list-page'
export type { ListCursorPosition, PageEntry, PageRequest } from './list-page'
export { parseTextQuery, UnsupportedTextQueryError } from './text-query'
export type { TextQuery } from './text-query'
export { TextPostings, TextPostingsBuilder } from './text-postings'
export type { PackedPostings } from './text-postings'
export { InvalidPostings } from './packed-rows'
export {
  decodeFieldSnapshot,
  decodeSegmentSnapshot,
  decodeTextSnapshot,
  encodeFieldSnapshot,
  encodeSegmentSnapshot,
  encodeTextSnapshot,
  SnapshotMismatch,
} from './snapshot-codec'
export type { SnapshotKey, SnapshotPart, SnapshotWanted } from './snapshot-codec'
