/**
 * The commit-message conventions from PRODUCT.md ("Commit-message conventions"), as data.
 * Every check in this package reads its limits and lists from here.
 */

/**
 * The commit types a title may start with, in the order PRODUCT.md lists them.
 * @example COMMIT_TYPES.includes('feat') // true
 */
export const COMMIT_TYPES = [
  'feat',
  'fix',
  'refactor',
  'style',
  'perf',
  'test',
  'docs',
  'build',
  'chore',
  'revert',
  'security',
] as const

/**
 * One of {@link COMMIT_TYPES}.
 * @example const type: CommitType = 'fix'
 */
export type CommitType = (typeof COMMIT_TYPES)[number]

/**
 * The recommended scopes. Any other lowercase kebab-case scope is accepted with a warning.
 * @example RECOMMENDED_SCOPES.includes('import') // true
 */
export const RECOMMENDED_SCOPES = [
  'web',
  'docs',
  'ui',
  'config',
  'import',
  'geocoding',
  'events',
  'catalogs',
  'datasets',
  'auth',
  'cache',
  'db',
  'api',
  'jobs',
  'types',
  'testing',
  'deps',
  'docker',
  'scripts',
  'ci',
] as const

/**
 * The longest title allowed, in characters (Unicode code points).
 * @example 'feat(import): detect the date order of each column'.length <= MAX_TITLE_LENGTH // true
 */
export const MAX_TITLE_LENGTH = 72

/**
 * The longest body line allowed, in characters (Unicode code points). A line holding only a URL
 * may be longer.
 * @example 'x'.repeat(101).length > MAX_BODY_LINE_LENGTH // true: rejected as body-line-too-long
 */
export const MAX_BODY_LINE_LENGTH = 100

/**
 * The pattern a scope must match: lowercase letters, digits and hyphens.
 * @example SCOPE_PATTERN.test('date-order') // true
 */
export const SCOPE_PATTERN = /^[a-z0-9-]+$/

/**
 * The start of a breaking-change paragraph in the body.
 * @example 'BREAKING CHANGE: drop the /v1 API'.startsWith(BREAKING_CHANGE_TOKEN) // true
 */
export const BREAKING_CHANGE_TOKEN = 'BREAKING CHANGE:'

/**
 * A title that follows every rule, shown at the end of a rejection report.
 * @example formatCommitReport(result).endsWith(GOOD_TITLE_EXAMPLE) // true for a rejected message
 */
export const GOOD_TITLE_EXAMPLE = 'feat(import): detect the date order of each column'

/**
 * The line `git commit --verbose` writes above the diff; git drops it and everything below it.
 * @example SCISSORS_LINE // '# ------------------------ >8 ------------------------'
 */
export const SCISSORS_LINE = '# ------------------------ >8 ------------------------'
