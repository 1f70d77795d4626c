/**
 * Where an event's coordinates came from, said in plain language for the event page: "Taken from
 * the file's columns latitude and longitude", "Placed at the centre of Springfield (city) by the
 * offline geocoder, confidence 82%".
 * @module
 */
import { isApproximatePrecision } from '../explore/map-precision'

export { isApproximatePrecision }

/** How precisely a place was located, from coarse to fine (the events' `coordinates.precision`). */
export type LocationPrecision = 'country' | 'region' | 'city' | 'postal' | 'street' | 'rooftop'

/** An event's `coordinates` group as the CMS returns it. */
export interface CoordinateProvenance {
  readonly source?: string | null
  readonly precision?: string | null
  readonly confidence?: number | null
  readonly sourceColumns?: unknown
  readonly provider?: string | null
  readonly geocodedQuery?: string | null
}

/** What each precision is called after a place's name. */
const PRECISION_NAMES: Record<LocationPrecision, string> = {
  country: 'country',
  region: 'region',
  city: 'city',
  postal: 'postal area',
  street: 'street',
  rooftop: 'address',
}

/** Names in a list as people write them: "a", "a and b", "a, b and c". */
function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('')
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}

function columnsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== '') : []
}

function providerName(provider: string | null | undefined): string {
  if (!provider) return 'a geocoder'
  if (provider === 'offline') return 'the offline geocoder'
  return `the ${provider.charAt(0).toUpperCase()}${provider.slice(1)} geocoder`
}

function placedAt(place: string | null, precision: string | null | undefined): string {
  const known = precision && precision in PRECISION_NAMES ? PRECISION_NAMES[precision as LocationPrecision] : null
  if (isApproximatePrecision(precision)) {
    return place ? `Placed at the centre of ${place} (${known})` : `Placed at the centre of the ${known}`
  }
  if (known) return place ? `Placed at ${place} (${known})` : `Placed at the ${known}`
  return place ? `Placed at ${place}` : 'Placed'
}

/** Who placed an event by hand, in what role: its data's owner, an editor or an admin. */
export type PlacedByRole = 'owner' | 'editor' | 'admin'

const ROLE_NAMES: Record<PlacedByRole, string> = { owner: 'its owner', editor: 'an editor', admin: 'an admin' }

function byHand(place: string | null, role: PlacedByRole | null | undefined): string {
  const where = place ? ` at ${place}` : ''
  return role ? `Placed by hand${where} by ${ROLE_NAMES[role]}.` : `Placed by hand${where}.`
}

/**
 * One sentence saying where an event's coordinates came from.
 * @param coordinates - the event's `coordinates` group
 * @param placeName - the event's place as written in the file (`locationName`), if any
 * @param placedBy - for a place set by hand, the role of who set it (unknown: no role is named)
 * @example describeCoordinateProvenance({ source: 'geocoded', provider: 'offline', precision: 'city', confidence: 0.82 }, 'Springfield') // 'Placed at the centre of Springfield (city) by the offline geocoder, confidence 82%.'
 * @example describeCoordinateProvenance({ source: 'source-columns', sourceColumns: ['lat', 'lon'] }, null) // 'Taken from the file's columns "lat" and "lon".'
 * @example describeCoordinateProvenance({ source: 'manual' }, 'Xqzzyville', 'owner') // 'Placed by hand at Xqzzyville by its owner.'
 */
export function describeCoordinateProvenance(
  coordinates: CoordinateProvenance | null | undefined,
  placeName: string | null | undefined,
  placedBy?: PlacedByRole | null,
): string {
  const place = placeName?.trim() || coordinates?.geocodedQuery?.trim() || null
  switch (coordinates?.source) {
    case 'source-columns': {
      const columns = columnsOf(coordinates.sourceColumns)
      if (columns.length === 0) return 'Taken from the coordinates in the file.'
      if (columns.length === 1 && columns[0] === 'geometry') return 'Taken from the geometry in the file.'
      const quoted = columns.map((column) => `"${column}"`)
      return `Taken from the file's ${columns.length === 1 ? 'column' : 'columns'} ${joinNames(quoted)}.`
    }
    case 'geocoded': {
      // An editor's or admin's correction of the place, which every import geocoding it now uses.
      if (coordinates.provider === 'manual') {
        // Only editors and admins correct a place for every import.
        const who = placedBy ? ROLE_NAMES[placedBy] : 'an editor or admin'
        return `Placed by hand${place ? ` at ${place}` : ''} by ${who} (for every import of this place).`
      }
      const confidence =
        typeof coordinates.confidence === 'number' && Number.isFinite(coordinates.confidence)
          ? `, confidence ${Math.round(coordinates.confidence * 100)}%`
          : ''
      return `${placedAt(place, coordinates.precision)} by ${providerName(coordinates.provider)}${confidence}.`
    }
    case 'manual':
      return byHand(place, placedBy)
    default:
      return place
        ? `Not placed on the map: "${place}" could not be located.`
        : 'Not placed on the map: the row has no place.'
  }
}

/**
 * A position as people read it, latitude first, to about 10 m.
 * @example formatLatLng(-83.016582, 37.004024) // '37.0040° N, 83.0166° W'
 */
export function formatLatLng(longitude: number, latitude: number): string {
  const lat = `${Math.abs(latitude).toFixed(4)}° ${latitude < 0 ? 'S' : 'N'}`
  const lng = `${Math.abs(longitude).toFixed(4)}° ${longitude < 0 ? 'W' : 'E'}`
  return `${lat}, ${lng}`
}
