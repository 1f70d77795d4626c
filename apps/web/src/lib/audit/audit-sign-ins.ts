/**
 * Sign-ins, failed sign-ins and password resets in the audit log, over REST, GraphQL and the
 * admin (server code signing in through the Local API is not recorded, as it is not throttled).
 * A failed login throws before Payload has any hook for it, so the attempt is noted before the
 * operation and recorded from the error hook that every failed REST and GraphQL request passes.
 * @module
 */
import {
  AuthenticationError,
  LockedAuth,
  type AfterErrorHook,
  type CollectionAfterOperationHook,
  type CollectionBeforeOperationHook,
  type PayloadRequest,
} from 'payload'

import { AUDIT_ACTIONS } from '../../constants/audit-actions'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { recordAuditEntry } from './record-audit-entry'

const LOGIN_ATTEMPT_KEY = 'chronotopeAuditLoginAttempt'
// Longest address kept of a failed attempt: anything longer is not an email address anyway.
const MAX_EMAIL_CHARS = 254

interface UserDoc {
  id: number
  email?: string | null
}

function emailOf(data: unknown): string | null {
  const email = (data as { email?: unknown } | undefined)?.email
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, MAX_EMAIL_CHARS) : null
}

async function findAccount(req: PayloadRequest, email: string | null): Promise<UserDoc | null> {
  if (!email) return null
  const { docs } = await req.payload.find({
    collection: COLLECTION_NAMES.USERS,
    where: { email: { equals: email } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  })
  return (docs[0] as UserDoc | undefined) ?? null
}

const userTarget = (user: UserDoc) => ({ collection: COLLECTION_NAMES.USERS, id: user.id, label: user.email ?? null })

/**
 * Notes who is trying to sign in, for {@link auditFailedSignIn}. A `beforeOperation` hook of
 * users.
 * @example hooks: { beforeOperation: [noteSignInAttempt, throttleSignIn] }
 */
export const noteSignInAttempt: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation === 'login' && req.payloadAPI !== 'local') {
    req.context[LOGIN_ATTEMPT_KEY] = { email: emailOf((args as { data?: unknown }).data) }
  }
  return args
}

/**
 * Records successful sign-ins (`auth.sign-in`), password reset requests for an existing account
 * (`auth.password-reset-requested`) and completed resets (`auth.password-reset`). An
 * `afterOperation` hook of users.
 * @example hooks: { afterOperation: [auditSignIns] }
 */
export const auditSignIns: CollectionAfterOperationHook = async ({ args, operation, req, result }) => {
  if (req.payloadAPI === 'local') return result
  if (operation === 'login' || operation === 'resetPassword') {
    const user = (result as { user?: UserDoc } | undefined)?.user
    if (!user) return result
    delete req.context[LOGIN_ATTEMPT_KEY]
    await recordAuditEntry(req.payload, req, {
      action: operation === 'login' ? AUDIT_ACTIONS.SIGN_IN : AUDIT_ACTIONS.PASSWORD_RESET,
      actor: { id: user.id, email: user.email ?? null },
      target: userTarget(user),
    })
  } else if (operation === 'forgotPassword' && result) {
    // Payload answers the same whether the account exists; only a real account's request is kept.
    const user = await findAccount(req, emailOf((args as { data?: unknown }).data))
    if (user) {
      await recordAuditEntry(req.payload, req, {
        action: AUDIT_ACTIONS.PASSWORD_RESET_REQUESTED,
        target: userTarget(user),
      })
    }
  }
  return result
}

function signInFailure(error: unknown): 'wrong-credentials' | 'locked' | undefined {
  const cause = (error as { originalError?: unknown }).originalError ?? error
  if (cause instanceof LockedAuth) return 'locked'
  if (cause instanceof AuthenticationError) return 'wrong-credentials'
  return undefined
}

/**
 * Records a login that failed on its email and password or on a locked account
 * (`auth.sign-in-failed`, with the address tried and whether it has an account). Logins refused
 * by the per-address rate limit are not recorded: they never reach the password, and recording
 * each would let one client fill the log. A config-level `afterError` hook (it sees REST and
 * GraphQL errors).
 * @example hooks: { afterError: [auditFailedSignIn] }
 */
export const auditFailedSignIn: AfterErrorHook = async ({ error, req }) => {
  const attempt = req?.context?.[LOGIN_ATTEMPT_KEY] as { email: string | null } | undefined
  if (!req || !attempt) return
  delete req.context[LOGIN_ATTEMPT_KEY]
  const reason = signInFailure(error)
  if (!reason) return
  try {
    const account = await findAccount(req, attempt.email)
    await recordAuditEntry(req.payload, req, {
      action: AUDIT_ACTIONS.SIGN_IN_FAILED,
      actor: null,
      target: account ? userTarget(account) : { collection: COLLECTION_NAMES.USERS, id: null, label: attempt.email },
      details: { reason: account ? reason : 'unknown-account', email: attempt.email },
    })
  } catch (err) {
    // The caller gets their 401 either way; a lost entry is logged.
    req.payload.logger.error({ err, msg: 'Recording a failed sign-in in the audit log failed' })
  }
}
