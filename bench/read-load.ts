/**
 * Timing for `npm run bench:read`: a fixed number of requests to one URL from several concurrent
 * clients after a few warm-up requests, the export throughput of a streamed answer, and
 * nearest-rank percentiles.
 * @module
 */

/** A request that did not answer 200, kept so the benchmark can say why once. */
export interface FailedRequest {
  /** The HTTP status, or `error` when the request itself failed (refused, timed out). */
  readonly status: number | 'error'
  readonly body: string
}

/** What {@link measureRequests} saw. */
export interface RequestTimings {
  /** Milliseconds from sending to the last byte of the body, of the requests that answered 200. */
  readonly latenciesMs: number[]
  readonly failures: number
  readonly firstFailure?: FailedRequest
  /** The body of one 200 answer, for checking what it holds. */
  readonly sampleBody?: string
}

/** How {@link measureRequests} loads the server. */
export interface LoadOptions {
  readonly warmups: number
  readonly requests: number
  readonly concurrency: number
  readonly timeoutMs: number
  /** No request is started after this many milliseconds of timed requests, so slow scenarios end. */
  readonly budgetMs: number
}

async function timeRequest(
  url: string,
  timeoutMs: number,
): Promise<{ ms: number; status: number | 'error'; body: string }> {
  const started = performance.now()
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
    const body = await response.text()
    return { ms: performance.now() - started, status: response.status, body }
  } catch (error) {
    return {
      ms: performance.now() - started,
      status: 'error',
      body: error instanceof Error ? error.message : String(error),
    }
  }
}

/**
 * Sends `warmups` requests one by one (not timed), then `requests` requests from `concurrency`
 * clients that each send their next request when the previous one has answered, fewer when
 * `budgetMs` runs out first.
 */
export async function measureRequests(url: string, options: LoadOptions): Promise<RequestTimings> {
  for (let warmup = 0; warmup < options.warmups; warmup++) await timeRequest(url, options.timeoutMs)
  const latenciesMs: number[] = []
  let failures = 0
  let firstFailure: FailedRequest | undefined
  let sampleBody: string | undefined
  let sent = 0
  const started = performance.now()
  const client = async () => {
    while (sent < options.requests && performance.now() - started < options.budgetMs) {
      sent++
      const { ms, status, body } = await timeRequest(url, options.timeoutMs)
      if (status === 200) {
        latenciesMs.push(ms)
        sampleBody ??= body
      } else {
        failures++
        firstFailure ??= { status, body: body.slice(0, 500) }
      }
    }
  }
  await Promise.all(Array.from({ length: options.concurrency }, client))
  return { latenciesMs, failures, firstFailure, sampleBody }
}

/**
 * The nearest-rank percentile of some values; NaN when there are none.
 * @example percentile([5, 1, 3, 2, 4], 0.5) // 3
 */
export function percentile(values: readonly number[], share: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!
}

/** What {@link measureExport} read. */
export interface ExportThroughput {
  /** Data rows (CSV lines after the header, or GeoJSON features). */
  readonly rows: number
  readonly seconds: number
  readonly failure?: FailedRequest
}

// A GeoJSON feature's own type member; `"type":"FeatureCollection"` does not match.
const FEATURE_TYPE = /"type"\s*:\s*"Feature"/g
// The longest text a feature's type member can span, kept across chunk boundaries.
const FEATURE_TYPE_OVERLAP = 40

/**
 * Downloads one export and counts its rows as they stream: newlines for CSV (the header is not a
 * row), feature type members for GeoJSON.
 */
export async function measureExport(
  url: string,
  format: 'csv' | 'geojson',
  timeoutMs: number,
): Promise<ExportThroughput> {
  const started = performance.now()
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
    if (response.status !== 200 || !response.body) {
      return { rows: 0, seconds: 0, failure: { status: response.status, body: (await response.text()).slice(0, 500) } }
    }
    let rows = 0
    let lastByte = 10
    let tail = ''
    const decoder = new TextDecoder()
    const reader = response.body.getReader()
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      const chunk = read.value
      if (chunk.length === 0) continue
      if (format === 'csv') {
        for (let index = 0; index < chunk.length; index++) if (chunk[index] === 10) rows++
        lastByte = chunk[chunk.length - 1]!
      } else {
        const text = tail + decoder.decode(chunk, { stream: true })
        let keepFrom = Math.max(0, text.length - FEATURE_TYPE_OVERLAP)
        for (const match of text.matchAll(FEATURE_TYPE)) {
          rows++
          keepFrom = Math.max(keepFrom, match.index + match[0].length)
        }
        tail = text.slice(keepFrom)
      }
    }
    // A CSV's lines minus the header, counting a last line without a newline.
    if (format === 'csv') rows = rows + (lastByte === 10 ? 0 : 1) - 1
    return { rows: Math.max(0, rows), seconds: (performance.now() - started) / 1000 }
  } catch (error) {
    return {
      rows: 0,
      seconds: 0,
      failure: { status: 'error', body: error instanceof Error ? error.message : String(error) },
    }
  }
}
