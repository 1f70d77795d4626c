/**
 * `npm run bench:index -- --events N`: the in-memory event index alone, without a database or a
 * web server, on the events `bench:read` seeds (built straight into segments), so a change to the
 * index's selections and aggregations is measured in a minute rather than the half hour a
 * ten-million-event `bench:read` takes. Each read does what its endpoint does in the index (select
 * every dataset's rows, then aggregate), one at a time; the baseline, measured in the same run, is
 * a plain pass over every event testing whether it lies in the view, the least an index without
 * any structure would do. Text searches are left out (their postings come from the database).
 * @module
 */
import os from 'node:os'

import {
  clusterCells,
  countByBucket,
  EventSegment,
  FieldColumn,
  listPage,
  locatedExtent,
  locatedIdsUpTo,
  selectRows,
  timeExtent,
  type IndexQuery,
  type Selection,
} from '@chronotope/event-index'
import { chooseHistogramInterval, listBuckets, snapToCells, type BoundingBox } from '@chronotope/filters'

import { describeLoadAverage } from './machine-load'
import { createEventSource, DATASET_SHARES } from './read-events'
import { MAP_VIEWS, type MapView } from './read-scenarios'

/** Samples per read after its first (which builds the summaries it keeps). */
const SAMPLES = 25
/** Map clusters answer events one by one up to this many (as `map-clusters` does). */
const SINGLE_EVENTS_UP_TO = 200

/** A filter of the mix, as the index takes it. */
interface IndexFilter {
  readonly name: string
  readonly query: IndexQuery
}

const FILTERS: readonly IndexFilter[] = [
  { name: 'none', query: {} },
  { name: 'time 1990s', query: { startMs: Date.UTC(1990, 0, 1), endMs: Date.UTC(1999, 11, 31, 23, 59, 59, 999) } },
  { name: 'enum quake', query: { fields: { category: { kind: 'values', values: ['quake'] } } } },
]

/** One read as its endpoint does it in the index. */
interface IndexRead {
  readonly name: string
  run(segments: readonly EventSegment[], view: MapView, query: IndexQuery): unknown
}

const boxOf = (view: MapView): BoundingBox => {
  const [west, south, east, north] = view.bbox
  return { west, south, east, north }
}
const selectAll = (segments: readonly EventSegment[], query: IndexQuery, ordered: boolean): Selection[] =>
  segments.map((segment) => selectRows(segment, query, undefined, { ordered }))

const READS: readonly IndexRead[] = [
  {
    name: 'map-clusters',
    run: (segments, view, query) => {
      const snapped = snapToCells(boxOf(view), view.zoom)
      const selections = selectAll(segments, { ...query, bbox: snapped, locatedOnly: true }, false)
      return locatedIdsUpTo(selections, SINGLE_EVENTS_UP_TO) ?? clusterCells(selections, view.zoom, snapped)
    },
  },
  {
    name: 'histogram',
    run: (segments, view, query) => {
      const selections = selectAll(segments, { ...query, bbox: boxOf(view) }, false)
      const extent = timeExtent(selections)
      if (!extent) return []
      const [start, end] = [new Date(extent.firstMs), new Date(extent.lastMs)]
      const starts = listBuckets(start, end, chooseHistogramInterval(start, end))
      return countByBucket(
        selections,
        Float64Array.from(starts, (bucket) => bucket.getTime()),
      )
    },
  },
  {
    name: 'list',
    run: (segments, view, query) =>
      listPage(selectAll(segments, { ...query, bbox: boxOf(view) }, true), { descending: false, limit: 100 }),
  },
  {
    name: 'bounds',
    run: (segments, view, query) =>
      locatedExtent(selectAll(segments, { ...query, bbox: boxOf(view), locatedOnly: true }, false)),
  },
]

// `--only europe` keeps the reads whose read, view or filter name holds the text.
function readOnly(argv: readonly string[]): string | undefined {
  const index = argv.indexOf('--only')
  return index >= 0 ? argv[index + 1] : undefined
}

function readEvents(argv: readonly string[]): number {
  const index = argv.indexOf('--events')
  const events = index >= 0 ? Number(argv[index + 1]) : 1_000_000
  if (!Number.isInteger(events) || events < 1000) throw new Error('--events takes a whole number of at least 1000')
  return events
}

// The bench's events, dataset by dataset, in list order, with their category loaded.
function buildSegments(events: number): EventSegment[] {
  const datasetIds = DATASET_SHARES.map((_, index) => index + 1)
  const source = createEventSource(datasetIds)
  const columns = datasetIds.map(() => ({
    ids: [] as number[],
    times: [] as number[],
    longitudes: [] as number[],
    latitudes: [] as number[],
    categories: [] as string[],
  }))
  for (let index = 0; index < events; index++) {
    const event = source(index)
    const into = columns[event.datasetId - 1]!
    into.ids.push(index + 1)
    into.times.push(event.eventTime!.getTime())
    into.longitudes.push(event.longitude!)
    into.latitudes.push(event.latitude!)
    into.categories.push((event.data as { category: string }).category)
  }
  return columns.map((column, index) => {
    const order = Array.from(column.ids.keys()).sort(
      (a, b) => column.times[a]! - column.times[b]! || column.ids[a]! - column.ids[b]!,
    )
    const segment = new EventSegment(datasetIds[index]!, '1', {
      ids: Int32Array.from(order, (row) => column.ids[row]!),
      times: Float64Array.from(order, (row) => column.times[row]!),
      longitudes: Float64Array.from(order, (row) => column.longitudes[row]!),
      latitudes: Float64Array.from(order, (row) => column.latitudes[row]!),
    })
    segment.setField('category', FieldColumn.fromValues(order.map((row) => column.categories[row]!)))
    return segment
  })
}

// The baseline: every event tested against the view, branch-free, counting those inside.
function scanView(segments: readonly EventSegment[], view: MapView): number {
  const [west, south, east, north] = view.bbox
  let inside = 0
  for (const { longitudes, latitudes } of segments) {
    for (let row = 0; row < longitudes.length; row++) {
      const longitude = longitudes[row]!
      const latitude = latitudes[row]!
      inside += +(longitude >= west) & +(longitude <= east) & +(latitude >= south) & +(latitude <= north)
    }
  }
  return inside
}

interface Timing {
  readonly firstMs: number
  readonly p50Ms: number
  readonly p95Ms: number
}

function time(run: () => unknown): Timing {
  const started = performance.now()
  run()
  const firstMs = performance.now() - started
  const samples: number[] = []
  for (let sample = 0; sample < SAMPLES; sample++) {
    const from = performance.now()
    run()
    samples.push(performance.now() - from)
  }
  samples.sort((a, b) => a - b)
  const at = (share: number) => samples[Math.min(samples.length - 1, Math.ceil(share * samples.length) - 1)]!
  return { firstMs, p50Ms: at(0.5), p95Ms: at(0.95) }
}

const ms = (value: number) => value.toFixed(1).padStart(8)

function main(): void {
  const events = readEvents(process.argv)
  const only = readOnly(process.argv)
  const built = performance.now()
  const segments = buildSegments(events)
  const buildSeconds = (performance.now() - built) / 1000
  const bytes = segments.reduce((sum, segment) => sum + segment.byteLength, 0)
  console.log(
    `bench:index, ${events.toLocaleString('en')} events in ${segments.length} segments, built in ${buildSeconds.toFixed(1)} s, ` +
      `${(bytes / events).toFixed(1)} bytes per event before summaries; ` +
      `${os.availableParallelism()} cores, load average ${describeLoadAverage()}`,
  )
  console.log(`\n${'read'.padEnd(14)}${'view'.padEnd(11)}${'filter'.padEnd(12)}   first      p50      p95  p95/scan`)
  for (const view of MAP_VIEWS) {
    const scan = time(() => scanView(segments, view))
    console.log(
      `${'scan'.padEnd(14)}${view.name.padEnd(11)}${'(baseline)'.padEnd(12)}${ms(scan.firstMs)} ${ms(scan.p50Ms)} ${ms(scan.p95Ms)}`,
    )
    for (const filter of FILTERS) {
      for (const read of READS) {
        if (only && !`${read.name} ${view.name} ${filter.name}`.includes(only)) continue
        const timing = time(() => read.run(segments, view, filter.query))
        console.log(
          `${read.name.padEnd(14)}${view.name.padEnd(11)}${filter.name.padEnd(12)}${ms(timing.firstMs)} ${ms(timing.p50Ms)} ${ms(timing.p95Ms)}` +
            `${(timing.p95Ms / scan.p50Ms).toFixed(2).padStart(10)}`,
        )
      }
    }
  }
  const heap = process.memoryUsage()
  console.log(
    `\nheap used ${(heap.heapUsed / 2 ** 20).toFixed(0)} MB, array buffers ${(heap.arrayBuffers / 2 ** 20).toFixed(0)} MB, ` +
      `RSS ${(heap.rss / 2 ** 20).toFixed(0)} MB; load average ${describeLoadAverage()}`,
  )
}

main()
