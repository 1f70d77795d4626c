/**
 * The app's library: access rules, API errors and the OpenAPI document, the read API's queries and
 * its typed client, and the import's building blocks.
 * @module lib
 */
export * from '../../web/src/access'
export * from '../../web/src/lib/api/api-error'
export { openApiDocument } from '../../web/src/lib/api/openapi-document'
export * from '../../web/src/lib/api/openapi-parts'
export * from '../../web/src/lib/import/import-options'
export * from '../../web/src/lib/import/import-progress'
export * from '../../web/src/lib/import/import-action-names'
export * from '../../web/src/lib/scheduled-imports/download-source'
export * from '../../web/src/lib/scheduled-imports/source-url'
