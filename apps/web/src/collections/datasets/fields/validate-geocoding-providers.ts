import type { PayloadRequest } from 'payload'
import { relationship, type RelationshipFieldManyValidation } from 'payload/shared'

import { COLLECTION_NAMES } from '../../../constants/collection-names'
import { isDocumentId } from '../../../lib/api/document-ids'

function idOf(value: unknown): string | number | undefined {
  const id = typeof value === 'object' && value !== null && 'id' in value ? value.id : value
  return typeof id === 'number' || typeof id === 'string' ? id : undefined
}

/**
 * Validates a dataset's `geocoding.providers`: Payload's relationship checks, then that every id
 * names an existing geocoding provider, so an unknown id is a 400 naming it rather than a foreign
 * key violation (a 500) in the database.
 * @example { name: 'providers', type: 'relationship', hasMany: true, validate: validateGeocodingProviders }
 */
export const validateGeocodingProviders: RelationshipFieldManyValidation = async (value, options) => {
  const base = await relationship(value, options)
  if (base !== true) return base
  const ids = [...new Set((value ?? []).map(idOf))].filter((id) => id !== undefined)
  if (ids.length === 0) return true
  const found = await existingProviderIds(options.req, ids)
  const missing = ids.filter((id) => !found.has(String(id)))
  if (missing.length === 0) return true
  return `There is no geocoding provider with the id ${missing.map((id) => JSON.stringify(id)).join(', ')}; choose among the providers an admin has added`
}

async function existingProviderIds(req: PayloadRequest, ids: ReadonlyArray<string | number>): Promise<Set<string>> {
  // Ids no serial column can hold are missing without asking the database (which would fail on them).
  const possible = ids.filter((id) => isDocumentId(String(id), 'number'))
  if (possible.length === 0) return new Set()
  const { docs } = await req.payload.find({
    collection: COLLECTION_NAMES.GEOCODING_PROVIDERS,
    where: { id: { in: possible } },
    depth: 0,
    limit: possible.length,
    overrideAccess: true,
    select: {},
    req,
  })
  return new Set(docs.map((provider) => String(provider.id)))
}
