import type { CollectionConfig } from 'payload'

import { isAdmin } from '../../access/is-admin'
import { AUDIT_ACTIONS } from '../../constants/audit-actions'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { auditCollectionChanges } from '../../lib/audit/audit-collection-changes'
import { encryptApiKey } from './hooks/encrypt-api-key'
import { validateBaseUrl } from './validate-base-url'

// Every change of a provider is a settings change; the API key is a secret and never recorded,
// nor is the shared rate-limit slot that every request moves on.
const audit = auditCollectionChanges(COLLECTION_NAMES.GEOCODING_PROVIDERS, {
  created: AUDIT_ACTIONS.SETTINGS_CHANGED,
  changed: AUDIT_ACTIONS.SETTINGS_CHANGED,
  deleted: AUDIT_ACTIONS.SETTINGS_CHANGED,
  fields: [
    'name',
    'type',
    'enabled',
    'priority',
    'baseUrl',
    'hasApiKey',
    'rateLimit',
    'countryBias',
    'timeoutMs',
    'minConfidence',
  ],
})

/** The kinds of geocoding provider Chronotope speaks to. */
export const GEOCODING_PROVIDER_TYPES = [
  'offline',
  'nominatim',
  'locationiq',
  'photon',
  'opencage',
  'google',
  'pelias',
] as const

/**
 * Geocoding providers configured by admins. The offline provider needs nothing; online ones are
 * opt-in, tried in priority order. API keys are stored encrypted and never returned by any API.
 */
export const GeocodingProviders: CollectionConfig = {
  slug: COLLECTION_NAMES.GEOCODING_PROVIDERS,
  labels: { singular: 'Geocoding provider', plural: 'Geocoding providers' },
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'type', 'enabled', 'priority'],
    group: 'Settings',
  },
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  hooks: { beforeChange: [encryptApiKey], afterChange: [audit.afterChange], afterDelete: [audit.afterDelete] },
  fields: [
    { name: 'name', type: 'text', required: true },
    { name: 'type', type: 'select', required: true, options: [...GEOCODING_PROVIDER_TYPES] },
    { name: 'enabled', type: 'checkbox', defaultValue: false },
    {
      name: 'priority',
      type: 'number',
      defaultValue: 100,
      admin: { description: 'Lower numbers are tried first.' },
    },
    {
      name: 'baseUrl',
      type: 'text',
      validate: validateBaseUrl,
      admin: {
        description:
          'Leave empty for the service default. http or https on the public internet only; a self-hosted geocoder on a private network needs its host in CHRONOTOPE_GEOCODING_ALLOWED_HOSTS.',
      },
    },
    {
      name: 'apiKey',
      type: 'text',
      access: { read: () => false },
      admin: { description: 'Stored encrypted; never shown again after saving.' },
    },
    { name: 'hasApiKey', type: 'checkbox', defaultValue: false, admin: { readOnly: true } },
    {
      name: 'rateLimit',
      type: 'group',
      fields: [
        { name: 'requestsPerSecond', type: 'number', defaultValue: 1, min: 0 },
        { name: 'requestsPerDay', type: 'number', min: 0 },
      ],
    },
    { name: 'countryBias', type: 'text', admin: { description: 'ISO 3166-1 alpha-2 codes, comma separated.' } },
    { name: 'timeoutMs', type: 'number', defaultValue: 10_000, min: 100 },
    { name: 'minConfidence', type: 'number', defaultValue: 0.5, min: 0, max: 1 },
    {
      name: 'nextRequestAt',
      type: 'date',
      admin: {
        hidden: true,
        description: 'The next free request slot, shared by every worker so the rate limit holds across processes.',
      },
    },
  ],
}
