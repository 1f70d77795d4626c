import type { CollectionAfterChangeHook } from 'payload'

import { PROCESSING_STAGE } from '../../../constants/processing-stage'
import { APPROVAL_CONTEXT_FLAG, decideApproval } from '../../../lib/import/approval-service'

/** The part of an import job that the decision reads. */
interface ImportJobDecision {
  id: number | string
  stage?: string | null
  approval?: { decision?: 'approved' | 'rejected' | null; reason?: string | null } | null
}

/**
 * Lets editors approve or reject a schema change in the admin: setting the approval decision on
 * an import job awaiting approval runs the same approval service as the API. It runs after the
 * save has committed, as its own change, so it never waits on the save's own transaction.
 */
export const applyApprovalDecision: CollectionAfterChangeHook<ImportJobDecision> = ({
  doc,
  previousDoc,
  operation,
  req,
  context,
}) => {
  if (operation !== 'update' || context[APPROVAL_CONTEXT_FLAG] || !req.user) return doc
  const decision = doc.approval?.decision
  if (!decision || decision === previousDoc?.approval?.decision) return doc
  if (previousDoc?.stage !== PROCESSING_STAGE.AWAITING_APPROVAL) return doc
  const user = req.user
  const reason = doc.approval?.reason ?? undefined
  setTimeout(() => {
    decideApproval(req.payload, Number(doc.id), decision, user, reason, undefined, req).catch((error: unknown) =>
      req.payload.logger.error({ err: error, msg: `Applying the ${decision} decision on import job ${doc.id} failed` }),
    )
  }, 0)
  return doc
}
