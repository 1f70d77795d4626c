/**
 * Natural Earth's countries at 1:50 million (world-atlas, public domain data) as the GeoJSON the
 * basemap draws: land as country shapes, the borders between countries and the coastlines as
 * lines. Read from the npm package on this machine; nothing is downloaded.
 * @module
 */
import { createRequire } from 'node:module'

import type { Feature, FeatureCollection, MultiLineString, MultiPolygon, Polygon } from 'geojson'
import { feature, mesh } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'

/** The basemap's layers of Natural Earth data. */
export interface NaturalEarthLayers {
  /** Every country as a (multi)polygon with its `name`: 241 at 1:50m. */
  readonly countries: FeatureCollection<Polygon | MultiPolygon, { name: string }>
  /** The land borders between countries, drawn once each. */
  readonly borders: Feature<MultiLineString>
  /** The coastlines: the edges of countries that border no other country. */
  readonly coastlines: Feature<MultiLineString>
}

type CountriesTopology = Topology<{ countries: GeometryCollection<{ name: string }> }>

/**
 * Decimal places kept in coordinates: 0.001° is about 100 m, finer than the 1:50m data itself
 * (its lines are generalised to kilometres), and it halves what the browser downloads.
 */
export const COORDINATE_DECIMALS = 3

const SCALE = 10 ** COORDINATE_DECIMALS

// A line with its coordinates rounded and the points that rounding made repeat dropped.
function roundLine(line: readonly number[][]): number[][] {
  const rounded: number[][] = []
  for (const [longitude = 0, latitude = 0] of line) {
    const point = [Math.round(longitude * SCALE) / SCALE, Math.round(latitude * SCALE) / SCALE]
    const last = rounded.at(-1)
    if (!last || last[0] !== point[0] || last[1] !== point[1]) rounded.push(point)
  }
  return rounded
}

function roundGeometry<G extends Polygon | MultiPolygon | MultiLineString>(geometry: G): G {
  if (geometry.type === 'MultiPolygon') {
    return { ...geometry, coordinates: geometry.coordinates.map((polygon) => polygon.map(roundLine)) }
  }
  return { ...geometry, coordinates: geometry.coordinates.map(roundLine) }
}

/**
 * Turns world-atlas's countries TopoJSON into {@link NaturalEarthLayers}. Pure.
 * @example naturalEarthLayers(topology).countries.features.length // 241
 */
export function naturalEarthLayers(topology: CountriesTopology): NaturalEarthLayers {
  const countries = topology.objects.countries
  const collection = feature(topology, countries) as FeatureCollection<Polygon | MultiPolygon, { name: string }>
  return {
    countries: {
      type: 'FeatureCollection',
      // Only the name: the ids and other properties are not drawn.
      features: collection.features.map((country) => ({
        type: 'Feature',
        properties: { name: country.properties.name },
        geometry: roundGeometry(country.geometry),
      })),
    },
    // An arc shared by two countries is a border; an arc of one country only is a coast.
    borders: { type: 'Feature', properties: {}, geometry: roundGeometry(mesh(topology, countries, (a, b) => a !== b)) },
    coastlines: {
      type: 'Feature',
      properties: {},
      geometry: roundGeometry(mesh(topology, countries, (a, b) => a === b)),
    },
  }
}

let cached: NaturalEarthLayers | undefined

/**
 * The Natural Earth layers from the installed world-atlas package, read once per process.
 * @example readNaturalEarth().borders.geometry.coordinates.length // several hundred lines
 */
export function readNaturalEarth(): NaturalEarthLayers {
  cached ??= naturalEarthLayers(createRequire(import.meta.url)('world-atlas/countries-50m.json') as CountriesTopology)
  return cached
}
