import type { CollectionConfig } from 'payload'

import { isAdmin } from '../../access/is-admin'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { LOCATION_PRECISION } from '../events/coordinate-provenance-field'
import { moveEventsWithEntry } from './hooks/move-events-with-entry'

/**
 * Geocoding results cached by normalized query and provider, so each place string is geocoded
 * once. Admin only: admins may inspect, correct or purge entries; events geocoded from an entry
 * move when an admin corrects it.
 */
export const LocationCache: CollectionConfig = {
  slug: COLLECTION_NAMES.LOCATION_CACHE,
  labels: { singular: 'Cached location', plural: 'Location cache' },
  admin: {
    useAsTitle: 'query',
    defaultColumns: ['query', 'provider', 'precision', 'confidence', 'hitCount'],
    group: 'Settings',
  },
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  hooks: { afterChange: [moveEventsWithEntry] },
  indexes: [{ fields: ['normalizedQuery', 'provider'], unique: true }],
  fields: [
    { name: 'query', type: 'text', required: true },
    { name: 'normalizedQuery', type: 'text', required: true, index: true },
    { name: 'provider', type: 'text', required: true },
    { name: 'location', type: 'point' },
    { name: 'formattedAddress', type: 'text' },
    { name: 'precision', type: 'select', options: [...LOCATION_PRECISION] },
    { name: 'confidence', type: 'number', min: 0, max: 1 },
    { name: 'candidates', type: 'json', admin: { description: 'Runner-up candidates.' } },
    { name: 'hitCount', type: 'number', defaultValue: 0 },
    { name: 'lastUsedAt', type: 'date' },
    { name: 'expiresAt', type: 'date', index: true },
  ],
}
