/**
 * Every action the audit log records, as `subject.verb`. The docs page "Audit log" lists them
 * with when each is written; a drift test keeps the two the same.
 * @example AUDIT_ACTIONS.SIGN_IN // 'auth.sign-in'
 */
export const AUDIT_ACTIONS = {
  SIGN_IN: 'auth.sign-in',
  SIGN_IN_FAILED: 'auth.sign-in-failed',
  PASSWORD_RESET_REQUESTED: 'auth.password-reset-requested',
  PASSWORD_RESET: 'auth.password-reset',
  USER_CREATED: 'user.created',
  USER_DELETED: 'user.deleted',
  USER_ROLE_CHANGED: 'user.role-changed',
  USER_TRUST_LEVEL_CHANGED: 'user.trust-level-changed',
  API_KEY_CREATED: 'api-key.created',
  API_KEY_REVOKED: 'api-key.revoked',
  API_KEY_NEW_ADDRESS: 'api-key.new-address',
  CATALOG_VISIBILITY_CHANGED: 'catalog.visibility-changed',
  DATASET_VISIBILITY_CHANGED: 'dataset.visibility-changed',
  CATALOG_DELETED: 'catalog.deleted',
  DATASET_DELETED: 'dataset.deleted',
  EVENT_DELETED: 'event.deleted',
  SCHEMA_APPROVED: 'schema.approved',
  SCHEMA_REJECTED: 'schema.rejected',
  SCHEDULED_IMPORT_CREATED: 'scheduled-import.created',
  SCHEDULED_IMPORT_CHANGED: 'scheduled-import.changed',
  SCHEDULED_IMPORT_DELETED: 'scheduled-import.deleted',
  WEBHOOK_CREATED: 'webhook.created',
  WEBHOOK_CHANGED: 'webhook.changed',
  WEBHOOK_DELETED: 'webhook.deleted',
  SETTINGS_CHANGED: 'settings.changed',
} as const

/** One audit action. */
export type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS]

/** The audit actions in the order the admin's filter lists them. */
export const AUDIT_ACTION_LIST: readonly AuditAction[] = Object.values(AUDIT_ACTIONS)

/** Whether `value` is one of the {@link AUDIT_ACTIONS}. */
export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && (AUDIT_ACTION_LIST as readonly string[]).includes(value)
}
