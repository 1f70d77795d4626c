/**
 * The secret of a scheduled import's trigger URL (`POST /api/scheduled-imports/{id}/trigger/{token}`):
 * made of 32 random bytes, stored only as its SHA-256 hash, compared in constant time.
 * @module
 */
import { randomBytes } from 'node:crypto'

import { hashSecret, secretMatches } from '../api-keys/key-format'

/** What a new or rotated token gives: the token itself (shown once) and what is stored. */
export interface IssuedTriggerToken {
  /** The secret, URL-safe: goes in the trigger URL and is never stored. */
  readonly token: string
  /** SHA-256 of the token, hex: the only form the database keeps. */
  readonly hash: string
  /** The first characters, so an owner can tell which token a URL holds. */
  readonly hint: string
}

/** Prefix of every trigger token, so one found in a log is recognisable. */
export const TRIGGER_TOKEN_PREFIX = 'cts_'

/**
 * SHA-256 of a token, hex.
 * @example hashTriggerToken('cts_abc').length // 64
 */
export function hashTriggerToken(token: string): string {
  return hashSecret(token)
}

/**
 * A new random trigger token.
 * @example issueTriggerToken().token.startsWith('cts_') // true
 */
export function issueTriggerToken(): IssuedTriggerToken {
  const token = `${TRIGGER_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
  return { token, hash: hashTriggerToken(token), hint: token.slice(0, TRIGGER_TOKEN_PREFIX.length + 4) }
}

/**
 * Whether `token` is the one whose hash is stored, compared in constant time as API keys are
 * (`secretMatches`): neither the token's length nor its first differing character shows in timing.
 * @example triggerTokenMatches(issued.token, issued.hash) // true
 */
export function triggerTokenMatches(token: string, storedHash: string | null | undefined): boolean {
  return Boolean(storedHash) && secretMatches(token, storedHash!)
}
