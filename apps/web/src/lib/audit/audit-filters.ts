/**
 * The filters of the audit log's CSV export (`?action=…&actor=…&targetCollection=…&from=…&to=…`),
 * read from a query string into a Payload `where`. Pure.
 * @module
 */
import type { Where } from 'payload'

import { AUDIT_ACTION_LIST, isAuditAction } from '../../constants/audit-actions'
import { ApiError } from '../api/api-error'

/** The query parameters the export takes. */
export const AUDIT_FILTER_PARAMETERS = ['action', 'actor', 'targetCollection', 'targetId', 'from', 'to'] as const

const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/
const MAX_TEXT = 254

function invalid(parameter: string, message: string): ApiError {
  return new ApiError(400, 'invalid-parameter', `${parameter}: ${message}`, parameter)
}

function readTime(params: URLSearchParams, name: 'from' | 'to'): Date | undefined {
  const text = params.get(name)
  if (text === null || text === '') return undefined
  const time = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text) ? new Date(text) : undefined
  if (!time || Number.isNaN(time.getTime())) {
    throw invalid(name, `"${text.slice(0, 40)}" is not a date or time such as 2026-11-28 or 2026-11-28T14:00:00Z`)
  }
  return time
}

/**
 * The `where` of the export's filters: `action` (one or more, separated by commas),
 * `actor` (a user id or an email address), `targetCollection`, `targetId`, and `from` (inclusive)
 * / `to` (exclusive) as ISO dates or times. All are optional; together they must all match.
 * @throws {@link ApiError} 400 naming the parameter: an unknown parameter, an unknown action, a bad time
 * @example auditFilterWhere(new URLSearchParams('action=auth.sign-in&from=2026-11-01'))
 */
export function auditFilterWhere(params: URLSearchParams): Where {
  for (const name of params.keys()) {
    if (!(AUDIT_FILTER_PARAMETERS as readonly string[]).includes(name)) {
      throw invalid(name, `unknown parameter; the export takes ${AUDIT_FILTER_PARAMETERS.join(', ')}`)
    }
  }
  const and: Where[] = []
  const actions = params
    .getAll('action')
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean)
  for (const action of actions) {
    if (!isAuditAction(action)) {
      throw invalid('action', `"${action.slice(0, 60)}" is not an audit action; one of ${AUDIT_ACTION_LIST.join(', ')}`)
    }
  }
  if (actions.length > 0) and.push({ action: { in: actions } })
  const actor = params.get('actor')?.trim()
  if (actor) {
    if (/^\d{1,15}$/.test(actor)) and.push({ actorId: { equals: Number(actor) } })
    else if (actor.includes('@') && actor.length <= MAX_TEXT) and.push({ actorEmail: { equals: actor.toLowerCase() } })
    else throw invalid('actor', 'give a user id (a number) or an email address')
  }
  const collection = params.get('targetCollection')?.trim()
  if (collection) {
    if (!SLUG.test(collection)) throw invalid('targetCollection', 'give a collection slug such as datasets')
    and.push({ targetCollection: { equals: collection } })
  }
  const targetId = params.get('targetId')?.trim()
  if (targetId) {
    if (targetId.length > MAX_TEXT) throw invalid('targetId', `at most ${MAX_TEXT} characters`)
    and.push({ targetId: { equals: targetId } })
  }
  const from = readTime(params, 'from')
  const to = readTime(params, 'to')
  if (from && to && from >= to) throw invalid('to', 'must be later than from')
  if (from) and.push({ createdAt: { greater_than_equal: from.toISOString() } })
  if (to) and.push({ createdAt: { less_than: to.toISOString() } })
  return { and }
}
