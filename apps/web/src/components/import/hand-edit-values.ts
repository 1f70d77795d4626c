/**
 * Words for the values a re-import compares with people's hand edits, as the import page lists
 * them ("Time: 3 April 2024 (day)", "Place: Nantes (47.2184, -1.5536)").
 * @module
 */

/**
 * The field a hand edit is about, as people call it.
 * @example handEditFieldLabel('data.crowd') // 'crowd'
 * @example handEditFieldLabel('eventTime') // 'Time'
 */
export function handEditFieldLabel(field: string): string {
  if (field.startsWith('data.')) return field.slice('data.'.length)
  const labels: Record<string, string> = {
    title: 'Title',
    description: 'Description',
    eventTime: 'Time',
    eventEndTime: 'End time',
    location: 'Place',
  }
  return labels[field] ?? field
}

const PRECISION_LENGTH: Record<string, number> = { year: 4, month: 7, day: 10, hour: 13, minute: 16, second: 19 }

/**
 * One compared value in words: empty values say so, times keep their precision, places show
 * their name and point.
 * @example describeHandEditValue('location', { longitude: 2.35, latitude: 48.85, name: 'Paris' }) // 'Paris (48.85, 2.35)'
 * @example describeHandEditValue('eventTime', { time: '2024-04-03T00:00:00.000Z', precision: 'day' }) // '2024-04-03'
 */
export function describeHandEditValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)'
  if (field === 'location' && typeof value === 'object') {
    const { longitude, latitude, name } = value as { longitude: number; latitude: number; name?: string | null }
    return `${name ? `${name} ` : ''}(${latitude}, ${longitude})`
  }
  if (field === 'eventTime' && typeof value === 'object') {
    const { time, precision } = value as { time: string; precision?: string }
    return time.slice(0, PRECISION_LENGTH[precision ?? 'second'] ?? 19).replace('T', ' ')
  }
  if (field === 'eventEndTime' && typeof value === 'string') return value.slice(0, 19).replace('T', ' ')
  return typeof value === 'string' ? value : JSON.stringify(value)
}
