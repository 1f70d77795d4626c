/**
 * The options of the app's logger (Payload's pino): the level from `LOG_LEVEL`, and the secrets a
 * log line could carry redacted, so a password, a token, a session cookie or a geocoder's API key
 * in a logged request or document never reaches the logs.
 * @module
 */
import type { LoggerOptions } from 'pino'

/** What redacted values are replaced with. */
export const REDACTED = '[redacted]'

/** Where secrets sit in what the app logs: request headers, and fields of logged documents and bodies. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'password',
  'apiKey',
  'token',
  '*.password',
  '*.apiKey',
  '*.token',
  '*.secret',
]

/**
 * The logger options for a level.
 * @example loggerOptions('info') // { level: 'info', redact: { paths: [...], censor: '[redacted]' } }
 */
export function loggerOptions(level: string): LoggerOptions {
  return { level, redact: { paths: [...REDACTED_PATHS], censor: REDACTED } }
}
