/**
 * The quotas on scheduled imports: how many a user may own and how often one may run. Checked
 * when a schedule is saved, after its own rules (`@chronotope/schedules`) pass.
 * @module
 */
import { shortestInterval, type ScheduleSpec } from '@chronotope/schedules'
import { APIError, type PayloadRequest } from 'payload'

import { COLLECTION_NAMES } from '../../constants/collection-names'
import { quotaMessage, type QuotaRefusal } from './quota-limits'
import { quotaHolder, quotasOf, type UserQuotas } from './user-quotas'

/**
 * Which scheduled-import quota a save would break, if any. Pure.
 * @param ownedOthers - schedules the owner has besides this one
 * @param intervalMinutes - the schedule's shortest gap between runs, when the save sets the schedule
 * @example scheduleQuotaRefusal(2, undefined, { level: 'new', limits: { …, scheduledImports: 2 } })
 *   // { quota: 'scheduledImports', level: 'new', limit: 2, figure: 3 }
 */
export function scheduleQuotaRefusal(
  ownedOthers: number | undefined,
  intervalMinutes: number | undefined,
  quotas: UserQuotas,
): QuotaRefusal | null {
  const { scheduledImports, shortestScheduleMinutes } = quotas.limits
  if (ownedOthers !== undefined && scheduledImports !== null && ownedOthers + 1 > scheduledImports) {
    return { quota: 'scheduledImports', level: quotas.level, limit: scheduledImports, figure: ownedOthers + 1 }
  }
  if (intervalMinutes !== undefined && shortestScheduleMinutes !== null && intervalMinutes < shortestScheduleMinutes) {
    return {
      quota: 'shortestScheduleMinutes',
      level: quotas.level,
      limit: shortestScheduleMinutes,
      figure: Math.floor(intervalMinutes),
    }
  }
  return null
}

/**
 * A CMS operation refused by a quota: a 422 the client reads, logged at `info` (it is the
 * caller's limit, not a server fault; see `loggingLevels` in the Payload config).
 */
export class QuotaExceeded extends APIError {
  constructor(refusal: QuotaRefusal) {
    super(
      quotaMessage(refusal),
      422,
      { quota: { name: refusal.quota, level: refusal.level, limit: refusal.limit, figure: refusal.figure } },
      true,
    )
    this.name = 'QuotaExceeded'
  }
}

/** What a save of a scheduled import asks for, as the quotas read it. */
export interface ScheduleSave {
  readonly ownerId: number | string | undefined
  /** Counted against the number of schedules only when a schedule is created. */
  readonly isNew: boolean
  /** The schedule as it will be, when the save changes it (or creates one). */
  readonly schedule: ScheduleSpec | undefined
}

/**
 * Refuses (422, naming the limit and the figure) a save that would give the owner more scheduled
 * imports, or a more frequent schedule, than their trust level allows.
 * @throws {@link QuotaExceeded} 422
 */
export async function enforceScheduleQuotas(req: PayloadRequest, save: ScheduleSave): Promise<void> {
  if (save.ownerId === undefined) return
  const owner = await quotaHolder(req.payload, save.ownerId)
  if (!owner) return
  const quotas = await quotasOf(req.payload, owner)
  const { scheduledImports, shortestScheduleMinutes } = quotas.limits
  const ownedOthers =
    save.isNew && scheduledImports !== null
      ? (
          await req.payload.count({
            collection: COLLECTION_NAMES.SCHEDULED_IMPORTS,
            where: { owner: { equals: owner.id } },
            overrideAccess: true,
            req,
          })
        ).totalDocs
      : undefined
  const interval = save.schedule && shortestScheduleMinutes !== null ? shortestInterval(save.schedule) : undefined
  const refusal = scheduleQuotaRefusal(ownedOthers, interval, quotas)
  if (refusal) throw new QuotaExceeded(refusal)
}
