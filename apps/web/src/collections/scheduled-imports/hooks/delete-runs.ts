import { APIError, type CollectionBeforeDeleteHook } from 'payload'

import { COLLECTION_NAMES } from '../../../constants/collection-names'

/**
 * Deletes a scheduled import's run history before the schedule (a run requires its schedule), and
 * refuses while a run is importing: its import would lose the schedule it reports to.
 */
export const deleteScheduledRuns: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const { totalDocs: importing } = await req.payload.count({
    collection: COLLECTION_NAMES.SCHEDULED_IMPORT_RUNS,
    where: {
      and: [{ scheduledImport: { equals: id } }, { status: { in: ['downloading', 'importing'] } }],
    },
    overrideAccess: true,
    req,
  })
  if (importing > 0) {
    throw new APIError(
      `Scheduled import ${id} has a run in progress; wait for it to end, then delete the schedule.`,
      409,
    )
  }
  await req.payload.db.deleteMany({
    collection: COLLECTION_NAMES.SCHEDULED_IMPORT_RUNS,
    where: { scheduledImport: { equals: id } },
    req,
  })
}
