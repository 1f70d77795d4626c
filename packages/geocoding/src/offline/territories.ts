/**
 * Territories with an ISO code of their own that people also file under the country they belong to:
 * "Hong Kong, China", "San Juan, United States", "Nouméa, France". GeoNames puts their cities under
 * the territory's code only, so without this table the country named in the file hides the city.
 * Keyed by the country's ISO 3166-1 alpha-2 code.
 */
export const TERRITORIES_OF_COUNTRY: Readonly<Record<string, readonly string[]>> = {
  CN: ['HK', 'MO'],
  US: ['PR', 'GU', 'VI', 'AS', 'MP', 'UM'],
  FR: ['GP', 'MQ', 'GF', 'RE', 'YT', 'PM', 'BL', 'MF', 'NC', 'PF', 'WF'],
  GB: ['GI', 'BM', 'KY', 'VG', 'AI', 'MS', 'TC', 'FK', 'SH', 'IM', 'JE', 'GG'],
  NL: ['AW', 'CW', 'SX', 'BQ'],
  DK: ['GL', 'FO'],
  NO: ['SJ'],
  FI: ['AX'],
  AU: ['CX', 'CC', 'NF'],
  NZ: ['CK', 'NU', 'TK'],
}

/**
 * The country codes a named country covers: itself and its territories.
 * @example coveredCountryCodes('CN') // ['CN', 'HK', 'MO']
 * @example coveredCountryCodes('DE') // ['DE']
 */
export function coveredCountryCodes(countryCode: string): readonly string[] {
  return [countryCode, ...(TERRITORIES_OF_COUNTRY[countryCode] ?? [])]
}
