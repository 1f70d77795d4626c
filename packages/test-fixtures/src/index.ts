/**
 * The real public data files the tests import (`fixtures/` at the repository root, so a clean
 * clone has everything its tests need), and a small reader for tests of pure packages.
 * @module
 */
export * from './paths'
export * from './read-fixture-columns'
export * from './split-csv'
export * from './bad-dates'
export * from './protests'
