/**
 * How large a request body the server accepts before Next reads it: Payload parses a JSON body
 * (a sign-in, a GraphQL query, a document) whole into memory, and its own uploads (`media`,
 * `import-files`) have no size limit, so an anonymous caller could otherwise make the server read
 * and parse as much as they send. Decided from the headers alone. Pure.
 * @module
 */

/** The largest body of a request that is not an upload: JSON documents, GraphQL, sign-ins, admin forms. */
export const JSON_BODY_MAX_BYTES = 10 * 1024 * 1024

/** What multipart adds to an upload's file (its other fields, boundaries), beyond the file size limit. */
const MULTIPART_ALLOWANCE_BYTES = 1024 * 1024

// Routes that take a file: the import upload, and Payload's upload collections.
const UPLOAD_PATHS = [/^\/api\/import\/upload\/?$/, /^\/api\/media(\/|$)/, /^\/api\/import-files(\/|$)/]

// The import upload reads its multipart stream with a byte limit of its own, so it may stream.
const STREAMING_UPLOAD_PATH = /^\/api\/import\/upload\/?$/

/** Why a request body is refused: its HTTP status and a message naming the limit. */
export interface BodyRefusal {
  readonly status: 411 | 413
  readonly code: 'length-required' | 'too-large'
  readonly message: string
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`

/**
 * Refuses a body over the limit of its route (413), or, outside the import upload, a body sent
 * without a Content-Length (411): its size could only be known by reading it.
 * @param uploadMaxBytes - the largest file an upload may carry (`CHRONOTOPE_UPLOAD_MAX_MB`)
 * @example refuseRequestBody({ method: 'POST', url: '/api/graphql', headers: { 'content-length': '99999999' } }, 1e8)?.status // 413
 */
export function refuseRequestBody(
  request: { method?: string; url?: string; headers: Record<string, string | string[] | undefined> },
  uploadMaxBytes: number,
): BodyRefusal | undefined {
  const method = request.method ?? 'GET'
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return undefined
  const pathname = (request.url ?? '/').split('?')[0]!
  const isUpload = UPLOAD_PATHS.some((path) => path.test(pathname))
  const limit = isUpload ? uploadMaxBytes + MULTIPART_ALLOWANCE_BYTES : JSON_BODY_MAX_BYTES
  const declared = request.headers['content-length']
  if (typeof declared === 'string' && /^\d+$/.test(declared)) {
    if (Number(declared) <= limit) return undefined
    return {
      status: 413,
      code: 'too-large',
      message: isUpload
        ? `The upload is larger than ${megabytes(uploadMaxBytes)} (CHRONOTOPE_UPLOAD_MAX_MB)`
        : `The request body is larger than ${megabytes(limit)}`,
    }
  }
  // No body at all: nothing to read.
  if (request.headers['transfer-encoding'] === undefined) return undefined
  if (STREAMING_UPLOAD_PATH.test(pathname)) return undefined
  return {
    status: 411,
    code: 'length-required',
    message: 'Send the request body with a Content-Length header',
  }
}
