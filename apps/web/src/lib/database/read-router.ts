/**
 * Where an events read runs: on the streaming replica (`DATABASE_READ_URL`) when it has replayed
 * every dataset in the read's scope up to the primary's version, else on the primary. A user who
 * has just imported therefore sees the import at once, however far the replica lags; and while
 * the replica is down, reads carry on from the primary and a probe in the background brings the
 * replica back once it answers again.
 * @module
 */
import type { Pool } from 'pg'

import { readDatasetVersions, type DatasetVersion } from '../events-read/event-index/segment-loader'
import { replicaIsCurrent, type DatasetVersions } from './replica-freshness'

/** Where one read runs, and the versions its answer must reflect. */
export interface ReadDatabase {
  /** The pool to query: the replica's when it is current for the scope, else the primary's. */
  readonly pool: Pool
  /**
   * The events versions of the datasets in scope, read on the primary just now to choose the
   * replica; absent without a replica (the event index reads them itself when it needs them).
   */
  readonly versions?: ReadonlyMap<number, DatasetVersion>
  /** Whether {@link pool} is the replica. */
  readonly onReplica: boolean
}

/** What the health check says of the replica. */
export interface ReplicaStatus {
  /** Whether `DATABASE_READ_URL` is set. */
  readonly configured: boolean
  /** Whether reads may go to it now (false while it is down, until a probe reaches it). */
  readonly available: boolean
}

/** The replica as the health check reports it. */
export interface ReplicaHealth {
  readonly status: 'ok' | 'warning'
  readonly message?: string
  /** How many bytes of WAL the primary has written that the replica has not replayed yet. */
  readonly lagBytes?: number
}

/** How the router treats a failing replica. */
export interface ReadRouterOptions {
  /** Milliseconds between probes of a replica that failed; default 5,000. */
  readonly probeIntervalMs?: number
  /** Told once each time the replica fails and again when it is back. */
  readonly onReplicaChange?: (available: boolean, error?: unknown) => void
}

// Connection failures and the standby's own refusals: the replica is gone, restarting, or has
// cancelled the query to replay WAL. SQLSTATE classes 08 (connection) and 57 (operator
// intervention), and 40001, which a standby raises for a conflict with recovery.
const REPLICA_FAILURE_CODES = /^(08|57)|^40001$|^E(CONNREFUSED|CONNRESET|PIPE|HOSTUNREACH|TIMEDOUT)$|^ENOTFOUND$/

/**
 * True for an error that says the database could not answer (connection lost or refused, server
 * shutting down, standby conflict) rather than that the query was wrong.
 */
export function isUnavailableDatabaseError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && REPLICA_FAILURE_CODES.test(code)) return true
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect/i.test(error.message)
}

const versionStrings = (versions: ReadonlyMap<number, DatasetVersion>): DatasetVersions =>
  new Map([...versions].map(([datasetId, version]) => [datasetId, version.version]))

/** Routes the reads of one process between the primary and an optional replica. */
export class ReadRouter {
  private replicaDown = false
  private probe: NodeJS.Timeout | undefined

  /**
   * @param primary - Payload's pool on the primary (`DATABASE_URL`)
   * @param replica - a pool on the replica, or null without one
   */
  constructor(
    readonly primary: Pool,
    private readonly replica: Pool | null,
    private readonly options: ReadRouterOptions = {},
  ) {}

  /**
   * The database for a read of `scope`: the replica when it is up and current for every dataset
   * in scope, else the primary. With a replica, costs one small query on each, run side by side;
   * without one, nothing.
   */
  async route(scope: 'all' | readonly number[]): Promise<ReadDatabase> {
    const replica = this.replica && !this.replicaDown ? this.replica : null
    if (!replica) return { pool: this.primary, onReplica: false }
    const [onPrimary, onReplica] = await Promise.all([
      readDatasetVersions(this.primary, scope),
      readDatasetVersions(replica, scope).catch((error: unknown) => {
        this.replicaFailed(error)
        return null
      }),
    ])
    if (onReplica && replicaIsCurrent(versionStrings(onPrimary), versionStrings(onReplica))) {
      return { pool: replica, versions: onPrimary, onReplica: true }
    }
    return { pool: this.primary, versions: onPrimary, onReplica: false }
  }

  /** Whether a replica is set, and whether reads may use it now. */
  status(): ReplicaStatus {
    return { configured: this.replica !== null, available: this.replica !== null && !this.replicaDown }
  }

  /**
   * Takes the replica out of use after `error` (when it says the database could not answer) and
   * starts probing it; true when the caller should run its read again, now on the primary.
   */
  replicaFailed(error: unknown): boolean {
    if (!this.replica || !isUnavailableDatabaseError(error)) return false
    if (!this.replicaDown) {
      this.replicaDown = true
      this.options.onReplicaChange?.(false, error)
      this.scheduleProbe()
    }
    return true
  }

  /**
   * The replica's health: `warning` while it does not answer, else how far its replay is behind
   * the primary's WAL in bytes; null without a replica.
   */
  async health(): Promise<ReplicaHealth | null> {
    if (!this.replica) return null
    try {
      const { rows: replayed } = await this.replica.query<{ lsn: string | null }>(
        'select pg_last_wal_replay_lsn()::text as lsn',
      )
      const lsn = replayed[0]?.lsn
      if (!lsn) return { status: 'warning', message: 'DATABASE_READ_URL is not a standby: reads use the primary' }
      const { rows } = await this.primary.query<{ lag: string }>(
        'select greatest(0, pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn))::bigint::text as lag',
        [lsn],
      )
      return { status: this.replicaDown ? 'warning' : 'ok', lagBytes: Number(rows[0]?.lag ?? 0) }
    } catch (error) {
      this.replicaFailed(error)
      return { status: 'warning', message: 'the read replica does not answer: reads use the primary' }
    }
  }

  /** Stops probing (the process is ending). */
  close(): void {
    clearTimeout(this.probe)
  }

  private scheduleProbe(): void {
    this.probe = setTimeout(() => {
      this.replica!.query('select 1').then(
        () => {
          this.replicaDown = false
          this.options.onReplicaChange?.(true)
        },
        () => this.scheduleProbe(),
      )
    }, this.options.probeIntervalMs ?? 5_000)
    // A probe alone must not keep the process alive.
    this.probe.unref()
  }
}
