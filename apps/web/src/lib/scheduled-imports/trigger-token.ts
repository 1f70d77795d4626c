/**
 * The secret of a scheduled import's trigger URL (`POST /api/scheduled-imports/{id}/trigger/{token}`):
 * made of 32 random bytes, stored only as its SHA-256 hash, compared in constant time.
 * @module
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

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
  return createHash('sha256').update(token, 'utf8').digest('hex')
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
 * Whether `token` is the one whose hash is stored, compared in constant time (the hashes have a
 * fixed length, so neither the token's length nor its first differing character shows in timing).
 * @example triggerTokenMatches(issued.token, issued.hash) // true
 */
export function triggerTokenMatches(token: string, storedHash: string | null | undefined): boolean {
  if (!storedHash || storedHash.length !== 64) return false
  const given = Buffer.from(hashTriggerToken(token), 'hex')
  const stored = Buffer.from(storedHash, 'hex')
  return stored.length === given.length && timingSafeEqual(given, stored)
}
