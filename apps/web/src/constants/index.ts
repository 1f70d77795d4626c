/**
 * Chronotope's constants, one source of truth for names used across collections, jobs and APIs.
 * @module
 */
export * from './audit-actions'
export * from './batch-sizes'
export * from './collection-names'
export * from './import-status'
export * from './job-types'
export * from './processing-stage'
export * from './roles'
