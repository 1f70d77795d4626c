/**
 * One error shape for every custom API route: `{ error, parameter?, code? }` with the right HTTP
 * status, so clients handle failures the same way everywhere.
 * @module
 */

/** The JSON body of every error answer from Chronotope's own API routes. */
export interface ApiErrorBody {
  /** What went wrong and how to fix it, in words. */
  readonly error: string
  /** The request parameter (query or form field) at fault, if one is. */
  readonly parameter?: string
  /** A stable machine-readable code, e.g. `upload-too-large`. */
  readonly code?: string
  /** For a quota reached (`code: 'quota-exceeded'`): which limit, of which level, and the figure that broke it. */
  readonly quota?: { readonly name: string; readonly level: string; readonly limit: number; readonly figure: number }
}

/** An error an API route answers with: an HTTP status plus the {@link ApiErrorBody}. */
export class ApiError extends Error {
  /**
   * @param status - the HTTP status, e.g. 413
   * @param code - a stable machine-readable code
   */
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly parameter?: string,
    readonly headers: Readonly<Record<string, string>> = {},
    readonly quota?: ApiErrorBody['quota'],
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/**
 * The HTTP response for an error: an {@link ApiError} as itself; anything else as a 500 that
 * hides internals (they go to the log).
 * @example errorResponse(new ApiError(400, 'bad-id', 'id must be a number', 'id')).status // 400
 */
export function errorResponse(error: unknown, log?: (error: unknown) => void): Response {
  if (error instanceof ApiError) {
    const body: ApiErrorBody = {
      error: error.message,
      code: error.code,
      ...(error.parameter ? { parameter: error.parameter } : {}),
      ...(error.quota ? { quota: error.quota } : {}),
    }
    return Response.json(body, { status: error.status, headers: { 'Cache-Control': 'no-store', ...error.headers } })
  }
  log?.(error)
  return Response.json(
    {
      error: 'Something went wrong on the server; the error was logged.',
      code: 'internal-error',
    } satisfies ApiErrorBody,
    { status: 500, headers: { 'Cache-Control': 'no-store' } },
  )
}

/**
 * Reads a positive integer id from a path or query parameter.
 * @throws {@link ApiError} 400 naming the parameter and the value
 * @example parseIdParameter('12', 'importId') // 12
 */
export function parseIdParameter(raw: string | undefined | null, parameter: string): number {
  const value = Number(raw)
  if (!raw || !Number.isInteger(value) || value < 1) {
    throw new ApiError(
      400,
      'invalid-parameter',
      `${parameter} must be a positive integer; got "${raw ?? ''}"`,
      parameter,
    )
  }
  return value
}
