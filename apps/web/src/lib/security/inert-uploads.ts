/**
 * How uploaded files are served: inert. A file from the `media` or `import-files` collection is
 * someone's upload, so whatever it holds (an SVG with a script, HTML named `.png`) must never run
 * in this site's origin. Every answer on a path that serves one gets a policy that runs nothing
 * ({@link INERT_UPLOAD_POLICY}), `nosniff`, and, unless it is a raster image a browser only ever
 * shows, `Content-Disposition: attachment` with a safe file name. Pure: no Next, no I/O.
 * @module
 */
import { COLLECTION_NAMES } from '../../constants/collection-names'

/**
 * The Content-Security-Policy of an uploaded file: nothing loads or runs (`default-src 'none'`),
 * inline styles may show (an SVG's own), and `sandbox` gives the document an opaque origin with
 * no scripts, forms, popups or plugins even if a browser opens it as a page.
 */
export const INERT_UPLOAD_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

/**
 * The collections whose files are uploads served by Payload under `/api/{slug}/file/{name}`. A
 * test checks that this is every upload collection of the Payload config (the Next config and
 * the server read it without loading Payload).
 */
export const UPLOAD_COLLECTIONS: readonly string[] = [COLLECTION_NAMES.MEDIA, COLLECTION_NAMES.IMPORT_FILES]

/** Raster images a browser shows and never runs, by file extension, with their one MIME type. */
const SAFE_RASTER: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
}

/** A request for an uploaded file: its collection and its (decoded) file name. */
export interface UploadFileRequest {
  readonly collection: string
  readonly filename: string
}

/**
 * The uploaded file a path asks for (Payload's `/api/{slug}/file/{name}`, image sizes included,
 * and its `/api/{slug}/paste-url` proxy), or undefined when the path serves no upload.
 * @example uploadFileRequest('/api/media/file/map%20key.svg') // { collection: 'media', filename: 'map key.svg' }
 */
export function uploadFileRequest(
  pathname: string,
  collections: readonly string[] = UPLOAD_COLLECTIONS,
): UploadFileRequest | undefined {
  const parts = pathname.split('/')
  // ['', 'api', slug, 'file' | 'paste-url', name?, ...]
  if (parts[0] !== '' || parts[1] !== 'api' || !collections.includes(parts[2] ?? '')) return undefined
  const kind = parts[3]
  if (kind !== 'file' && kind !== 'paste-url') return undefined
  const raw = parts.slice(4).join('/')
  let filename: string
  try {
    filename = decodeURIComponent(raw)
  } catch {
    filename = raw
  }
  return { collection: parts[2]!, filename: kind === 'file' ? filename : '' }
}

/** The extension of a file name, lower case, without the dot (`''` when it has none). */
function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.')
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase()
}

/**
 * Whether a file may be shown inline: its name ends in a raster image's extension and what it is
 * served as (when known) is that same kind of image. SVG, PDF, HTML, text and anything unknown are
 * not: they can hold script or be read as a page.
 * @example isSafeRaster('photo.JPG', 'image/jpeg') // true
 * @example isSafeRaster('logo.svg', 'image/svg+xml') // false
 * @example isSafeRaster('photo.png', 'text/html') // false
 */
export function isSafeRaster(filename: string, contentType?: string | null): boolean {
  const expected = SAFE_RASTER[extensionOf(filename)]
  if (!expected) return false
  if (!contentType) return true
  return contentType.split(';')[0]!.trim().toLowerCase() === expected
}

/**
 * A file name fit for a `Content-Disposition` header: its last path segment, control characters,
 * quotes, backslashes, separators and other risky characters replaced by `_`, at most 150
 * characters, never empty or a dot name.
 * @example safeFileName('../a"b;c\r\n.svg') // 'a_b_c__.svg'
 */
export function safeFileName(filename: string): string {
  const base = filename.split(/[/\\]/).pop() ?? ''
  // Letters and digits of any script stay (the header's filename* carries them); the rest goes.
  const cleaned = base
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._ -]/gu, '_')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(-150)
  return cleaned || 'download'
}

/**
 * `Content-Disposition: attachment` naming the file safely: an ASCII `filename` for old clients
 * and the exact (cleaned) name as UTF-8 in `filename*` (RFC 6266).
 * @example attachmentDisposition('Karte ü.svg') // `attachment; filename="Karte _.svg"; filename*=UTF-8''Karte%20%C3%BC.svg`
 */
export function attachmentDisposition(filename: string): string {
  const name = safeFileName(filename)
  const ascii = name.replace(/[^\x20-\x7e]/g, '_')
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}

/**
 * The headers an answer serving an uploaded file carries, whatever Payload or Next set: the inert
 * policy and `nosniff` always, and for a successful answer that is not a safe raster image a
 * download disposition (so an SVG, PDF or CSV is saved, not opened in this origin).
 * @param status - the answer's status: an error answer (JSON) is not a download
 * @example inertUploadHeaders('x.svg', 'image/svg+xml', 200)['Content-Disposition'] // 'attachment; filename="x.svg"; ...'
 */
export function inertUploadHeaders(
  filename: string,
  contentType: string | null | undefined,
  status: number,
): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': INERT_UPLOAD_POLICY,
    'X-Content-Type-Options': 'nosniff',
  }
  const served = status >= 200 && status < 300
  if (served && !isSafeRaster(filename, contentType)) headers['Content-Disposition'] = attachmentDisposition(filename)
  return headers
}
