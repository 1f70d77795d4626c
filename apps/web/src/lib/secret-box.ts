/**
 * Encrypts secrets stored in the database (geocoding API keys) with AES-256-GCM under a key
 * derived from the app's secret, so a database dump alone does not reveal them.
 * @module
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

const PREFIX = 'enc:v1:'

/** A stored secret could not be decrypted: wrong PAYLOAD_SECRET or corrupted value. */
export class SecretDecryptionFailed extends Error {
  constructor() {
    super(
      'Could not decrypt a stored secret: PAYLOAD_SECRET changed since it was saved, or the value is corrupted. Enter the secret again.',
    )
    this.name = 'SecretDecryptionFailed'
  }
}

function keyFrom(appSecret: string): Buffer {
  return createHash('sha256').update(`chronotope-secret-box:${appSecret}`).digest()
}

/**
 * Whether a stored value is already encrypted by {@link encryptSecret}.
 * @example isEncryptedSecret('enc:v1:...') // true
 */
export function isEncryptedSecret(value: string): boolean {
  return value.startsWith(PREFIX)
}

/**
 * Encrypts a secret; each call uses a fresh random IV.
 * @example decryptSecret(encryptSecret('abc', s), s) // 'abc'
 */
export function encryptSecret(plain: string, appSecret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyFrom(appSecret), iv)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return PREFIX + [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.')
}

/**
 * Decrypts a value made by {@link encryptSecret}.
 * @throws {@link SecretDecryptionFailed} when the key is wrong or the value was tampered with
 */
export function decryptSecret(stored: string, appSecret: string): string {
  if (!isEncryptedSecret(stored)) throw new SecretDecryptionFailed()
  const [iv, tag, body] = stored
    .slice(PREFIX.length)
    .split('.')
    .map((part) => Buffer.from(part, 'base64url'))
  if (!iv || !tag || !body) throw new SecretDecryptionFailed()
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(appSecret), iv)
    decipher.setAuthTag(tag)
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
  } catch {
    throw new SecretDecryptionFailed()
  }
}
