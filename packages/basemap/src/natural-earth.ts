/**
 * Natural Earth's countries at 1:110 and 1:50 million (world-atlas, public domain data) as the GeoJSON the
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

// MapLibre draws on a flat map: a line from 179.9° to -179.9° would be drawn the long way round,
// right across the map. world-atlas keeps such lines whole, for d3's spherical projections; here
// a step across the antimeridian continues past ±180° instead, which MapLibre draws on the
// neighbouring copy of the world.
function unwrapLongitudes(line: readonly number[][]): number[][] {
  let offset = 0
  let previous: number | undefined
  return line.map(([longitude = 0, latitude = 0]) => {
    let unwrapped = longitude + offset
    if (previous !== undefined && unwrapped - previous > 180) offset -= 360
    else if (previous !== undefined && unwrapped - previous < -180) offset += 360
    unwrapped = longitude + offset
    previous = unwrapped
    return [unwrapped, latitude]
  })
}

// A ring around a pole (Antarctica's) ends a whole turn east or west of where it began once
// unwrapped: it is closed along the pole, which the map draws as its top or bottom edge.
function closeAroundPole(ring: number[][]): number[][] {
  const first = ring[0]
  const last = ring.at(-1)
  if (!first || !last || Math.abs(last[0]! - first[0]!) < 180) return ring
  const pole = ring.reduce((sum, point) => sum + point[1]!, 0) < 0 ? -90 : 90
  return [...ring, [last[0]!, pole], [first[0]!, pole], first]
}

const planarLine = (line: readonly number[][]) => roundLine(unwrapLongitudes(line))
const planarRing = (ring: readonly number[][]) => closeAroundPole(planarLine(ring))

// The geometry rounded and laid out for a flat map.
function planarGeometry<G extends Polygon | MultiPolygon | MultiLineString>(geometry: G): G {
  if (geometry.type === 'MultiPolygon') {
    return { ...geometry, coordinates: geometry.coordinates.map((polygon) => polygon.map(planarRing)) }
  }
  if (geometry.type === 'Polygon') return { ...geometry, coordinates: geometry.coordinates.map(planarRing) }
  return { ...geometry, coordinates: geometry.coordinates.map(planarLine) }
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
        geometry: planarGeometry(country.geometry),
      })),
    },
    // An arc shared by two countries is a border; an arc of one country only is a coast.
    borders: {
      type: 'Feature',
      properties: {},
      geometry: planarGeometry(mesh(topology, countries, (a, b) => a !== b)),
    },
    coastlines: {
      type: 'Feature',
      properties: {},
      geometry: planarGeometry(mesh(topology, countries, (a, b) => a === b)),
    },
  }
}

/** Natural Earth's scales world-atlas ships that the basemap draws: the world, and closer views. */
export type NaturalEarthScale = '110m' | '50m'

const cached = new Map<NaturalEarthScale, NaturalEarthLayers>()

/**
 * The Natural Earth layers at a scale from the installed world-atlas package, read once per process.
 * @example readNaturalEarth('50m').borders.geometry.coordinates.length // several hundred lines
 */
export function readNaturalEarth(scale: NaturalEarthScale = '50m'): NaturalEarthLayers {
  let layers = cached.get(scale)
  if (!layers) {
    const topology = createRequire(import.meta.url)(`world-atlas/countries-${scale}.json`) as CountriesTopology
    cached.set(scale, (layers = naturalEarthLayers(topology)))
  }
  return layers
}
