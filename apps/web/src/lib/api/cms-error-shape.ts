/**
 * One error shape for the CMS's generic routes too: Payload answers `{ errors: [{ message }] }`
 * (its admin reads that), Chronotope's own routes `{ error, parameter?, code? }` ({@link ApiErrorBody});
 * a CMS error answer carries both, so a client reads `error` and `code` everywhere. Bad values that
 * only the database notices (`where[id][equals]=abc`) become 400s instead of 500s.
 * @module
 */
import type { AfterErrorHook } from 'payload'

import type { ApiErrorBody } from './api-error'
import { InvalidQueryParameter } from './cms-query-checks'

/** Thrown for a document path whose id cannot exist (`/api/events/abc`); answered 404. */
export class UnknownDocument extends Error {
  /** The HTTP status Payload's error handler answers with. */
  readonly status = 404
  /** A stable machine-readable code. */
  readonly code = 'not-found'

  /**
   * @param path - the document's path, e.g. `events/abc`
   * @param expected - what its ids look like, e.g. `whole numbers from 1 to 2147483647`
   */
  constructor(path: string, expected: string) {
    super(`${path}: there is no such document; its ids are ${expected}`)
    this.name = 'UnknownDocument'
  }
}

/** A Payload error item, as its admin reads it. */
interface PayloadErrorItem {
  readonly message: string
  readonly name?: string
  readonly data?: unknown
}

/** The body of every CMS error answer: Payload's `errors` plus Chronotope's {@link ApiErrorBody}. */
export type CmsErrorBody = ApiErrorBody & { readonly errors: readonly PayloadErrorItem[] }

/**
 * The body of a CMS error answer with one message.
 * @example cmsErrorBody('limit: …', 'invalid-parameter', 'limit').errors[0].message // 'limit: …'
 */
export function cmsErrorBody(message: string, code: string, parameter?: string, name?: string): CmsErrorBody {
  return {
    error: message,
    code,
    ...(parameter ? { parameter } : {}),
    errors: [{ message, ...(name ? { name } : {}) }],
  }
}

const CODES_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'bad-request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  405: 'method-not-allowed',
  409: 'conflict',
  413: 'too-large',
  423: 'locked',
  429: 'too-many-requests',
}

/** SQLSTATE class 22, "data exception": a value that does not fit its column (`"abc"` for an integer). */
function databaseDataException(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause && depth < 4; depth++) {
    const { code, message } = cause as { code?: unknown; message?: unknown }
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code) && typeof message === 'string') return message
    cause = (cause as { cause?: unknown }).cause
  }
  return undefined
}

/** What the hook decided: the status and the body's `error`, `code` and `parameter`. */
interface Classified {
  readonly status?: number
  readonly message?: string
  readonly code: string
  readonly parameter?: string
}

function classify(error: Error, status: number, hasWhere: boolean): Classified {
  if (error instanceof InvalidQueryParameter) return { code: error.code, parameter: error.parameter }
  if (error instanceof UnknownDocument) return { code: error.code }
  if (error.name === 'QueryError') return { code: 'invalid-where', parameter: 'where' }
  // A quota refused the operation (src/lib/quotas/schedule-quotas.ts): the same code as the own routes'.
  if (error.name === 'QuotaExceeded') return { code: 'quota-exceeded' }
  const dataException = databaseDataException(error)
  if (dataException) {
    // With a `where`, that is where the value came from; otherwise it was in the body.
    const where = hasWhere ? 'where: a' : 'A'
    return {
      status: 400,
      message: `${where} value in the request does not fit its field: ${dataException}`,
      code: 'invalid-value',
      ...(hasWhere ? { parameter: 'where' } : {}),
    }
  }
  return { code: CODES_BY_STATUS[status] ?? (status >= 500 ? 'internal-error' : 'bad-request') }
}

/**
 * Payload's `afterError` hook (REST and GraphQL): adds `error`, `code` and `parameter` to the CMS's
 * error answers, and answers a database "data exception" caused by a value in the request as a
 * 400 that quotes PostgreSQL's reason (it names the value and the type it should have).
 * @example hooks: { afterError: [shareApiErrorShape] }
 */
export const shareApiErrorShape: AfterErrorHook = ({ error, result, graphqlResult, req }) => {
  const cause = (error as { originalError?: Error }).originalError ?? error
  const hasWhere = Boolean((req?.query as { where?: unknown } | undefined)?.where)
  if (graphqlResult) {
    const classified = classify(cause, statusOf(graphqlResult.extensions?.statusCode), false)
    if (!classified.status) return
    return {
      graphqlResult: {
        ...graphqlResult,
        message: classified.message ?? graphqlResult.message,
        extensions: { ...graphqlResult.extensions, statusCode: classified.status, code: classified.code },
      },
    }
  }
  if (!result) return
  const classified = classify(cause, statusOf((cause as { status?: unknown }).status), hasWhere)
  const errors = classified.message ? [{ message: classified.message }] : result.errors
  const message = errors[0]?.message ?? 'Something went wrong.'
  return {
    status: classified.status,
    response: {
      error: message,
      code: classified.code,
      ...(classified.parameter ? { parameter: classified.parameter } : {}),
      errors,
    },
  }
}

function statusOf(value: unknown): number {
  return typeof value === 'number' ? value : 500
}
