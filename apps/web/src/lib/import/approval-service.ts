/**
 * Approval of breaking schema changes: an editor or admin takes the review (a lock that
 * expires, released by the cleanup-approval-locks job), then approves (the import goes on with
 * the new schema version) or rejects (the import job fails with the reviewer's reason).
 * @module
 */
import type { Payload, PayloadRequest } from 'payload'

import { SCHEMA_STATUS } from '../../collections/dataset-schemas'
import { isEditorOrAdminUser, type UserWithRole } from '../../access/roles'
import { AUDIT_ACTIONS } from '../../constants/audit-actions'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { PROCESSING_STAGE } from '../../constants/processing-stage'
import { ApiError } from '../api/api-error'
import { auditAddress, recordAuditEntry } from '../audit/record-audit-entry'
import { idOf, loadImportJob, type ImportJobDoc } from './import-documents'
import { queueStage } from './queue-stage'
import { moveImportJob } from './stage-transition-service'

/** How long a reviewer holds an approval lock. */
export const APPROVAL_LOCK_MINUTES = 15

/** Request-context flag: the change comes from this service, so the collection hook stays out. */
export const APPROVAL_CONTEXT_FLAG = 'chronotopeApprovalService'

function assertReviewer(user: UserWithRole | null | undefined): asserts user is UserWithRole {
  if (!isEditorOrAdminUser(user)) {
    throw new ApiError(403, 'not-allowed', 'Only editors and admins approve or reject schema changes')
  }
}

function assertAwaiting(job: ImportJobDoc): void {
  if (job.stage !== PROCESSING_STAGE.AWAITING_APPROVAL) {
    throw new ApiError(
      409,
      'not-awaiting-approval',
      `Import job ${job.id} is not awaiting approval; it is at ${job.stage}`,
    )
  }
}

function assertNotLockedByOther(job: ImportJobDoc, user: UserWithRole, now: Date): void {
  const holder = idOf(job.approval?.lockedBy)
  const expires = job.approval?.lockExpiresAt ? new Date(job.approval.lockExpiresAt) : undefined
  if (holder && holder !== Number(user.id) && expires && expires > now) {
    throw new ApiError(
      409,
      'review-locked',
      `User ${holder} is reviewing import job ${job.id} until ${expires.toISOString()}; try again after that`,
    )
  }
}

/** Takes (or renews) the review lock of an import job awaiting approval. */
export async function lockForReview(
  payload: Payload,
  jobId: number,
  user: UserWithRole,
  now = new Date(),
): Promise<string> {
  assertReviewer(user)
  const job = await loadImportJob(payload, jobId)
  assertAwaiting(job)
  assertNotLockedByOther(job, user, now)
  const expiresAt = new Date(now.getTime() + APPROVAL_LOCK_MINUTES * 60_000).toISOString()
  await payload.update({
    collection: COLLECTION_NAMES.IMPORT_JOBS,
    id: jobId,
    data: { approval: { ...job.approval, lockedBy: user.id, lockExpiresAt: expiresAt } },
    depth: 0,
    overrideAccess: true,
    context: { [APPROVAL_CONTEXT_FLAG]: true },
  })
  return expiresAt
}

/**
 * Approves or rejects the schema change an import job waits for, and records it in the audit log
 * (`schema.approved` / `schema.rejected`, with the client address of `origin` when given).
 * @throws {@link ApiError} 403 for non-reviewers, 409 when the job is not waiting or another reviewer holds the lock
 */
export async function decideApproval(
  payload: Payload,
  jobId: number,
  decision: 'approved' | 'rejected',
  user: UserWithRole,
  reason?: string,
  now = new Date(),
  origin?: Pick<PayloadRequest, 'headers'>,
): Promise<void> {
  assertReviewer(user)
  const job = await loadImportJob(payload, jobId)
  assertAwaiting(job)
  assertNotLockedByOther(job, user, now)
  const schemaId = idOf(job.schema)
  if (schemaId) {
    await payload.update({
      collection: COLLECTION_NAMES.DATASET_SCHEMAS,
      id: schemaId,
      data:
        decision === 'approved'
          ? { status: SCHEMA_STATUS.APPROVED, approvedBy: user.id, approvedAt: now.toISOString() }
          : { status: SCHEMA_STATUS.REJECTED },
      depth: 0,
      overrideAccess: true,
    })
  }
  const approval = {
    lockedBy: null,
    lockExpiresAt: null,
    decision,
    decidedBy: user.id,
    decidedAt: now.toISOString(),
    reason: reason?.trim() || null,
  }
  const patch = { approval }
  if (decision === 'approved') {
    await moveImportJob(
      payload,
      job,
      PROCESSING_STAGE.CREATE_SCHEMA_VERSION,
      `Schema change approved by user ${user.id}`,
      patch,
    )
    await queueStage(payload, job.id, PROCESSING_STAGE.CREATE_SCHEMA_VERSION)
  } else {
    const why = reason?.trim() ? `: ${reason.trim()}` : ''
    await moveImportJob(payload, job, PROCESSING_STAGE.FAILED, `Schema change rejected by user ${user.id}${why}`, patch)
  }
  await recordAuditEntry(payload, null, {
    action: decision === 'approved' ? AUDIT_ACTIONS.SCHEMA_APPROVED : AUDIT_ACTIONS.SCHEMA_REJECTED,
    actor: { id: user.id, email: (user as { email?: string | null }).email ?? null },
    address: auditAddress(origin),
    target: { collection: COLLECTION_NAMES.IMPORT_JOBS, id: job.id, label: `Import job ${job.id}` },
    changes: { decision: { before: null, after: decision } },
    details: { schema: schemaId ?? null, dataset: idOf(job.dataset) ?? null, reason: reason?.trim() || null },
  })
}
