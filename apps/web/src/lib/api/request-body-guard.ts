/**
 * Refuses request bodies Payload's REST handlers cannot read, before they reach them: Payload
 * reads only JSON and multipart bodies and, given anything else (a form post, `text/plain`, no
 * type), runs the operation with no data and fails with a 500. Used by every collection's and
 * global's endpoints ({@link boundCmsEndpoints}) and by the GraphQL route.
 * @module
 */
import { APIError, type CollectionBeforeOperationHook } from 'payload'

import { cmsErrorBody } from './cms-error-shape'

/** The body types the CMS reads: JSON, and multipart forms (a file with its `_payload` JSON). */
export const READABLE_BODY_TYPES = ['application/json', 'multipart/form-data'] as const

/** The media type of a request's body, lower case and without parameters; '' when none is sent. */
export function bodyType(headers: Headers): string {
  return (headers.get('content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase()
}

/**
 * Whether the request carries a body: a declared length above 0, or a chunked one. A request with
 * neither header has none (RFC 9112, 6.3), such as `curl -X POST …/api/users/logout`, although the
 * Request that Next hands over holds an (empty) body stream for every POST.
 */
export function hasBody(request: { headers: Headers }): boolean {
  const length = request.headers.get('content-length')
  if (length !== null) return Number(length) > 0
  return request.headers.has('transfer-encoding')
}

/**
 * A 415 answer naming the body types the path reads, or undefined when the body is readable.
 * @example unreadableBody(new Request(url, { method: 'POST', body: 'a=1', headers: { 'content-type': 'text/plain' } }))?.status // 415
 */
export function unreadableBody(
  request: { headers: Headers },
  accepted: readonly string[] = READABLE_BODY_TYPES,
): Response | undefined {
  if (!hasBody(request)) return undefined
  const type = bodyType(request.headers)
  if (accepted.includes(type)) return undefined
  const message = `The request body must be ${accepted.join(' or ')}; got ${type ? type : 'no Content-Type'}`
  return Response.json(cmsErrorBody(message, 'unsupported-media-type', 'body', 'UnsupportedMediaType'), {
    status: 415,
    headers: { Accept: accepted.join(', '), 'Cache-Control': 'no-store' },
  })
}

/**
 * A 400 answer for a body the CMS's own reading failed on (a `_payload` field that is not JSON, a
 * multipart body cut short), or undefined for any other error.
 */
export function unparsableBody(error: unknown): Response | undefined {
  const message = bodyErrorMessage(error)
  if (!message) return undefined
  return Response.json(cmsErrorBody(message, 'invalid-body', 'body', 'InvalidBody'), {
    status: 400,
    headers: { 'Cache-Control': 'no-store' },
  })
}

// What the multipart parser (busboy) throws, and what each means for the sender.
const MULTIPART_PROBLEMS: Readonly<Record<string, string>> = {
  'Malformed part header':
    'The multipart body has a malformed part header (such as a control character in a file or field name)',
  'Unexpected end of form': 'The multipart body ends before its closing boundary: it was cut short',
  'Unexpected end of file': 'The multipart body ends inside a part: it was cut short',
  'Multipart: Boundary not found': 'The multipart body needs a boundary in its Content-Type',
  'Malformed content type': 'The Content-Type of the multipart body is malformed',
}

function bodyErrorMessage(error: unknown): string | undefined {
  if (error instanceof SyntaxError) return `The request body could not be read as JSON: ${error.message}`
  // Reading a value nested thousands of levels deep overflows the stack before anything is written.
  if (error instanceof RangeError && /call stack/i.test(error.message))
    return 'The request body is nested too deeply to read'
  if (error instanceof Error) return MULTIPART_PROBLEMS[error.message]
  return undefined
}

// C0 controls (NUL included) and DEL: no file system or download header can carry them.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/

/**
 * An upload collection's `beforeOperation` hook: a file whose name holds a control character (a
 * NUL would fail the write to disk with a 500) is refused with a 400 naming it.
 * @example hooks: { beforeOperation: [refuseControlCharacterFileNames] }
 */
export const refuseControlCharacterFileNames: CollectionBeforeOperationHook = ({ args, req }) => {
  const name = req.file?.name
  if (typeof name === 'string' && CONTROL_CHARACTER.test(name)) {
    throw new APIError(
      `file: the file name ${JSON.stringify(name)} contains a control character; rename the file`,
      400,
      undefined,
      true,
    )
  }
  return args
}

/** A GraphQL error answer: `errors` with the status in `extensions`, as Payload's GraphQL answers. */
function graphqlError(status: number, code: string, message: string, headers: Record<string, string> = {}) {
  return Response.json(
    { errors: [{ message, extensions: { statusCode: status, code } }] },
    { status, headers: { 'Cache-Control': 'no-store', ...headers } },
  )
}

/**
 * Wraps Payload's GraphQL POST handler: a body that is not JSON (or a multipart upload) is a 415,
 * and a body Payload cannot parse (`{"query": ` cut short), which it throws and Next would answer
 * with a 500, is a 400 naming the problem.
 * @example export const POST = guardGraphqlPost(GRAPHQL_POST(config))
 */
export function guardGraphqlPost(handler: (request: Request) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    if (hasBody(request) && !(READABLE_BODY_TYPES as readonly string[]).includes(bodyType(request.headers))) {
      const type = bodyType(request.headers) || 'no Content-Type'
      return graphqlError(415, 'unsupported-media-type', `The request body must be application/json; got ${type}`, {
        Accept: 'application/json',
      })
    }
    try {
      return await handler(request)
    } catch (error) {
      const status = (error as { status?: unknown }).status
      if (typeof status !== 'number' || status < 400 || status >= 500) throw error
      const message =
        (error as Error).message === 'Invalid JSON' ? 'The request body is not valid JSON' : (error as Error).message
      return graphqlError(status, 'invalid-body', message)
    }
  }
}
