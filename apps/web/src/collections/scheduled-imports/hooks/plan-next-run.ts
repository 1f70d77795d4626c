/**
 * Plans a scheduled import's next run when people change it: a new or re-enabled schedule, a
 * changed schedule or address. Turning a schedule on again clears the failures that paused it.
 * @module
 */
import { nextRunAt } from '@chronotope/schedules'
import type { CollectionBeforeChangeHook } from 'payload'

import { toScheduleSpec } from '../../../lib/scheduled-imports/scheduled-import-types'

type Doc = Record<string, unknown>

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/**
 * The collection's `beforeChange` hook. The scheduler's own updates (`req.context.scheduler`) keep
 * the state they set.
 */
export const planNextRun: CollectionBeforeChangeHook = ({ data, originalDoc, operation, req }) => {
  if (req.context?.scheduler === true) return data
  const original = originalDoc as Doc | undefined
  const state = { ...(original?.state as Doc | undefined), ...(data.state as Doc | undefined) }
  const enabled = (data.enabled ?? original?.enabled) !== false
  const wasEnabled = operation === 'update' && original?.enabled !== false
  const newUrl = data.url !== undefined && data.url !== original?.url
  const changed =
    operation === 'create' ||
    enabled !== wasEnabled ||
    (data.schedule !== undefined && !same(data.schedule, original?.schedule)) ||
    newUrl
  if (!changed) return data
  if (!enabled) return { ...data, state: { ...state, nextRunAt: null } }
  const spec = toScheduleSpec({ ...(original?.schedule as Doc), ...(data.schedule as Doc) })
  const next = nextRunAt(spec, new Date()).toISOString()
  const resumed = operation === 'update' && !wasEnabled
  return {
    ...data,
    state: {
      ...state,
      nextRunAt: next,
      ...(resumed || operation === 'create' ? { consecutiveFailures: 0, pausedReason: null } : {}),
      // A new address is a new source: its first answer is never "not modified".
      ...(newUrl ? { etag: null, lastModified: null, lastHash: null } : {}),
    },
  }
}
