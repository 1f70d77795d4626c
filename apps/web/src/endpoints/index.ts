/**
 * Chronotope's own endpoints under `/api` (beside the CMS's REST and GraphQL, and the events read
 * endpoints, which live on the events collection): health, import, preview and the OpenAPI document.
 * @module
 */
import type { Endpoint } from 'payload'

import { healthEndpoint } from './health'
import { importActionEndpoint } from './import/actions'
import { previewEndpoint } from './import/preview'
import { importProgressEndpoint } from './import/progress'
import { importRowErrorsEndpoint } from './import/row-errors-csv'
import { importUploadEndpoint } from './import/upload'
import { openApiEndpoint } from './openapi'
import { placeSearchEndpoint } from './places/search'
import { usageEndpoint } from './usage'

/**
 * The root endpoints, as `buildConfig` registers them (the order matters: the first match
 * answers). A new array on every call: Payload adds its own root endpoints to the one it is given.
 */
export const rootEndpoints = (): Endpoint[] => [
  healthEndpoint,
  importUploadEndpoint,
  previewEndpoint,
  importRowErrorsEndpoint,
  importProgressEndpoint,
  importActionEndpoint,
  placeSearchEndpoint,
  usageEndpoint,
  openApiEndpoint,
]
