/** The state of one thing the health check looked at. */
export interface HealthCheckComponent {
  /** `ok` when it works, `error` when it does not. */
  readonly status: 'ok' | 'error'
  /** What went wrong, when it did. */
  readonly message?: string
}

/**
 * What `GET /api/health` answers: overall status and each component, with the facts an operator
 * needs (database kind and PostGIS version, pending migrations).
 */
export interface HealthCheckResult {
  /** `ok` when every component is ok (HTTP 200), else `error` (HTTP 503). */
  readonly status: 'ok' | 'error'
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
  /** Whether the job queue can be read, and how many jobs wait. */
  readonly jobQueue: HealthCheckComponent & { readonly queued?: number; readonly failed?: number }
  /**
   * The read API's in-memory event index: whether it is on, and how many dataset loads run (reads
   * of those datasets go to the database meanwhile). Counts of events are not shown: they would
   * reveal the size of private datasets.
   */
  readonly eventIndex: HealthCheckComponent & { readonly enabled: boolean; readonly loading: number }
}
