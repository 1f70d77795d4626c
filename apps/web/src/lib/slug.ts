/**
 * Makes a URL slug: lowercase ASCII words joined by hyphens, accents folded.
 * @example slugify('Élections présidentielles 2024') // 'elections-presidentielles-2024'
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 96)
}
