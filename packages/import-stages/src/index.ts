/**
 * The import pipeline's rules as pure code: the processing stages and import statuses, the stage
 * transition table, and the progress tracking math. The app stores what these functions return.
 * @module
 */
export * from './stages'
export * from './stage-transition'
export * from './progress'
