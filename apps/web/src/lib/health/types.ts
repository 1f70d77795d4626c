/** The state of one thing the health check looked at. */
export interface HealthCheckComponent {
  /**
   * `ok` when it works; `warning` when this process can serve requests but something needs an
   * operator (jobs are queued and no worker runs them); `error` when it does not work.
   */
  readonly status: 'ok' | 'warning' | 'error'
  /** What went wrong, or what needs doing, when something did. */
  readonly message?: string
}

/**
 * What `GET /api/health` answers: overall status and each component, with the facts an operator
 * needs (database kind and PostGIS version, pending migrations, whether queued jobs will run).
 */
export interface HealthCheckResult {
  /**
   * The worst component's status. HTTP 503 only for `error` (this process cannot serve requests:
   * the database or its migrations); `warning` answers 200, because taking web processes out of
   * a load balancer would not start a worker. Monitors should alert on `status` itself.
   */
  readonly status: 'ok' | 'warning' | 'error'
  /** When the check ran (ISO 8601). */
  readonly checkedAt: string
  /** Application version from package.json. */
  readonly version: string
  /** Seconds since the process started. */
  readonly uptimeSeconds: number
  /** The database: reachable, embedded or external, PostgreSQL and PostGIS versions. */
  readonly database: HealthCheckComponent & {
    readonly kind: 'embedded' | 'external'
    readonly postgresVersion?: string
    readonly postgisVersion?: string
    readonly latencyMs?: number
  }
  /** Whether every migration shipped with the app has been applied. */
  readonly migrations: HealthCheckComponent & {
    readonly applied: number
    readonly pending: readonly string[]
  }
  /**
   * The job queue, and whether anything runs it: `warning` when jobs are due but no job runner
   * (a worker, or a web process that runs jobs) has been seen for a while.
   */
  readonly jobQueue: HealthCheckComponent & {
    /** Jobs due now, waiting for a runner. */
    readonly queued?: number
    /** Jobs waiting for a later time: a scheduled job's next slot, or a retry's backoff. */
    readonly scheduled?: number
    /** Jobs being run now. */
    readonly running?: number
    /** Jobs given up on after their retries. */
    readonly failed?: number
    /** Job runners alive now (heard from within the last two minutes). */
    readonly runners?: number
    /** When a job runner was last heard from (ISO 8601), or `null` when none ever was. */
    readonly lastRunnerSeenAt?: string | null
  }
  /**
   * Scheduled imports: `warning` when some paused themselves after failing again and again (their
   * owners see why in the admin). Counts and ids only: a public check names no data.
   */
  readonly scheduledImports: HealthCheckComponent & {
    /** Schedules that are on. */
    readonly enabled?: number
    /** Schedules whose last run failed, still retrying. */
    readonly failing?: number
    /** Schedules that paused themselves after repeated failures. */
    readonly pausedByFailures?: number
    /** Their ids (the first 20). */
    readonly pausedIds?: readonly number[]
  }
  /**
   * The read API's in-memory event index: whether it is on, and how many dataset loads run (reads
   * of those datasets go to the database meanwhile). Counts of events are not shown: they would
   * reveal the size of private datasets.
   */
  readonly eventIndex: HealthCheckComponent & { readonly enabled: boolean; readonly loading: number }
  /**
   * The streaming replica for reads (`DATABASE_READ_URL`), only when one is set: `warning` while it
   * does not answer (reads use the primary meanwhile), with how far its replay is behind the
   * primary's WAL, in bytes.
   */
  readonly readReplica?: HealthCheckComponent & { readonly lagBytes?: number }
}
