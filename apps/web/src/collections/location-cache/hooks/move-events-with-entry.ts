import type { CollectionAfterChangeHook } from 'payload'

import { requestStatementRunner } from '../../../lib/database/request-sql'
import { applyCacheEntryToEvents } from '../../../lib/geocoding/place-correction'

/**
 * When an admin corrects a cached place (its point, precision or confidence), the events geocoded
 * from it move with it, in the same transaction as the edit. The entry is read back from the
 * database rather than from `doc`, whose point field Payload does not always fill in here.
 */
export const moveEventsWithEntry: CollectionAfterChangeHook<{ id: number | string }> = async ({
  doc,
  operation,
  req,
}) => {
  if (operation !== 'update') return doc
  const moved = await applyCacheEntryToEvents(await requestStatementRunner(req), Number(doc.id))
  if (moved > 0)
    req.payload.logger.info({ msg: `Location cache entry ${doc.id} changed; ${moved} events moved with it` })
  return doc
}
