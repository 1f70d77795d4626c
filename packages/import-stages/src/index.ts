/**
 * The import pipeline's rules as pure code: the processing stages and import statuses, the stage
 * transition table, the progress tracking math, and the fair choice of which queued stage jobs
 * run next. The app stores what these functions return.
 * @module
 */
export * from './stages'
export * from './stage-transition'
export * from './progress'
export * from './choose-fair-jobs'
export * from './work-timings'
export * from './ordered-writes'
