import type { Field } from 'payload'

/** Where an event's coordinates came from. */
export const COORDINATE_SOURCE = {
  SOURCE_COLUMNS: 'source-columns',
  GEOCODED: 'geocoded',
  MANUAL: 'manual',
  NONE: 'none',
} as const

/** How precisely a place was located, from coarse to fine. */
export const LOCATION_PRECISION = ['country', 'region', 'city', 'postal', 'street', 'rooftop'] as const

/**
 * The `coordinates` group of an event: the source (file columns, geocoded, set by hand, none),
 * the columns or provider, the precision and a confidence from 0 to 1.
 */
export function coordinateProvenanceField(): Field {
  return {
    name: 'coordinates',
    type: 'group',
    label: 'Where the coordinates came from',
    fields: [
      {
        type: 'row',
        fields: [
          {
            name: 'source',
            type: 'select',
            required: true,
            defaultValue: COORDINATE_SOURCE.NONE,
            options: Object.values(COORDINATE_SOURCE),
          },
          { name: 'precision', type: 'select', options: [...LOCATION_PRECISION] },
          { name: 'confidence', type: 'number', min: 0, max: 1 },
        ],
      },
      {
        name: 'sourceColumns',
        type: 'json',
        admin: { condition: (_, sibling) => sibling?.source === COORDINATE_SOURCE.SOURCE_COLUMNS },
      },
      {
        name: 'provider',
        type: 'text',
        admin: {
          description: 'The geocoding provider, e.g. offline or nominatim.',
          condition: (_, sibling) => sibling?.source === COORDINATE_SOURCE.GEOCODED,
        },
      },
      { name: 'geocodedQuery', type: 'text', admin: { condition: (_, s) => s?.source === COORDINATE_SOURCE.GEOCODED } },
    ],
  }
}
