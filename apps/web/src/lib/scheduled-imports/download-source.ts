/**
 * Downloads the source of a scheduled import, bounded in size, total time and silence, through
 * the outbound policy of the online geocoders (public addresses only unless allow-listed, checked
 * after DNS and on every redirect). A conditional request (ETag, Last-Modified) and the hash of
 * the last imported body let a run that finds nothing new stop before any import work.
 * @module
 */
import { createHash } from 'node:crypto'
import { open, rm, type FileHandle } from 'node:fs/promises'

import {
  createGuardedFetch,
  OutboundRequestRefused,
  shownUrl,
  type GuardedFetchOptions,
  type OutboundAllowList,
} from '@chronotope/geocoding'

import { describeSourceUrl } from './source-url'

/** Redirects a scheduled import follows, each checked like the first address. */
export const SOURCE_MAX_REDIRECTS = 3

/** What {@link downloadSource} needs for one run. */
export interface SourceDownloadRequest {
  /** The address to fetch (http or https). */
  readonly url: string
  /** Where the body is written; the caller owns the file. It is removed when unchanged and on any failure. */
  readonly targetPath: string
  /** The last run's `ETag`, sent as `If-None-Match`. */
  readonly etag?: string | null
  /** The last run's `Last-Modified`, sent as `If-Modified-Since`. */
  readonly lastModified?: string | null
  /** sha256 (hex) of the last imported body: the same body again is "unchanged". */
  readonly previousHash?: string | null
  /** The largest body accepted, in bytes. */
  readonly maxBytes: number
  /** The whole download, from connecting to the last byte, in milliseconds. */
  readonly timeoutMs: number
  /** The longest silence (no byte) before the download is cut off, in milliseconds. */
  readonly stallTimeoutMs: number
  /** A guarded fetch ({@link createSourceFetch}). */
  readonly fetch: typeof fetch
}

/** What a download found. */
export type SourceDownload =
  /** The server answered 304: nothing changed since the last run; nothing was written. */
  | { readonly kind: 'not-modified'; readonly etag: string | null; readonly lastModified: string | null }
  /** The body is the last imported one (same sha256); the file was removed. */
  | {
      readonly kind: 'unchanged'
      readonly hash: string
      readonly bytes: number
      readonly etag: string | null
      readonly lastModified: string | null
    }
  /** A new body, written to `targetPath`. `finalUrl` is the address after redirects, query included. */
  | {
      readonly kind: 'downloaded'
      readonly hash: string
      readonly bytes: number
      readonly etag: string | null
      readonly lastModified: string | null
      readonly contentType: string | null
      readonly finalUrl: string
    }

/** Why a download failed. */
export type SourceDownloadFailure =
  'refused' | 'http-error' | 'too-large' | 'timeout' | 'stalled' | 'html-page' | 'empty' | 'network'

/**
 * A failed download: `code` says why, the message says it to a person, with the address but never
 * its query string (which may hold a token).
 */
export class SourceDownloadFailed extends Error {
  override readonly name = 'SourceDownloadFailed'
  /**
   * @param code - why it failed
   * @param message - what happened, for a person
   * @param status - the HTTP status, for `http-error`
   * @param bytesRead - bytes received before the failure
   */
  constructor(
    readonly code: SourceDownloadFailure,
    message: string,
    readonly status?: number,
    readonly bytesRead = 0,
  ) {
    super(message)
  }
}

/**
 * The fetch scheduled imports use: the geocoders' outbound policy with at most
 * {@link SOURCE_MAX_REDIRECTS} redirects. `options.resolve` replaces DNS (tests).
 * @example createSourceFetch(settings.geocodingAllowedHosts)
 */
export function createSourceFetch(
  allowList: OutboundAllowList,
  options: Pick<GuardedFetchOptions, 'resolve'> = {},
): typeof fetch {
  return createGuardedFetch({ allowList, maxRedirects: SOURCE_MAX_REDIRECTS, ...options })
}

/** How much of an HTML page is read to find its title. */
const HTML_PEEK_BYTES = 16 * 1024
/** How much of the body's start decides whether it is an HTML page. */
const SNIFF_BYTES = 1024

const ACCEPT =
  'text/csv, text/tab-separated-values, application/json, application/geo+json, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, text/plain;q=0.8, */*;q=0.5'

function seconds(ms: number): string {
  const value = ms / 1000
  return `${Number.isInteger(value) ? value : value.toFixed(1)} s`
}

function byteCount(bytes: number): string {
  return bytes === 1 ? '1 byte' : `${bytes.toLocaleString('en-US')} bytes`
}

function shownAddress(url: string): string {
  return URL.canParse(url) ? shownUrl(new URL(url)) : JSON.stringify(url)
}

/** The body's start without a byte-order mark and leading whitespace, lower case. */
function startOf(bytes: Uint8Array): string {
  return new TextDecoder('utf-8')
    .decode(bytes.subarray(0, SNIFF_BYTES))
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase()
}

function looksLikeHtml(bytes: Uint8Array): boolean {
  const start = startOf(bytes)
  return start.startsWith('<!doctype html') || start.startsWith('<html')
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/** The `<title>` of an HTML page's start, decoded and shortened, or `undefined`. */
export function htmlTitle(html: string): string | undefined {
  const match = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)
  if (match === null) return undefined
  const title = (match[1] ?? '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity: string, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(Number.parseInt(name.slice(2), 16))
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)))
      return ENTITIES[name.toLowerCase()] ?? entity
    })
    .replace(/\s+/g, ' ')
    .trim()
  if (title === '') return undefined
  return title.length > 120 ? `${title.slice(0, 119)}…` : title
}

function htmlPageFailure(url: string, start: Uint8Array, bytesRead: number): SourceDownloadFailed {
  const title = htmlTitle(new TextDecoder('utf-8').decode(start))
  const advice = describeSourceUrl(url).hint
  return new SourceDownloadFailed(
    'html-page',
    `The address answered with a web page, not data: ${title === undefined ? 'a page without a title' : `"${title}"`} ` +
      `(${shownAddress(url)}). ${advice ?? 'Use the address of the file itself, such as a CSV export or a raw file link.'}`,
    undefined,
    bytesRead,
  )
}

function concat(chunks: readonly Uint8Array[], limit: number): Uint8Array {
  const joined = new Uint8Array(
    Math.min(
      limit,
      chunks.reduce((total, chunk) => total + chunk.length, 0),
    ),
  )
  let offset = 0
  for (const chunk of chunks) {
    if (offset >= joined.length) break
    const part = chunk.subarray(0, joined.length - offset)
    joined.set(part, offset)
    offset += part.length
  }
  return joined
}

function isWhitespaceOnly(bytes: Uint8Array): boolean {
  // Spaces, tabs, line breaks and a UTF-8 byte-order mark carry no data.
  return bytes.every(
    (byte) =>
      byte === 0x20 ||
      byte === 0x09 ||
      byte === 0x0a ||
      byte === 0x0d ||
      byte === 0xef ||
      byte === 0xbb ||
      byte === 0xbf,
  )
}

/** The limits of one download: a total deadline and a silence timer reset by every byte. */
class DownloadClock {
  readonly controller = new AbortController()
  cause: 'timeout' | 'stalled' | undefined
  private readonly total: NodeJS.Timeout
  private stall: NodeJS.Timeout | undefined

  constructor(
    private readonly timeoutMs: number,
    private readonly stallTimeoutMs: number,
  ) {
    this.total = setTimeout(() => this.stop('timeout'), timeoutMs)
    this.heard()
  }

  /** A byte (or the headers) arrived: the silence starts again. */
  heard(): void {
    clearTimeout(this.stall)
    this.stall = setTimeout(() => this.stop('stalled'), this.stallTimeoutMs)
  }

  private stop(cause: 'timeout' | 'stalled'): void {
    this.cause ??= cause
    this.controller.abort()
  }

  /** The failure for a download the clock stopped. */
  failure(url: string, bytesRead: number): SourceDownloadFailed {
    const after = bytesRead === 0 ? 'before any data arrived' : `after ${byteCount(bytesRead)}`
    if (this.cause === 'stalled') {
      return new SourceDownloadFailed(
        'stalled',
        `The server sent nothing for ${seconds(this.stallTimeoutMs)} and was cut off ${after} (${shownAddress(url)}).`,
        undefined,
        bytesRead,
      )
    }
    return new SourceDownloadFailed(
      'timeout',
      `The download took longer than the limit of ${seconds(this.timeoutMs)} and was cut off ${after} (${shownAddress(url)}).`,
      undefined,
      bytesRead,
    )
  }

  end(): void {
    clearTimeout(this.total)
    clearTimeout(this.stall)
  }
}

function networkFailure(url: string, error: unknown): SourceDownloadFailed {
  const refusal = error instanceof OutboundRequestRefused ? error : undefined
  if (refusal !== undefined) return new SourceDownloadFailed('refused', refusal.message)
  let reason = error instanceof Error ? error.message : String(error)
  // undici reports "fetch failed" and keeps the reason (ECONNREFUSED, ENOTFOUND, …) in `cause`.
  for (let cause = error instanceof Error ? error.cause : undefined; cause instanceof Error; cause = cause.cause) {
    reason = cause.message
  }
  // A reason may repeat the address with its query; show it the way the rest of the message does.
  reason = reason.replaceAll(url, shownAddress(url))
  return new SourceDownloadFailed('network', `Could not download ${shownAddress(url)}: ${reason}.`)
}

/**
 * Downloads a scheduled import's source to `request.targetPath`:
 * - 304 → `not-modified` (nothing written); a body with sha256 `previousHash` → `unchanged`;
 * - otherwise `downloaded`, with the hash, size, validators and content type.
 *
 * Fails with {@link SourceDownloadFailed}: `refused` (outbound policy, redirects), `http-error`
 * (non-2xx), `too-large` (announced or received beyond `maxBytes`), `timeout` and `stalled`
 * (saying after how many bytes), `html-page` (a web page instead of data, with its title),
 * `empty`, `network`. A partial file is removed.
 * @example await downloadSource({ url, targetPath, maxBytes: 50e6, timeoutMs: 120_000, stallTimeoutMs: 20_000, fetch: createSourceFetch(list) })
 */
export async function downloadSource(request: SourceDownloadRequest): Promise<SourceDownload> {
  const { url, maxBytes } = request
  const headers: Record<string, string> = { Accept: ACCEPT, 'User-Agent': 'Chronotope scheduled import' }
  if (request.etag) headers['If-None-Match'] = request.etag
  if (request.lastModified) headers['If-Modified-Since'] = request.lastModified
  const clock = new DownloadClock(request.timeoutMs, request.stallTimeoutMs)
  let file: FileHandle | undefined
  let bytes = 0
  try {
    let response: Response
    try {
      response = await request.fetch(url, { headers, signal: clock.controller.signal })
    } catch (error) {
      if (clock.cause !== undefined) throw clock.failure(url, 0)
      throw networkFailure(url, error)
    }
    clock.heard()
    // A new body's validators are its own (none if the server sent none); a 304 may repeat them or not.
    const etag = response.headers.get('etag')
    const lastModified = response.headers.get('last-modified')
    if (response.status === 304) {
      await response.body?.cancel()
      return {
        kind: 'not-modified',
        etag: etag ?? request.etag ?? null,
        lastModified: lastModified ?? request.lastModified ?? null,
      }
    }
    if (!response.ok) {
      await response.body?.cancel()
      const text = response.statusText.trim()
      throw new SourceDownloadFailed(
        'http-error',
        `The address answered HTTP ${response.status}${text === '' ? '' : ` ${text}`} (${shownAddress(url)}).`,
        response.status,
      )
    }
    const announced = Number(response.headers.get('content-length') ?? Number.NaN)
    if (Number.isFinite(announced) && announced > maxBytes) {
      await response.body?.cancel()
      throw new SourceDownloadFailed(
        'too-large',
        `The address announced ${byteCount(announced)}, more than the limit of ${byteCount(maxBytes)}; nothing was downloaded (${shownAddress(url)}).`,
      )
    }
    const contentType = response.headers.get('content-type')
    const htmlByType = /^\s*(text\/html|application\/xhtml\+xml)\b/i.test(contentType ?? '')
    const start: Uint8Array[] = []
    let startBytes = 0
    let hasContent = false
    const hash = createHash('sha256')
    file = await open(request.targetPath, 'w')
    const reader = response.body?.getReader()
    try {
      for (;;) {
        let chunk: ReadableStreamReadResult<Uint8Array> | undefined
        try {
          chunk = await reader?.read()
        } catch (error) {
          if (clock.cause !== undefined) throw clock.failure(url, bytes)
          throw networkFailure(url, error)
        }
        if (chunk === undefined || chunk.done) break
        clock.heard()
        const data = chunk.value
        if (bytes + data.length > maxBytes) {
          throw new SourceDownloadFailed(
            'too-large',
            `The download grew past the limit of ${byteCount(maxBytes)} and was cut off (${shownAddress(url)}).`,
            undefined,
            bytes,
          )
        }
        bytes += data.length
        if (startBytes < HTML_PEEK_BYTES) {
          start.push(data)
          startBytes += data.length
        }
        if (!hasContent && !isWhitespaceOnly(data)) hasContent = true
        const peeked = htmlByType || (startBytes >= SNIFF_BYTES && looksLikeHtml(concat(start, SNIFF_BYTES)))
        if (peeked && startBytes >= HTML_PEEK_BYTES) throw htmlPageFailure(url, concat(start, HTML_PEEK_BYTES), bytes)
        if (!peeked) {
          hash.update(data)
          await file.write(data)
        }
      }
    } finally {
      if (clock.cause === undefined) await reader?.cancel().catch(() => undefined)
    }
    const head = concat(start, HTML_PEEK_BYTES)
    if (htmlByType || looksLikeHtml(head)) throw htmlPageFailure(url, head, bytes)
    if (!hasContent) {
      throw new SourceDownloadFailed('empty', `The address answered with an empty body (${shownAddress(url)}).`)
    }
    await file.close()
    file = undefined
    const digest = hash.digest('hex')
    if (
      request.previousHash !== undefined &&
      request.previousHash !== null &&
      digest === request.previousHash.toLowerCase()
    ) {
      await rm(request.targetPath, { force: true })
      return { kind: 'unchanged', hash: digest, bytes, etag, lastModified }
    }
    return { kind: 'downloaded', hash: digest, bytes, etag, lastModified, contentType, finalUrl: response.url || url }
  } catch (error) {
    // Whatever is at the target now is partial or stale: the caller must never import it.
    await file?.close().catch(() => undefined)
    file = undefined
    await rm(request.targetPath, { force: true })
    throw error
  } finally {
    clock.end()
    await file?.close().catch(() => undefined)
  }
}
