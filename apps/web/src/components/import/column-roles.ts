/**
 * What each column means for an event, as the user sets it in the import preview: read from the
 * detected event mapping, changed one column at a time, and turned back into mapping overrides
 * for `POST /api/import/{importId}/start`.
 * @module
 */
import type { DatePartColumns, EventMapping, FieldRole, GeoColumnResult } from '@chronotope/schema'

/** The role of one column in the preview's role selector; `none` leaves the column as data only. */
export type ColumnRole = 'none' | FieldRole

/** The role chosen for each column, by column name. */
export type ColumnRoles = Readonly<Record<string, ColumnRole>>

/** The roles a user can choose, grouped and labelled for the role selector. */
export const ROLE_GROUPS: ReadonlyArray<{
  readonly label: string
  readonly roles: ReadonlyArray<{ readonly role: ColumnRole; readonly label: string }>
}> = [
  {
    label: 'Event',
    roles: [
      { role: 'title', label: 'Title' },
      { role: 'description', label: 'Description' },
      { role: 'id', label: 'Id' },
    ],
  },
  {
    label: 'Time',
    roles: [
      { role: 'start-time', label: 'Start time' },
      { role: 'end-time', label: 'End time' },
      { role: 'year', label: 'Date part: year' },
      { role: 'month', label: 'Date part: month' },
      { role: 'day', label: 'Date part: day' },
      { role: 'time', label: 'Date part: time of day' },
    ],
  },
  {
    label: 'Coordinates',
    roles: [
      { role: 'latitude', label: 'Latitude' },
      { role: 'longitude', label: 'Longitude' },
      { role: 'coordinates', label: 'Coordinates ("lat, lon")' },
    ],
  },
  {
    label: 'Place or address (geocoded)',
    roles: [
      { role: 'place', label: 'Place (free text)' },
      { role: 'street', label: 'Street address' },
      { role: 'city', label: 'City' },
      { role: 'region', label: 'State or region' },
      { role: 'postal-code', label: 'Postal code' },
      { role: 'country', label: 'Country' },
    ],
  },
]

/**
 * The label of a role as the role selector shows it.
 * @example roleLabel('start-time') // 'Start time'
 */
export function roleLabel(role: ColumnRole): string {
  if (role === 'none') return 'None (data only)'
  for (const group of ROLE_GROUPS) {
    const found = group.roles.find((option) => option.role === role)
    if (found) return found.label
  }
  return role
}

const ADDRESS_ROLES = {
  place: 'place',
  street: 'street',
  city: 'city',
  region: 'region',
  country: 'country',
  'postal-code': 'postalCode',
} as const satisfies Partial<Record<ColumnRole, keyof NonNullable<GeoColumnResult['address']>>>

type AddressRole = keyof typeof ADDRESS_ROLES

function isAddressRole(role: ColumnRole): role is AddressRole {
  return role in ADDRESS_ROLES
}

/**
 * Each column's role in a detected event mapping; columns the mapping does not use get `none`.
 * @example rolesFromMapping({ title: 'name', location: { kind: 'none', confidence: 0, reason: '' } }, ['name', 'x'])
 * // { name: 'title', x: 'none' }
 */
export function rolesFromMapping(mapping: EventMapping, headers: readonly string[]): Record<string, ColumnRole> {
  const roles: Record<string, ColumnRole> = Object.fromEntries(headers.map((name) => [name, 'none']))
  const set = (column: string | undefined, role: ColumnRole) => {
    if (column !== undefined && column in roles && roles[column] === 'none') roles[column] = role
  }
  set(mapping.title, 'title')
  set(mapping.description, 'description')
  set(mapping.id, 'id')
  const start = mapping.startTime
  if (start && 'field' in start) set(start.field, 'start-time')
  if (start && 'parts' in start) {
    set(start.parts.year, 'year')
    set(start.parts.month, 'month')
    set(start.parts.day, 'day')
    set(start.parts.time, 'time')
  }
  set(mapping.endTime?.field, 'end-time')
  const location = mapping.location
  if (location.kind === 'lat-lon') {
    set(location.latitude, 'latitude')
    set(location.longitude, 'longitude')
  }
  if (location.kind === 'combined' || location.kind === 'geometry') set(location.combined, 'coordinates')
  for (const [role, part] of Object.entries(ADDRESS_ROLES) as Array<
    [AddressRole, (typeof ADDRESS_ROLES)[AddressRole]]
  >) {
    set(location.address?.[part], role)
  }
  return roles
}

/**
 * Gives a column a role; the column that held that role before goes back to `none`, since an
 * event has one title, one start time, one latitude…
 * @example assignRole({ a: 'title', b: 'none' }, 'b', 'title') // { a: 'none', b: 'title' }
 */
export function assignRole(roles: ColumnRoles, column: string, role: ColumnRole): Record<string, ColumnRole> {
  const next: Record<string, ColumnRole> = { ...roles }
  if (role !== 'none') {
    for (const [name, current] of Object.entries(next)) if (current === role) next[name] = 'none'
  }
  next[column] = role
  return next
}

/** A mapping override as the start endpoint takes it; `null` clears a detected column. */
export interface MappingOverride {
  id?: string | null
  title?: string | null
  description?: string | null
  startTime?: EventMapping['startTime'] | null
  endTime?: EventMapping['endTime'] | null
  location?: GeoColumnResult
}

/** The mapping the roles describe, what changed from the detected one, and what cannot work. */
export interface RolesMapping {
  /** Only the keys that differ from the detected mapping; undefined when nothing changed. */
  readonly override: MappingOverride | undefined
  /** Problems to fix before starting, each naming the columns involved. */
  readonly problems: readonly string[]
  /** What the user should know about the choices, e.g. that events will have no time. */
  readonly notes: readonly string[]
}

function columnWith(roles: ColumnRoles, role: ColumnRole): string | undefined {
  return Object.entries(roles).find(([, current]) => current === role)?.[0]
}

function quoted(column: string): string {
  return `"${column}"`
}

function locationFromRoles(roles: ColumnRoles, detected: GeoColumnResult, problems: string[]): GeoColumnResult {
  const latitude = columnWith(roles, 'latitude')
  const longitude = columnWith(roles, 'longitude')
  const combined = columnWith(roles, 'coordinates')
  const address: NonNullable<GeoColumnResult['address']> = {}
  for (const [column, role] of Object.entries(roles)) if (isAddressRole(role)) address[ADDRESS_ROLES[role]] = column
  // Detection may use one column twice ("location" as the title and the place); a selector shows
  // one role, so keep such a second use while the column stays a title, description or id.
  for (const [part, column] of Object.entries(detected.address ?? {}) as Array<
    [keyof typeof address, string | undefined]
  >) {
    const role = column === undefined ? undefined : roles[column]
    if (address[part] === undefined && (role === 'title' || role === 'description' || role === 'id'))
      address[part] = column
  }
  const hasAddress = Object.keys(address).length > 0
  const reason = 'Chosen in the import preview'
  if ((latitude === undefined) !== (longitude === undefined)) {
    const given = latitude ?? longitude!
    problems.push(
      `${quoted(given)} is the ${latitude ? 'latitude' : 'longitude'}: choose the ${latitude ? 'longitude' : 'latitude'} column too`,
    )
  }
  if (latitude !== undefined && longitude !== undefined) {
    if (combined !== undefined)
      problems.push(`Choose latitude and longitude, or the combined coordinates column ${quoted(combined)}, not both`)
    const isSame = detected.kind === 'lat-lon' && detected.latitude === latitude && detected.longitude === longitude
    return {
      ...(isSame ? detected : { kind: 'lat-lon', latitude, longitude, confidence: 1, reason }),
      ...(hasAddress ? { address } : { address: undefined }),
    }
  }
  if (combined !== undefined) {
    const isSame = (detected.kind === 'combined' || detected.kind === 'geometry') && detected.combined === combined
    return {
      ...(isSame ? detected : { kind: 'combined', combined, confidence: 1, reason }),
      ...(hasAddress ? { address } : { address: undefined }),
    }
  }
  // A GeoJSON file is placed by its features' geometries, which no column role stands for.
  if (detected.kind === 'geometry') return hasAddress ? { ...detected, address } : detected
  if (hasAddress)
    return detected.kind === 'address' ? { ...detected, address } : { kind: 'address', address, confidence: 1, reason }
  return detected.kind === 'none' ? detected : { kind: 'none', confidence: 1, reason }
}

function startTimeFromRoles(roles: ColumnRoles, detected: EventMapping, problems: string[]): EventMapping['startTime'] {
  const field = columnWith(roles, 'start-time')
  const parts: Partial<DatePartColumns> = {}
  for (const part of ['year', 'month', 'day', 'time'] as const) {
    const column = columnWith(roles, part)
    if (column !== undefined) parts[part] = column
  }
  const partColumns = Object.values(parts)
  if (field !== undefined) {
    if (partColumns.length > 0) {
      problems.push(`Choose one start time column or date parts (${partColumns.map(quoted).join(', ')}), not both`)
    }
    const previous = detected.startTime && 'field' in detected.startTime ? detected.startTime : undefined
    return previous?.field === field ? previous : { field }
  }
  if (partColumns.length === 0) return undefined
  if (parts.year === undefined) {
    problems.push(`Date parts ${partColumns.map(quoted).join(', ')} need a year column`)
    return undefined
  }
  return { parts: parts as DatePartColumns }
}

function withoutUndefined<T extends object>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T
}

// Key order differs between detected and rebuilt objects; it carries no meaning.
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, entry]) => entry !== undefined)
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

// Detected mappings leave unused keys out; overrides set them to null: both mean "no column".
function isSameValue(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b)
}

/**
 * Turns the columns' roles into mapping overrides: only what differs from the detected mapping
 * (so an unchanged preview sends no mapping and every sheet keeps its own detection), plus the
 * problems that would make the import fail or misread rows.
 * @example mappingFromRoles({ name: 'title', when: 'start-time' }, detectedWithTitle('name')).override
 * // { startTime: { field: 'when' } }
 */
export function mappingFromRoles(roles: ColumnRoles, detected: EventMapping): RolesMapping {
  const problems: string[] = []
  const notes: string[] = []
  const text = (role: ColumnRole) => columnWith(roles, role) ?? null
  const desired: Required<Omit<MappingOverride, 'endTime' | 'startTime'>> &
    Pick<MappingOverride, 'endTime' | 'startTime'> = {
    id: text('id'),
    title: text('title'),
    description: text('description'),
    startTime: startTimeFromRoles(roles, detected, problems),
    endTime: undefined,
    location: locationFromRoles(roles, detected.location, problems),
  }
  const end = columnWith(roles, 'end-time')
  if (end !== undefined) desired.endTime = detected.endTime?.field === end ? detected.endTime : { field: end }
  const override: MappingOverride = {}
  for (const key of ['id', 'title', 'description'] as const) {
    if (!isSameValue(desired[key], detected[key])) override[key] = desired[key]
  }
  // null clears a detected time column: the API then leaves it as data only.
  if (desired.startTime === undefined) {
    if (detected.startTime !== undefined && problems.length === 0) {
      override.startTime = null
      notes.push('No column is the start time: the events will have no time and will not show on the timeline')
    }
  } else if (!isSameValue(desired.startTime, detected.startTime)) override.startTime = desired.startTime
  if (desired.endTime === undefined) {
    if (detected.endTime !== undefined) override.endTime = null
  } else if (!isSameValue(desired.endTime, detected.endTime)) override.endTime = desired.endTime
  if (!isSameValue(desired.location, detected.location)) override.location = withoutUndefined(desired.location)
  return { override: Object.keys(override).length > 0 ? override : undefined, problems, notes }
}
