/**
 * Where the server reports what happens. `console` fits; so does a thin wrapper around pino.
 * @example const logger: Logger = console
 */
export interface Logger {
  /** Per-connection detail: connects, disconnects, cleanups. */
  debug(message: string, context?: Record<string, unknown>): void
  /** Start and stop. */
  info(message: string, context?: Record<string, unknown>): void
  /** Something a user should look at: a client waiting long for the session, a socket error. */
  warn(message: string, context?: Record<string, unknown>): void
  /** The database failed. */
  error(message: string, context?: Record<string, unknown>): void
}

/**
 * A logger that drops everything; the default.
 * @example silentLogger.info('started') // nothing happens
 */
export const silentLogger: Logger = Object.freeze({
  debug() {},
  info() {},
  warn() {},
  error() {},
})
