/**
 * Answers in each API's real response shape, trimmed from the services' documentation examples:
 * Dayton, Ohio for the place searches.
 */

/** Nominatim `/search?format=jsonv2&addressdetails=1` (also LocationIQ's shape). */
export const NOMINATIM_DAYTON = [
  {
    place_id: 305227356,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: 'relation',
    osm_id: 182813,
    lat: '39.7589478',
    lon: '-84.1916069',
    category: 'boundary',
    type: 'administrative',
    place_rank: 16,
    importance: 0.6422315621972339,
    addresstype: 'city',
    name: 'Dayton',
    display_name: 'Dayton, Montgomery County, Ohio, United States',
    address: {
      city: 'Dayton',
      county: 'Montgomery County',
      state: 'Ohio',
      'ISO3166-2-lvl4': 'US-OH',
      country: 'United States',
      country_code: 'us',
    },
    boundingbox: ['39.6951000', '39.8392000', '-84.3107000', '-84.0925000'],
  },
  {
    place_id: 306134211,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: 'node',
    osm_id: 151633709,
    lat: '39.7597',
    lon: '-84.1920',
    category: 'railway',
    type: 'station',
    place_rank: 30,
    importance: 0.2,
    addresstype: 'railway',
    name: 'Dayton',
    display_name: 'Dayton, 600 East 3rd Street, Dayton, Montgomery County, Ohio, 45402, United States',
    address: {
      railway: 'Dayton',
      road: 'East 3rd Street',
      city: 'Dayton',
      state: 'Ohio',
      postcode: '45402',
      country: 'United States',
      country_code: 'us',
    },
    boundingbox: ['39.7596', '39.7598', '-84.1921', '-84.1919'],
  },
]

/** Photon `/api?q=Dayton` (GeoJSON). */
export const PHOTON_DAYTON = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-84.1916069, 39.7589478] },
      properties: {
        osm_type: 'R',
        osm_id: 182813,
        extent: [-84.3107, 39.8392, -84.0925, 39.6951],
        country: 'United States',
        osm_key: 'place',
        countrycode: 'US',
        osm_value: 'city',
        name: 'Dayton',
        county: 'Montgomery County',
        state: 'Ohio',
        type: 'city',
      },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-117.9, 43.6] },
      properties: {
        osm_type: 'N',
        osm_id: 1,
        country: 'Canada',
        osm_key: 'place',
        countrycode: 'CA',
        osm_value: 'village',
        name: 'Dayton',
        state: 'Nova Scotia',
        type: 'city',
      },
    },
  ],
}

/** OpenCage `/geocode/v1/json?q=Dayton, OH&no_annotations=1`. */
export const OPENCAGE_DAYTON = {
  documentation: 'https://opencagedata.com/api',
  licenses: [{ name: 'see attribution guide', url: 'https://opencagedata.com/credits' }],
  rate: { limit: 2500, remaining: 2499, reset: 1700006400 },
  results: [
    {
      bounds: { northeast: { lat: 39.8392, lng: -84.0925 }, southwest: { lat: 39.6951, lng: -84.3107 } },
      components: {
        'ISO_3166-1_alpha-2': 'US',
        'ISO_3166-1_alpha-3': 'USA',
        _category: 'place',
        _type: 'city',
        city: 'Dayton',
        country: 'United States',
        country_code: 'us',
        county: 'Montgomery County',
        state: 'Ohio',
        state_code: 'OH',
      },
      confidence: 5,
      formatted: 'Dayton, OH, United States of America',
      geometry: { lat: 39.7589478, lng: -84.1916069 },
    },
  ],
  status: { code: 200, message: 'OK' },
  stay_informed: { blog: 'https://blog.opencagedata.com' },
  thanks: 'For using an OpenCage API',
  timestamp: { created_http: 'Sat, 21 Nov 2026 03:00:00 GMT', created_unix: 1795143600 },
  total_results: 1,
}

/** Google `/maps/api/geocode/json?address=Dayton, OH`. */
export const GOOGLE_DAYTON = {
  results: [
    {
      address_components: [
        { long_name: 'Dayton', short_name: 'Dayton', types: ['locality', 'political'] },
        {
          long_name: 'Montgomery County',
          short_name: 'Montgomery County',
          types: ['administrative_area_level_2', 'political'],
        },
        { long_name: 'Ohio', short_name: 'OH', types: ['administrative_area_level_1', 'political'] },
        { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
      ],
      formatted_address: 'Dayton, OH, USA',
      geometry: {
        bounds: { northeast: { lat: 39.8392, lng: -84.0925 }, southwest: { lat: 39.6951, lng: -84.3107 } },
        location: { lat: 39.7589478, lng: -84.1916069 },
        location_type: 'APPROXIMATE',
        viewport: { northeast: { lat: 39.8392, lng: -84.0925 }, southwest: { lat: 39.6951, lng: -84.3107 } },
      },
      place_id: 'ChIJ7wMzB0aBQIgRu_nIxJ3Y9Tg',
      types: ['locality', 'political'],
    },
  ],
  status: 'OK',
}

/** Pelias `/v1/search/structured?locality=Dayton&region=OH` (GeoJSON). */
export const PELIAS_DAYTON = {
  geocoding: {
    version: '0.2',
    attribution: 'https://geocode.earth/guidelines',
    query: { locality: 'Dayton', region: 'OH', size: 5, private: false, lang: { name: 'English', iso6391: 'en' } },
    engine: { name: 'Pelias', author: 'Mapzen', version: '1.0' },
    timestamp: 1795143600000,
  },
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-84.1916069, 39.7589478] },
      properties: {
        id: '85936435',
        gid: 'whosonfirst:locality:85936435',
        layer: 'locality',
        source: 'whosonfirst',
        source_id: '85936435',
        country_code: 'US',
        name: 'Dayton',
        confidence: 1,
        match_type: 'exact',
        accuracy: 'centroid',
        country: 'United States',
        country_gid: 'whosonfirst:country:85633793',
        country_a: 'USA',
        region: 'Ohio',
        region_gid: 'whosonfirst:region:85688543',
        region_a: 'OH',
        label: 'Dayton, OH, USA',
      },
    },
  ],
  bbox: [-84.3107, 39.6951, -84.0925, 39.8392],
}
