/**
 * Pauses the scheduled imports whose target is being deleted, saying why, instead of letting them
 * create a new dataset (or fail) at their next run.
 * @module
 */
import type { PayloadRequest } from 'payload'

import { COLLECTION_NAMES } from '../../constants/collection-names'

/**
 * Pauses every schedule importing into a dataset or catalog about to be deleted.
 * @param target - which relationship of the schedules points at what is deleted
 * @returns how many schedules were paused
 */
export async function pauseSchedulesOf(
  req: PayloadRequest,
  target: { readonly field: 'dataset' | 'catalog'; readonly id: number | string },
): Promise<number> {
  const { docs } = await req.payload.find({
    collection: COLLECTION_NAMES.SCHEDULED_IMPORTS,
    where: { [target.field]: { equals: target.id } },
    depth: 0,
    limit: 1000,
    pagination: false,
    overrideAccess: true,
    select: { state: true },
    req,
  })
  for (const doc of docs) {
    await req.payload.update({
      collection: COLLECTION_NAMES.SCHEDULED_IMPORTS,
      id: doc.id,
      data: {
        enabled: false,
        state: {
          ...(doc.state as Record<string, unknown> | undefined),
          nextRunAt: null,
          pausedReason: `Paused because its ${target.field} ${target.id} was deleted; choose another ${target.field}, then turn the schedule on again.`,
        },
      },
      depth: 0,
      overrideAccess: true,
      context: { scheduler: true },
      req,
    })
  }
  return docs.length
}
