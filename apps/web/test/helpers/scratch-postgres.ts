/**
 * PostgreSQL servers of a test's own, started from the PostgreSQL 15 binaries in a temporary
 * folder on a free port: a primary (`initdb`) and its streaming replicas (`pg_basebackup -R`).
 * The shared server is left alone. Run as the `postgres` user when the tests run as root, since
 * PostgreSQL refuses to run as root.
 * @module
 */
import { execFileSync, spawn } from 'node:child_process'
import { appendFileSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { freePort } from './chronotope-process'

/** Where the PostgreSQL 15 programs are (`CHRONOTOPE_PG_BINDIR` overrides Debian's folder). */
export const POSTGRES_BIN_DIR = process.env.CHRONOTOPE_PG_BINDIR ?? '/usr/lib/postgresql/15/bin'

/** One running server of a test's own. */
export interface ScratchServer {
  readonly port: number
  readonly dataDir: string
  /** A connection string for `database` (default `postgres`). */
  url(database?: string): string
  /** Runs one statement and returns its rows. */
  query<T extends object = Record<string, unknown>>(text: string, params?: unknown[], database?: string): Promise<T[]>
  /** The server's log so far. */
  log(): string
  /** Stops the server: `fast` as an operator does, `immediate` as a crash. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>
  /** Starts it again after {@link stop}, on the same port and folder. */
  start(): Promise<void>
}

/** A primary, the folder everything lives in, and a way to add replicas. */
export interface ScratchCluster {
  readonly primary: ScratchServer
  /** Copies the primary with `pg_basebackup` and starts the copy as a streaming hot standby. */
  addReplica(): Promise<ScratchServer>
  /** Stops every server and deletes the folder. */
  destroy(): Promise<void>
}

interface RunAs {
  readonly uid?: number
  readonly gid?: number
}

function runAs(): RunAs {
  if (process.getuid?.() !== 0) return {}
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
  return { uid, gid }
}

function run(program: string, args: readonly string[], user: RunAs): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(POSTGRES_BIN_DIR, program), args, { ...user, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} ${args.join(' ')} exited with ${code}:\n${output}`)),
    )
  })
}

// Small and fast: a test server holds little, and a crash only loses the test's own data.
const SERVER_SETTINGS = [
  "listen_addresses = '127.0.0.1'",
  'wal_level = replica',
  'max_wal_senders = 10',
  'hot_standby = on',
  'hot_standby_feedback = on',
  'shared_buffers = 64MB',
  'max_connections = 100',
  'fsync = off',
  'full_page_writes = off',
  "log_line_prefix = '%m [%p] %a '",
  'log_statement = all',
]

function scratchServer(dataDir: string, port: number, socketDir: string, user: RunAs): ScratchServer {
  const logFile = path.join(path.dirname(dataDir), `${path.basename(dataDir)}.log`)
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`
  return {
    port,
    dataDir,
    url,
    async query<T extends object>(text: string, params: unknown[] = [], database = 'postgres'): Promise<T[]> {
      const client = new pg.Client({ connectionString: url(database) })
      await client.connect()
      try {
        return (await client.query<T>(text, params)).rows
      } finally {
        await client.end()
      }
    },
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
    stop: (mode = 'fast') => run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop'], user),
    start: () =>
      run(
        'pg_ctl',
        ['-D', dataDir, '-l', logFile, '-w', '-t', '120', '-o', `-p ${port} -k ${socketDir}`, 'start'],
        user,
      ),
  }
}

/**
 * Starts a primary in a new temporary folder (`initdb`, trust authentication on 127.0.0.1,
 * `wal_level = replica`, every statement logged with its application name).
 * @example const cluster = await startScratchCluster(); await cluster.addReplica()
 */
export async function startScratchCluster(): Promise<ScratchCluster> {
  if (!existsSync(path.join(POSTGRES_BIN_DIR, 'initdb'))) {
    throw new Error(`No PostgreSQL programs in ${POSTGRES_BIN_DIR}: install postgresql-15 or set CHRONOTOPE_PG_BINDIR`)
  }
  const user = runAs()
  const folder = mkdtempSync(path.join(tmpdir(), 'chronotope-pg-'))
  if (user.uid !== undefined) chownSync(folder, user.uid, user.gid!)
  const servers: ScratchServer[] = []
  const primaryDir = path.join(folder, 'primary')
  await run('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'], user)
  appendFileSync(primaryDir + '/postgresql.conf', `\n${SERVER_SETTINGS.join('\n')}\n`)
  const primary = scratchServer(primaryDir, await freePort(), folder, user)
  await primary.start()
  servers.push(primary)
  return {
    primary,
    async addReplica() {
      const replicaDir = path.join(folder, `replica-${servers.length}`)
      const args = ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', replicaDir, '-X', 'stream']
      await run('pg_basebackup', [...args, '-R', '-c', 'fast'], user)
      const replica = scratchServer(replicaDir, await freePort(), folder, user)
      await replica.start()
      servers.push(replica)
      return replica
    },
    async destroy() {
      for (const server of servers.reverse()) await server.stop('immediate').catch(() => undefined)
      rmSync(folder, { recursive: true, force: true })
    },
  }
}
