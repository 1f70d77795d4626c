/**
 * Every setting Chronotope reads from the environment, declared once with its default and help.
 *
 * Other modules import {@link settings}; nothing else reads `process.env` for configuration.
 * Every default works offline on a laptop: no `DATABASE_URL` means the embedded database.
 * @module
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { InvalidAddressRange, parseAddressRanges, type AddressRange } from '../lib/http/client-address'
import { InvalidAllowedHost, parseAllowedHosts, type OutboundAllowList } from '@chronotope/geocoding/outbound-policy'
import { processMemoryLimit } from '../lib/runtime/memory-limit'
import { readRepositoryUrl } from './repository-url'
import { isTrustLevel, TRUST_LEVEL_ORDER, TRUST_LEVELS, type TrustLevel } from '../constants/trust-levels'

/** The repository's root folder, found from this file's location so any working directory works. */
export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')

/** A setting had a value Chronotope cannot use; the message names the variable, value and fix. */
export class InvalidSetting extends Error {
  /** @param variable - the environment variable's name */
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`${variable} ${detail}`)
    this.name = 'InvalidSetting'
  }
}

/** Environment variables as read by {@link readSettings}. */
export type Environment = Readonly<Record<string, string | undefined>>

/** Chronotope's configuration, typed and frozen. */
export interface Settings {
  /** `production` when built and served with `npm run serve`, else `development` or `test`. */
  readonly environment: 'development' | 'production' | 'test'
  /**
   * PostgreSQL + PostGIS connection string. `npm start` sets it to the embedded database's URL
   * when the user gave none; `undefined` only before that launcher ran.
   */
  readonly databaseUrl: string | undefined
  /**
   * A streaming replica of that database for the events read API (`DATABASE_READ_URL`). A read
   * goes to it only when it has replayed every dataset in scope up to the primary's version, so a
   * user sees their own import at once; otherwise, and while it is down, reads go to the primary.
   */
  readonly databaseReadUrl: string | undefined
  /**
   * Memory each query step of the app's connections to a PostgreSQL server may use for a sort, a
   * hash or a bitmap of matching rows, in MB (`CHRONOTOPE_DATABASE_WORK_MEM_MB`, sent as
   * `work_mem`, with `jit=off`, when a connection opens; default 32; 0 sends neither and leaves the
   * server's own, for a connection pooler that refuses startup options). PostgreSQL's 4 MB turns the bitmap of a search matching
   * rows on more than about 50,000 pages lossy, and then every row of those pages has its search
   * words worked out again (searches over ten million events outside memory, eight clients at
   * once: 38–51 s with 4 MB, 6–16 s with 32 MB).
   */
  readonly databaseWorkMemMb: number
  /** `embedded` when the launcher started the embedded database, else `external`. */
  readonly databaseKind: 'embedded' | 'external'
  /** Folder of the embedded database and other local state (`CHRONOTOPE_DATA_DIR`, default `./data`). */
  readonly dataDir: string
  /**
   * The embedded database's page cache (`shared_buffers`) in megabytes
   * (`CHRONOTOPE_EMBEDDED_SHARED_BUFFERS_MB`, default 32); memory the launcher holds until it stops.
   */
  readonly embeddedSharedBuffersMb: number
  /** HTTP port of the web app (`PORT`, default 3000). */
  readonly port: number
  /** Public URL of the app, used in links and CORS (`SERVER_URL`). */
  readonly serverUrl: string
  /** Secret that signs sessions (`PAYLOAD_SECRET`); required in production. */
  readonly payloadSecret: string
  /** Seed the demo data when the database is new (`CHRONOTOPE_SEED_ON_FIRST_START`, default true). */
  readonly seedOnFirstStart: boolean
  /** Run queued jobs inside the web process (`CHRONOTOPE_RUN_JOBS_IN_WEB`, default: true outside production). */
  readonly runJobsInWeb: boolean
  /**
   * Worker processes (`npm run worker`) that `npm start` and `npm run serve` start beside the web
   * app and restart when one crashes (`CHRONOTOPE_WORKERS`): by default 1 when the web process
   * does not run jobs (production), else 0; 0 when you run your own workers.
   */
  readonly workerProcesses: number
  /**
   * Web processes serving the app side by side on one port (`CHRONOTOPE_WEB_PROCESSES`, default 1;
   * see `runtime/web-cluster`). Each holds its own event index, which shares the index's default
   * memory budget with the others. Not for the embedded database, whose single session they would
   * only queue on.
   */
  readonly webProcesses: number
  /**
   * Process id of the launcher (`npm start`, `npm run serve`) that started this process, which it
   * sets in `CHRONOTOPE_LAUNCHER_PID`: its workers and web server stop when it is gone.
   */
  readonly launcherPid: number | undefined
  /** Log level: `fatal`, `error`, `warn`, `info`, `debug` or `trace` (`LOG_LEVEL`, default `info`). */
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'
  /** Largest file a user may upload for import, in bytes (`CHRONOTOPE_UPLOAD_MAX_MB`, default 100). */
  readonly uploadMaxBytes: number
  /**
   * Most sheets one workbook (XLSX, XLS, ODS) may bring into an import, each becoming a dataset and
   * an import job (`CHRONOTOPE_IMPORT_MAX_SHEETS`, default 50); starting an import of more gets a
   * 422 unless it chooses one sheet.
   */
  readonly importMaxSheets: number
  /**
   * The trust level a new user gets, which sets their quotas (`CHRONOTOPE_DEFAULT_TRUST_LEVEL`:
   * `new`, `trusted` or `unlimited`; default `new`). Admins change a user's level in the admin.
   */
  readonly defaultTrustLevel: TrustLevel
  /** Uploads allowed per user per window (`CHRONOTOPE_UPLOAD_RATE_LIMIT_USER`, default `30/hour`, or `off`). */
  readonly uploadRateLimitPerUser: RateLimit | null
  /** Uploads allowed per client IP per window (`CHRONOTOPE_UPLOAD_RATE_LIMIT_IP`, default `60/hour`, or `off`). */
  readonly uploadRateLimitPerIp: RateLimit | null
  /**
   * Sign-in attempts (login, forgot password, reset password, over REST and GraphQL) allowed per
   * client IP per window (`CHRONOTOPE_LOGIN_RATE_LIMIT_IP`, default `5/minute`, or `off`); a
   * successful login does not count. Below the 10 wrong passwords that lock an account.
   */
  readonly loginRateLimitPerIp: RateLimit | null
  /**
   * Reverse proxies whose `X-Forwarded-For` is believed (`CHRONOTOPE_TRUSTED_PROXIES`: IP
   * addresses and CIDR networks, IPv4 or IPv6, separated by commas; default none, so the client
   * address is always the connection's).
   */
  readonly trustedProxies: readonly AddressRange[]
  /**
   * Seconds a running import stage may go without a heartbeat before another worker takes it over,
   * e.g. after its worker was killed (`CHRONOTOPE_JOB_LEASE_SECONDS`, default 60).
   */
  readonly jobLeaseSeconds: number
  /** Days an online geocoder's answer stays in the location cache (`CHRONOTOPE_GEOCODING_CACHE_DAYS`, default 180); offline answers stay. */
  readonly geocodingCacheDays: number
  /**
   * Days an audit log entry is kept (`CHRONOTOPE_AUDIT_RETENTION_DAYS`, default 365; 0 keeps every
   * entry for ever): the daily prune-audit-log job deletes older ones.
   */
  readonly auditRetentionDays: number
  /**
   * Hosts, addresses and CIDR ranges online geocoders may reach although they are not public, for a
   * self-hosted geocoder (`CHRONOTOPE_GEOCODING_ALLOWED_HOSTS`, comma separated, default none):
   * requests to loopback, private, link-local and metadata addresses are refused otherwise.
   */
  readonly geocodingAllowedHosts: OutboundAllowList
  /**
   * Hosts, addresses and CIDR ranges scheduled imports may download from although they are not
   * public (`CHRONOTOPE_SCHEDULED_IMPORT_ALLOWED_HOSTS`, comma separated, default none), e.g. a
   * data server on the newsroom's own network. Checked after DNS and on every redirect.
   */
  readonly scheduledImportAllowedHosts: OutboundAllowList
  /** Largest download a scheduled import takes (`CHRONOTOPE_SCHEDULED_IMPORT_MAX_MB`, default that of uploads). */
  readonly scheduledImportMaxBytes: number
  /**
   * Longest a scheduled import's download may take, first byte to last
   * (`CHRONOTOPE_SCHEDULED_IMPORT_TIMEOUT_SECONDS`, default 300); a server that sends nothing for
   * 30 seconds is cut off sooner.
   */
  readonly scheduledImportTimeoutSeconds: number
  /**
   * Hosts, addresses and CIDR ranges outgoing webhooks may be delivered to although they are not
   * public, for a receiver on your own network (`CHRONOTOPE_WEBHOOK_ALLOWED_HOSTS`, comma
   * separated, default none): webhook URLs on loopback, private, link-local and metadata addresses
   * are refused otherwise, when saved and on every delivery and redirect.
   */
  readonly webhookAllowedHosts: OutboundAllowList
  /**
   * Confidence (0..1) a geocoding result needs to place an event, unless a dataset sets its own
   * (`CHRONOTOPE_GEOCODING_MIN_CONFIDENCE`, default 0.5).
   */
  readonly geocodingMinimumConfidence: number
  /**
   * Most events the read API keeps in its in-memory index (`CHRONOTOPE_EVENT_INDEX_MAX_EVENTS`,
   * default no limit: {@link eventIndexMaxBytes} sizes it); 0 turns the index off.
   */
  readonly eventIndexMaxEvents: number
  /**
   * Most memory the in-memory event index of each web process may hold, in bytes
   * (`CHRONOTOPE_EVENT_INDEX_MAX_MB`, default a quarter of the memory the process may use: the
   * container's limit, else the machine's, shared by the {@link webProcesses}). Events take about 30 bytes each, more with the data
   * fields the filters read; datasets that do not fit are read from the database.
   */
  readonly eventIndexMaxBytes: number
  /**
   * Whether the in-memory event index writes what it read from the database to snapshots in the
   * data folder (`<data>/event-index`), so a restarted or second web process reads those instead of
   * the database (`CHRONOTOPE_EVENT_INDEX_SNAPSHOTS`, default true). A snapshot is used only for
   * the exact events version the database states.
   */
  readonly eventIndexSnapshots: boolean
  /**
   * Reads of datasets the event index cannot hold count their events in the database; once a read's
   * datasets hold this many events (`CHRONOTOPE_EVENT_CELLS_MIN_EVENTS`, default 100000), their
   * events are counted ahead of time into cells per map cell and day, kept per events version, and
   * reads without filters beyond the datasets, the map view and whole days answer from those
   * (see `lib/events-read/event-cells`). 0 turns the cells off.
   */
  readonly eventCellsMinEvents: number
  /**
   * Most bytes the cells of searches may hold together in the database
   * (`CHRONOTOPE_SEARCH_CELLS_MAX_MB`, default 256): a search of datasets read from their event
   * cells gets cells of its own on its first read, and the least recently read searches are
   * dropped past this (see `lib/events-read/event-cells/search-cell-store.ts`). 0 turns them off.
   */
  readonly searchCellsMaxBytes: number
  /**
   * Most documents one page of the CMS's REST and GraphQL lists may hold (`CHRONOTOPE_API_MAX_LIMIT`,
   * default 1000): a larger `limit`, or `limit=0`, is answered with a 400. The server's own calls
   * are not bound by it.
   */
  readonly apiMaxLimit: number
  /**
   * An online MapLibre style for the explore map instead of the offline Natural Earth basemap
   * (`CHRONOTOPE_MAP_STYLE_URL`, an http(s) URL, `{scheme}` in it becomes `light` or `dark`;
   * default empty: offline). Its origin is added to the Content-Security-Policy.
   */
  readonly mapStyleUrl: string
  /**
   * Where the documentation site is, for the header's "Docs" link (`CHRONOTOPE_DOCS_URL`: an
   * http(s) URL, or a path on this app; default `/docs/`, where the app serves the site that
   * `npm run build` builds, and `npm start` builds the first time; `off` hides the link).
   */
  readonly docsUrl: string | null
  /**
   * The project's repository, for links to its source (`CHRONOTOPE_REPOSITORY_URL`, an http(s)
   * URL; default the project's own, `https://github.com/chronotope/chronotope`). The docs build
   * reads it too, for every "Edit this page", feedback and source link.
   */
  readonly repositoryUrl: string
}

/** A rate limit: at most `limit` requests per `windowSeconds`. */
export interface RateLimit {
  readonly limit: number
  readonly windowSeconds: number
}

const WINDOW_SECONDS: Readonly<Record<string, number>> = { second: 1, minute: 60, hour: 3600, day: 86_400 }

/**
 * Reads a rate limit written as `count/window` (`20/hour`, `5/minute`), or `off`.
 * @example parseRateLimit('X', '20/hour') // { limit: 20, windowSeconds: 3600 }
 */
export function parseRateLimit(variable: string, raw: string): RateLimit | null {
  const value = raw.trim().toLowerCase()
  if (value === 'off' || value === 'none') return null
  const match = /^(\d+)\s*\/\s*(second|minute|hour|day)s?$/.exec(value)
  if (!match || Number(match[1]) < 1) {
    throw new InvalidSetting(variable, `must look like 20/hour (per second, minute, hour or day) or off; got "${raw}"`)
  }
  return { limit: Number(match[1]), windowSeconds: WINDOW_SECONDS[match[2]!]! }
}

function readAddressRanges(env: Environment, variable: string): readonly AddressRange[] {
  try {
    return Object.freeze(parseAddressRanges(env[variable]))
  } catch (error) {
    if (error instanceof InvalidAddressRange) {
      throw new InvalidSetting(
        variable,
        `must list IP addresses or CIDR networks separated by commas; ${error.message}`,
      )
    }
    throw error
  }
}

function readPositiveNumber(env: Environment, variable: string, fallback: number): number {
  const raw = env[variable]?.trim()
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value <= 0) {
    throw new InvalidSetting(variable, `must be a positive number; got "${raw}"`)
  }
  return value
}

function readWholeNumber(env: Environment, variable: string, fallback: number): number {
  const raw = env[variable]?.trim()
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new InvalidSetting(variable, `must be a whole number, 0 or more; got "${raw}"`)
  }
  return value
}

function readPositiveInteger(env: Environment, variable: string, fallback: number): number {
  const raw = env[variable]?.trim()
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new InvalidSetting(variable, `must be a whole number, 1 or more; got "${raw}"`)
  }
  return value
}

function readAllowedHosts(env: Environment, variable: string): OutboundAllowList {
  const raw = env[variable] ?? ''
  try {
    return parseAllowedHosts(raw.split(/[\s,]+/), variable)
  } catch (error) {
    if (error instanceof InvalidAllowedHost)
      throw new InvalidSetting(variable, `must list hosts, addresses or CIDR ranges; ${error.message}`)
    throw error
  }
}

function readFraction(env: Environment, variable: string, fallback: number): number {
  const raw = env[variable]?.trim()
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value < 0 || value > 1) {
    throw new InvalidSetting(variable, `must be a number from 0 to 1; got "${raw}"`)
  }
  return value
}

function readApiMaxLimit(env: Environment): number {
  const raw = env.CHRONOTOPE_API_MAX_LIMIT?.trim()
  if (raw === undefined || raw === '') return 1000
  const value = Number(raw)
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new InvalidSetting('CHRONOTOPE_API_MAX_LIMIT', `must be a whole number, 1 or more; got "${raw}"`)
  }
  return value
}

function readMapStyleUrl(env: Environment): string {
  const raw = env.CHRONOTOPE_MAP_STYLE_URL?.trim() ?? ''
  if (raw === '') return ''
  let protocol: string
  try {
    protocol = new URL(raw.split('{scheme}').join('light')).protocol
  } catch {
    protocol = ''
  }
  if (protocol !== 'https:' && protocol !== 'http:') {
    throw new InvalidSetting(
      'CHRONOTOPE_MAP_STYLE_URL',
      `must be the http(s) URL of a MapLibre style, or empty for the offline basemap; got "${raw}"`,
    )
  }
  return raw
}

/** Where the app serves the documentation site it has built (src/server/docs-site.ts). */
export const LOCAL_DOCS_URL = '/docs/'

function readDocsUrl(env: Environment): string | null {
  const raw = env.CHRONOTOPE_DOCS_URL?.trim() || LOCAL_DOCS_URL
  if (raw === 'off') return null
  // A path on this app, such as the default.
  if (/^\/(?!\/)/.test(raw)) return raw
  let protocol = ''
  try {
    protocol = new URL(raw).protocol
  } catch {
    // reported below
  }
  if (protocol !== 'https:' && protocol !== 'http:') {
    throw new InvalidSetting(
      'CHRONOTOPE_DOCS_URL',
      `must be the http(s) URL of the documentation site, a path on this app such as /docs/, or off; got "${raw}"`,
    )
  }
  return raw
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const
const MB = 1024 * 1024
// The event index's share of the memory a process may use: the rest is the app itself, its
// requests, and, on a small machine, the database and the workers beside it.
const EVENT_INDEX_MEMORY_SHARE = 0.25
const INSECURE_DEVELOPMENT_SECRET = 'chronotope-development-secret-not-for-production'

function readPort(env: Environment): number {
  const raw = env.PORT ?? '3000'
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new InvalidSetting('PORT', `must be an integer from 1 to 65535; got "${raw}"`)
  }
  return port
}

function readDatabaseUrl(env: Environment, variable: 'DATABASE_URL' | 'DATABASE_READ_URL'): string | undefined {
  const url = env[variable]?.trim()
  if (!url) return undefined
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new InvalidSetting(variable, `must start with postgres:// or postgresql://; got "${url}"`)
  }
  return url
}

function readReplicaUrl(env: Environment): string | undefined {
  const url = readDatabaseUrl(env, 'DATABASE_READ_URL')
  if (url && !readDatabaseUrl(env, 'DATABASE_URL')) {
    throw new InvalidSetting('DATABASE_READ_URL', 'needs DATABASE_URL: a replica reads from a primary server')
  }
  return url
}

function readBoolean(env: Environment, variable: string, fallback: boolean): boolean {
  const raw = env[variable]?.trim().toLowerCase()
  if (raw === undefined || raw === '') return fallback
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true
  if (['0', 'false', 'no', 'off'].includes(raw)) return false
  throw new InvalidSetting(variable, `must be true or false; got "${env[variable]}"`)
}

function readTrustLevel(env: Environment): TrustLevel {
  const raw = env.CHRONOTOPE_DEFAULT_TRUST_LEVEL?.trim().toLowerCase()
  if (!raw) return TRUST_LEVELS.NEW
  if (isTrustLevel(raw)) return raw
  throw new InvalidSetting(
    'CHRONOTOPE_DEFAULT_TRUST_LEVEL',
    `must be one of ${TRUST_LEVEL_ORDER.join(', ')}; got "${env.CHRONOTOPE_DEFAULT_TRUST_LEVEL}"`,
  )
}

function readEnvironment(env: Environment): Settings['environment'] {
  if (env.NODE_ENV === 'production') return 'production'
  if (env.NODE_ENV === 'test' || env.VITEST) return 'test'
  return 'development'
}

/**
 * Reads and validates the settings from an environment.
 * @throws {@link InvalidSetting} naming the variable and the value it could not use
 * @example readSettings({ PORT: '8080' }).port // 8080
 */
export function readSettings(env: Environment = process.env): Settings {
  const environment = readEnvironment(env)
  const port = readPort(env)
  const secret = env.PAYLOAD_SECRET?.trim()
  if (!secret && environment === 'production') {
    throw new InvalidSetting('PAYLOAD_SECRET', 'must be set in production (any long random string)')
  }
  const logLevel = (env.LOG_LEVEL ?? 'info').toLowerCase()
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new InvalidSetting('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}; got "${env.LOG_LEVEL}"`)
  }
  const runJobsInWeb = readBoolean(env, 'CHRONOTOPE_RUN_JOBS_IN_WEB', environment !== 'production')
  const memoryBytes = processMemoryLimit()
  // One by default: on two cores shared with PostgreSQL, two processes measured no faster at ten
  // million events and slowed searches outside memory (roadmap, "Ten million events").
  const webProcesses = readPositiveInteger(env, 'CHRONOTOPE_WEB_PROCESSES', 1)
  return Object.freeze({
    environment,
    databaseUrl: readDatabaseUrl(env, 'DATABASE_URL'),
    databaseReadUrl: readReplicaUrl(env),
    databaseWorkMemMb: readWholeNumber(env, 'CHRONOTOPE_DATABASE_WORK_MEM_MB', 32),
    databaseKind: env.CHRONOTOPE_DATABASE_KIND === 'embedded' ? 'embedded' : 'external',
    dataDir: path.resolve(repositoryRoot, env.CHRONOTOPE_DATA_DIR ?? 'data'),
    embeddedSharedBuffersMb: readPositiveInteger(env, 'CHRONOTOPE_EMBEDDED_SHARED_BUFFERS_MB', 32),
    port,
    serverUrl: (env.SERVER_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    payloadSecret: secret || INSECURE_DEVELOPMENT_SECRET,
    seedOnFirstStart: readBoolean(env, 'CHRONOTOPE_SEED_ON_FIRST_START', true),
    runJobsInWeb,
    workerProcesses: readWholeNumber(env, 'CHRONOTOPE_WORKERS', runJobsInWeb ? 0 : 1),
    webProcesses,
    launcherPid: env.CHRONOTOPE_LAUNCHER_PID ? readWholeNumber(env, 'CHRONOTOPE_LAUNCHER_PID', 0) : undefined,
    logLevel: logLevel as Settings['logLevel'],
    uploadMaxBytes: Math.round(readPositiveNumber(env, 'CHRONOTOPE_UPLOAD_MAX_MB', 100) * 1024 * 1024),
    importMaxSheets: readPositiveInteger(env, 'CHRONOTOPE_IMPORT_MAX_SHEETS', 50),
    defaultTrustLevel: readTrustLevel(env),
    uploadRateLimitPerUser: parseRateLimit(
      'CHRONOTOPE_UPLOAD_RATE_LIMIT_USER',
      env.CHRONOTOPE_UPLOAD_RATE_LIMIT_USER ?? '30/hour',
    ),
    uploadRateLimitPerIp: parseRateLimit(
      'CHRONOTOPE_UPLOAD_RATE_LIMIT_IP',
      env.CHRONOTOPE_UPLOAD_RATE_LIMIT_IP ?? '60/hour',
    ),
    loginRateLimitPerIp: parseRateLimit(
      'CHRONOTOPE_LOGIN_RATE_LIMIT_IP',
      env.CHRONOTOPE_LOGIN_RATE_LIMIT_IP ?? '5/minute',
    ),
    trustedProxies: readAddressRanges(env, 'CHRONOTOPE_TRUSTED_PROXIES'),
    jobLeaseSeconds: readPositiveNumber(env, 'CHRONOTOPE_JOB_LEASE_SECONDS', 60),
    geocodingCacheDays: readPositiveNumber(env, 'CHRONOTOPE_GEOCODING_CACHE_DAYS', 180),
    auditRetentionDays: readWholeNumber(env, 'CHRONOTOPE_AUDIT_RETENTION_DAYS', 365),
    geocodingAllowedHosts: readAllowedHosts(env, 'CHRONOTOPE_GEOCODING_ALLOWED_HOSTS'),
    scheduledImportAllowedHosts: readAllowedHosts(env, 'CHRONOTOPE_SCHEDULED_IMPORT_ALLOWED_HOSTS'),
    scheduledImportMaxBytes: Math.round(
      readPositiveNumber(
        env,
        'CHRONOTOPE_SCHEDULED_IMPORT_MAX_MB',
        readPositiveNumber(env, 'CHRONOTOPE_UPLOAD_MAX_MB', 100),
      ) *
        1024 *
        1024,
    ),
    scheduledImportTimeoutSeconds: readPositiveNumber(env, 'CHRONOTOPE_SCHEDULED_IMPORT_TIMEOUT_SECONDS', 300),
    webhookAllowedHosts: readAllowedHosts(env, 'CHRONOTOPE_WEBHOOK_ALLOWED_HOSTS'),
    geocodingMinimumConfidence: readFraction(env, 'CHRONOTOPE_GEOCODING_MIN_CONFIDENCE', 0.5),
    eventIndexMaxEvents: readWholeNumber(env, 'CHRONOTOPE_EVENT_INDEX_MAX_EVENTS', Number.MAX_SAFE_INTEGER),
    eventIndexMaxBytes: Math.round(
      readPositiveNumber(
        env,
        'CHRONOTOPE_EVENT_INDEX_MAX_MB',
        (memoryBytes * EVENT_INDEX_MEMORY_SHARE) / webProcesses / MB,
      ) * MB,
    ),
    eventIndexSnapshots: readBoolean(env, 'CHRONOTOPE_EVENT_INDEX_SNAPSHOTS', true),
    eventCellsMinEvents: readWholeNumber(env, 'CHRONOTOPE_EVENT_CELLS_MIN_EVENTS', 100_000),
    searchCellsMaxBytes: readWholeNumber(env, 'CHRONOTOPE_SEARCH_CELLS_MAX_MB', 256) * 1024 * 1024,
    apiMaxLimit: readApiMaxLimit(env),
    mapStyleUrl: readMapStyleUrl(env),
    docsUrl: readDocsUrl(env),
    repositoryUrl: readRepositoryUrl(env, (variable, detail) => new InvalidSetting(variable, detail)),
  })
}

/** The settings of this process, read once at import. */
export const settings: Settings = readSettings()
