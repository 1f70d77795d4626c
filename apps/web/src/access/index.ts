/**
 * Access functions shared by the collections, one per file.
 * @module
 */
export * from './can-read-catalogs'
export * from './can-read-dataset-content'
export * from './can-read-datasets'
export * from './is-admin'
export * from './is-authenticated'
export * from './is-editor-or-admin'
export * from './is-owner-or-editor'
export * from './nobody'
export * from './roles'
export * from './visible-datasets'
export * from './can-write-dataset-content'
export * from './can-write-datasets'
export * from './relation-id'
