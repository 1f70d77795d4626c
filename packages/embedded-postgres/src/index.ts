/**
 * `@chronotope/embedded-postgres`: PGlite with PostGIS served over the PostgreSQL wire protocol.
 */
export { startEmbeddedPostgres } from './server'
export type { EmbeddedPostgres, EmbeddedPostgresOptions, EmbeddedPostgresStats } from './server'
export { findFreePort, isPortFree } from './free-port'
export { silentLogger } from './logger'
export type { Logger } from './logger'
export { COPY_FROM_STDIN_MESSAGE } from './copy-guard'
export {
  DatabaseCrashed,
  DatabaseStartFailed,
  DatabaseStopped,
  InvalidPort,
  LockNotHeld,
  PortInUse,
  ProtocolViolation,
} from './errors'
