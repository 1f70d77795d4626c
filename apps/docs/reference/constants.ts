/**
 * Chronotope's constants: import status, job types, processing stage, batch sizes and collection
 * names, one source of truth for names used across collections, jobs and APIs.
 * @module constants
 */
export * from '../../web/src/constants'
