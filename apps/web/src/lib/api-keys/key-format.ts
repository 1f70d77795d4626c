/**
 * The shape of an API key and how it is checked. Pure (node:crypto only).
 *
 * A key reads `ctk_<8 characters>_<secret>`. The first part, `ctk_` and 8 characters, is the key's
 * prefix: stored in clear, shown in lists so people recognise their keys, and used to find the
 * key. The secret is 32 random bytes (base64url); only its SHA-256 is stored. A slow password hash
 * would add nothing: the secret has 256 bits of entropy, so it cannot be guessed from its hash.
 * @module
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

/** What every Chronotope API key starts with, so scanners and people recognise one. */
export const KEY_MARK = 'ctk_'

/** How many characters follow {@link KEY_MARK} in a key's prefix. */
export const PREFIX_LENGTH = 8

const PREFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'
const KEY_PATTERN = new RegExp(`^(${KEY_MARK}[a-z0-9]{${PREFIX_LENGTH}})_([A-Za-z0-9_-]{43})$`)

/** A freshly made key: the full text (shown once), its prefix and the hash of its secret. */
export interface NewApiKey {
  readonly key: string
  readonly prefix: string
  readonly secretHash: string
}

/** The parts of a key as a caller sent it. */
export interface KeyParts {
  readonly prefix: string
  readonly secret: string
}

/**
 * The SHA-256 of a secret, in hex.
 * @example hashSecret('abc').length // 64
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex')
}

/**
 * Makes a new key with a random prefix and secret.
 * @example generateApiKey().key.startsWith('ctk_') // true
 */
export function generateApiKey(): NewApiKey {
  let suffix = ''
  for (let index = 0; index < PREFIX_LENGTH; index++) suffix += PREFIX_ALPHABET[randomInt(PREFIX_ALPHABET.length)]
  const prefix = `${KEY_MARK}${suffix}`
  const secret = randomBytes(32).toString('base64url')
  return { key: `${prefix}_${secret}`, prefix, secretHash: hashSecret(secret) }
}

/**
 * Whether a text looks like a Chronotope key at all (starts with {@link KEY_MARK}); such a text in
 * `Authorization: Bearer` is answered as a key, never as some other kind of token.
 * @example looksLikeApiKey('ctk_whatever') // true
 */
export function looksLikeApiKey(text: string | null | undefined): boolean {
  return Boolean(text?.startsWith(KEY_MARK))
}

/**
 * Splits a key into prefix and secret, or `undefined` when it is not shaped like a key.
 * @example parseApiKey('ctk_ab12cd34_' + 'x'.repeat(43))?.prefix // 'ctk_ab12cd34'
 */
export function parseApiKey(text: string): KeyParts | undefined {
  const match = KEY_PATTERN.exec(text)
  return match ? { prefix: match[1]!, secret: match[2]! } : undefined
}

/**
 * Whether a secret matches a stored hash, in time that does not depend on where they differ.
 * @example secretMatches('abc', hashSecret('abc')) // true
 */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex')
  const stored = Buffer.from(storedHash, 'hex')
  // Both are SHA-256 digests; a stored value of another length is corrupt and matches nothing.
  if (stored.length !== given.length) return false
  return timingSafeEqual(given, stored)
}

/**
 * The key in an `Authorization` header, when the header is `Bearer ctk_…`; otherwise `undefined`.
 * @example bearerApiKey('Bearer ctk_x') // 'ctk_x'
 */
export function bearerApiKey(authorization: string | null | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')
  return match && looksLikeApiKey(match[1]) ? match[1] : undefined
}
