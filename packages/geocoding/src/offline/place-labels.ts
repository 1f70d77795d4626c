import type { Gazetteer, RegionEntry } from './index-places'

/**
 * The English name of a country, or its code when the gazetteer does not know it.
 * @example countryName(gazetteer, 'DE') // 'Germany'
 */
export function countryName(gazetteer: Gazetteer, countryCode: string): string {
  return gazetteer.countries.get(countryCode)?.name ?? countryCode
}

/**
 * The region a city lies in, from its country and GeoNames admin1 code.
 * @example regionOfCity(gazetteer, 'US', 'OH')?.name // 'Ohio'
 */
export function regionOfCity(gazetteer: Gazetteer, countryCode: string, adminCode: string): RegionEntry | undefined {
  return gazetteer.regions.get(`${countryCode}.${adminCode}`)
}

/**
 * Joins the names of a place from specific to general, skipping missing and repeated ones.
 * @example joinPlaceLabel(['Berlin', 'Berlin', 'Germany']) // 'Berlin, Germany'
 */
export function joinPlaceLabel(names: ReadonlyArray<string | undefined>): string {
  const kept: string[] = []
  for (const name of names) {
    if (name === undefined || name === '' || kept[kept.length - 1] === name) continue
    kept.push(name)
  }
  return kept.join(', ')
}
