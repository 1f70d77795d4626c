/**
 * Thrown when `port` is not an integer from 0 to 65535.
 * @example new InvalidPort(70000).message // 'port must be an integer from 0 to 65535 (0 picks a free port); got 70000'
 */
export class InvalidPort extends Error {
  override readonly name = 'InvalidPort'
  /** The rejected value. */
  readonly port: unknown

  constructor(port: unknown) {
    super(`port must be an integer from 0 to 65535 (0 picks a free port); got ${JSON.stringify(port)}`)
    this.port = port
  }
}

/**
 * Thrown when the TCP port is already taken by another process.
 * @example new PortInUse(5432, '127.0.0.1').message // 'port 5432 on 127.0.0.1 is already in use; stop the other server or pass port: 0 for a free port'
 */
export class PortInUse extends Error {
  override readonly name = 'PortInUse'
  /** The port that was taken. */
  readonly port: number
  /** The host the server tried to listen on. */
  readonly host: string

  constructor(port: number, host: string) {
    super(`port ${port} on ${host} is already in use; stop the other server or pass port: 0 for a free port`)
    this.port = port
    this.host = host
  }
}

/**
 * Thrown when PGlite (or the PostGIS extension) fails to start on a data folder.
 * @example new DatabaseStartFailed('./data', new Error('disk full')).message // 'the embedded database could not start on dataDir "./data": disk full; check that the folder is writable and was created by the same PGlite version'
 */
export class DatabaseStartFailed extends Error {
  override readonly name = 'DatabaseStartFailed'
  /** The data folder, or `memory://`. */
  readonly dataDir: string

  constructor(dataDir: string, cause: unknown) {
    super(
      `the embedded database could not start on dataDir "${dataDir}": ${describeCause(cause)}; ` +
        'check that the folder is writable and was created by the same PGlite version',
      { cause },
    )
    this.dataDir = dataDir
  }
}

/**
 * Thrown when a client sends bytes that are not valid PostgreSQL protocol; the client is disconnected.
 * @example new ProtocolViolation(3, 'message length 2 is below 4').message // 'client #3 broke the PostgreSQL wire protocol: message length 2 is below 4; use a PostgreSQL driver such as pg'
 */
export class ProtocolViolation extends Error {
  override readonly name = 'ProtocolViolation'
  /** Which client sent the bytes (0 when unknown). */
  readonly clientId: number

  constructor(clientId: number, detail: string) {
    super(`client #${clientId} broke the PostgreSQL wire protocol: ${detail}; use a PostgreSQL driver such as pg`)
    this.clientId = clientId
  }
}

/**
 * Thrown when the database session is used after PGlite crashed; only a restart recovers.
 * @example new DatabaseCrashed(new Error('Program terminated with exit(1)')).message // 'the embedded database crashed earlier (Program terminated with exit(1)) and cannot run queries; restart the server'
 */
export class DatabaseCrashed extends Error {
  override readonly name = 'DatabaseCrashed'

  constructor(cause: unknown) {
    super(
      `the embedded database crashed earlier (${describeCause(cause)}) and cannot run queries; restart the server`,
      {
        cause,
      },
    )
  }
}

/**
 * Thrown when the database session is used after `stop()`.
 * @example new DatabaseStopped().message // 'the embedded database has been stopped; start a new one with startEmbeddedPostgres()'
 */
export class DatabaseStopped extends Error {
  override readonly name = 'DatabaseStopped'

  constructor() {
    super('the embedded database has been stopped; start a new one with startEmbeddedPostgres()')
  }
}

/**
 * Thrown when a client releases the session lock it does not hold (a bug in this package).
 * @example new LockNotHeld(4, 2).message // 'client #4 released the session lock held by client #2'
 */
export class LockNotHeld extends Error {
  override readonly name = 'LockNotHeld'

  constructor(releasedBy: number, holder: number | null) {
    super(`client #${releasedBy} released the session lock held by ${holder === null ? 'nobody' : `client #${holder}`}`)
  }
}

/**
 * Turns any thrown value into a short readable text.
 * @example describeCause(new Error('boom')) // 'boom'
 */
export function describeCause(cause: unknown): string {
  if (cause instanceof Error) return cause.message
  return String(cause)
}
