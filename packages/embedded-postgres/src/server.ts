/**
 * `startEmbeddedPostgres`: PGlite with PostGIS behind the PostgreSQL wire protocol on a local TCP
 * port, so `pg`, drizzle and Payload connect to it as to a real server.
 */
import { createServer } from 'node:net'
import type { Server, Socket } from 'node:net'
import type { Extensions } from '@electric-sql/pglite'
import { ClientConnection } from './client-connection'
import { DatabaseSession } from './database-session'
import type { ProtocolBackend } from './database-session'
import { InvalidPort, PortInUse } from './errors'
import { silentLogger } from './logger'
import type { Logger } from './logger'
import { openDatabase } from './open-database'
import { SessionLock } from './session-lock'
import type { ServerParameters } from './startup'

/**
 * Options of {@link startEmbeddedPostgres}.
 * @example { dataDir: './data/postgres', port: 0, logger: console }
 */
export interface EmbeddedPostgresOptions {
  /** Folder the database lives in; `memory://` or undefined keeps it in memory. Created when missing. */
  readonly dataDir?: string
  /** TCP port; 0 (the default) picks a free one. */
  readonly port?: number
  /** Interface to listen on; default `127.0.0.1`. */
  readonly host?: string
  /** Where to report what happens; default silent. */
  readonly logger?: Logger
  /** Load PostGIS and run `CREATE EXTENSION IF NOT EXISTS postgis` at start; default true. */
  readonly postgis?: boolean
  /** Further PGlite extensions to load, e.g. `{ vector }`. */
  readonly extensions?: Extensions
  /** PostgreSQL's page cache (`shared_buffers`) in megabytes; default 32 (PostgreSQL's own: 128). */
  readonly sharedBuffersMb?: number
  /**
   * How long a connection may wait for the shared session, in milliseconds, before its command
   * fails with SQLSTATE 55P03; 0 (the default) waits forever.
   */
  readonly lockWaitTimeoutMs?: number
  /**
   * PGlite is a single session, so a transaction blocks every other connection until it ends.
   * Once a transaction has sat idle this many milliseconds, other connections' statements that
   * need no transaction of their own (no BEGIN, COMMIT, VACUUM, ...) run inside it, in a
   * savepoint, instead of waiting. This keeps Payload, which checks document locks on a second
   * connection in the middle of its transactions, from waiting forever. Shared statements see the
   * transaction's uncommitted rows and their writes are undone if it rolls back, so this is opt-in:
   * `false` (the default) never shares; 20 is a sensible delay when you need it.
   */
  readonly shareIdleTransactionAfterMs?: number | false
}

/**
 * Counters describing the server right now.
 * @example server.stats() // { connectedClients: 10, waitingClients: 2, lockHolder: 7, totalServed: 31 }
 */
export interface EmbeddedPostgresStats {
  /** Clients connected and not yet gone. */
  readonly connectedClients: number
  /** Clients waiting for the shared session. */
  readonly waitingClients: number
  /** Id of the client holding the session, or null when it is free. */
  readonly lockHolder: number | null
  /** Client connections accepted since start. */
  readonly totalServed: number
}

/**
 * A running embedded server.
 * @example const { url, stop } = await startEmbeddedPostgres() // url: 'postgres://postgres@127.0.0.1:54873/postgres'
 */
export interface EmbeddedPostgres {
  /** The TCP port it listens on. */
  readonly port: number
  /** The interface it listens on. */
  readonly host: string
  /** Connection string, e.g. `postgres://postgres@127.0.0.1:54873/postgres`. */
  readonly url: string
  /** Current counters. */
  stats(): EmbeddedPostgresStats
  /** Disconnects every client, waits for the running query, and closes the database. Idempotent. */
  stop(): Promise<void>
}

/**
 * Starts PGlite (with PostGIS) and serves it over the PostgreSQL wire protocol.
 * @throws {@link InvalidPort}, {@link PortInUse}, or `DatabaseStartFailed` naming the data folder
 * @example
 * const db = await startEmbeddedPostgres({ dataDir: './data/db' })
 * db.url // 'postgres://postgres@127.0.0.1:54873/postgres'
 * await db.stop()
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions = {}): Promise<EmbeddedPostgres> {
  const port = options.port ?? 0
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidPort(port)
  const logger = options.logger ?? silentLogger
  const postgis = options.postgis ?? true
  const opened = await openDatabase(
    { dataDir: options.dataDir, postgis, extensions: options.extensions, sharedBuffersMb: options.sharedBuffersMb },
    logger,
  )
  return serveBackend(opened.db, opened.serverParameters, { ...options, port, logger, dataDir: opened.dataDir })
}

/**
 * Serves any {@link ProtocolBackend} (PGlite, or a fake in tests) on a TCP port. The backend is
 * closed by `stop()`, and also when listening fails.
 * @example const server = await serveBackend(await PGlite.create(), serverParameters({ serverVersion: '18.3', timeZone: 'UTC' }), {})
 */
export async function serveBackend(
  backend: ProtocolBackend,
  parameters: ServerParameters,
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const port = options.port ?? 0
  const host = options.host ?? '127.0.0.1'
  const logger = options.logger ?? silentLogger
  const dataDir = options.dataDir ?? 'memory://'
  const session = new DatabaseSession(backend, logger)
  const lock = new SessionLock()
  const clients = new Set<ClientConnection>()
  let nextClientId = 1
  let stopping = false

  const server = createServer((socket: Socket) => {
    socket.on('error', () => undefined)
    if (stopping) {
      socket.destroy()
      return
    }
    const client = new ClientConnection({
      id: nextClientId++,
      socket,
      session,
      lock,
      serverParameters: parameters,
      logger,
      lockWaitTimeoutMs: options.lockWaitTimeoutMs ?? 0,
      shareIdleTransactionAfterMs: options.shareIdleTransactionAfterMs ?? false,
      onFinished: (finished) => clients.delete(finished),
    })
    clients.add(client)
    logger.debug('client connected', { client: client.id, remote: `${socket.remoteAddress}:${socket.remotePort}` })
  })
  server.on('error', (error) => logger.error('embedded database server error', { error: error.message }))

  let listeningPort: number
  try {
    listeningPort = await listen(server, port, host)
  } catch (error) {
    await session.close()
    throw error
  }
  const url = `postgres://postgres@${host.includes(':') ? `[${host}]` : host}:${listeningPort}/postgres`
  logger.info('embedded database listening', { url, dataDir })

  let stopped: Promise<void> | null = null
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      stopping = true
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      const finishing = [...clients].map((client) => client.finished())
      for (const client of clients) client.destroy()
      await session.close()
      await Promise.all([closed, ...finishing])
      logger.info('embedded database stopped', { dataDir })
    })()
    return stopped
  }

  return {
    port: listeningPort,
    host,
    url,
    stats: () => ({
      connectedClients: [...clients].filter((client) => client.isOpen).length,
      waitingClients: lock.waiting,
      lockHolder: lock.holder,
      totalServed: nextClientId - 1,
    }),
    stop,
  }
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      reject(error.code === 'EADDRINUSE' ? new PortInUse(port, host) : error)
    }
    server.once('error', onError)
    server.listen({ port, host }, () => {
      server.off('error', onError)
      const address = server.address()
      resolve(typeof address === 'object' && address !== null ? address.port : port)
    })
  })
}
