/**
 * The id in a relationship value, whether it arrives as an id or a populated document.
 * @example relationId({ id: 7, name: 'Climate' }) // 7
 */
export function relationId(value: unknown): number | string | undefined {
  if (typeof value === 'number' || typeof value === 'string') return value
  if (value && typeof value === 'object' && 'id' in value) return (value as { id: number | string }).id
  return undefined
}
