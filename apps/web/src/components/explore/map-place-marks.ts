/**
 * The marks of events at one place: their mix (how many of the events have each colour: by
 * dataset, or by the value of the "Colour by" field), drawn as a ring split by share around the
 * count, and said in words for screen readers. Pure: `map-marks.ts` puts them on the map.
 * @module
 */
import type { MapClusterFeature } from '../../lib/events-read/read-responses'
import { countOf } from '../../lib/text/format-number'
import { OTHER_COLOR } from './explore-colors'
import { BY_DATASET } from './view-state'

/** A cluster mark's properties as the API sends them. */
export type ClusterProperties = Extract<MapClusterFeature['properties'], { cluster: true }>

/** One part of a place's mix: the events with one colour's value (or of one dataset). */
export interface MixSlice {
  /** What the colour stands for: a value, "No value", or a dataset's name. */
  readonly label: string
  readonly color: string
  readonly count: number
}

/** What the mix is read with: the colouring of the map's marks, and the datasets' names. */
export interface MixColoring {
  readonly colorBy: string
  readonly datasetColors: ReadonlyMap<number, string>
  readonly valueColors: ReadonlyMap<string, string>
  readonly datasetNames?: ReadonlyMap<number, string>
}

/** The label of the events without the field. */
export const NO_VALUE_LABEL = 'No value'

/**
 * A place's mix in the map's colouring, most events first: by dataset, or by the field's value
 * (values without a palette colour and events without the field are grey). Empty when the answer
 * does not carry the counts the colouring needs (an answer asked for another colouring).
 * @example placeMix({ cluster: true, count: 3, bounds: [0, 0, 0, 0], samePlace: true, datasets: [{ datasetId: 1, count: 3 }] }, { colorBy: 'dataset', datasetColors: new Map([[1, '#0072b2']]), valueColors: new Map() }) // [{ label: 'Dataset 1', color: '#0072b2', count: 3 }]
 */
export function placeMix(properties: ClusterProperties, coloring: MixColoring): MixSlice[] {
  if (coloring.colorBy === BY_DATASET) {
    return (properties.datasets ?? []).map(({ datasetId, count }) => ({
      label: coloring.datasetNames?.get(datasetId) ?? `Dataset ${datasetId}`,
      color: coloring.datasetColors.get(datasetId) ?? OTHER_COLOR,
      count,
    }))
  }
  return (properties.values ?? []).map(({ value, count }) => ({
    label: value === null ? NO_VALUE_LABEL : value === '' ? '(empty)' : value,
    color: (value === null ? undefined : coloring.valueColors.get(value)) ?? OTHER_COLOR,
    count,
  }))
}

/**
 * The ring of a mix as a CSS conic gradient, each colour's arc its share of the events, from
 * the top clockwise; grey when the mix is unknown.
 * @example ringGradient([{ label: 'a', color: '#0072b2', count: 3 }, { label: 'b', color: '#e69f00', count: 1 }]) // 'conic-gradient(#0072b2 0% 75%, #e69f00 75% 100%)'
 */
export function ringGradient(mix: readonly MixSlice[]): string {
  const total = mix.reduce((sum, slice) => sum + slice.count, 0)
  if (total === 0) return `conic-gradient(${OTHER_COLOR} 0% 100%)`
  let start = 0
  const stops = mix.map((slice, index) => {
    const end = index === mix.length - 1 ? 100 : start + (slice.count / total) * 100
    const stop = `${slice.color} ${round(start)}% ${round(end)}%`
    start = end
    return stop
  })
  return `conic-gradient(${stops.join(', ')})`
}

function round(percent: number): number {
  return Math.round(percent * 100) / 100
}

/** The most parts of a mix said one by one; the rest are summed up. */
const MIX_PARTS_SAID = 3

/**
 * A mix in words, largest parts first: `7 march, 6 strike, 2 No value`.
 * @example mixText([{ label: 'march', color: '#e69f00', count: 7 }]) // '7 march'
 */
export function mixText(mix: readonly MixSlice[]): string {
  const said = mix.slice(0, MIX_PARTS_SAID).map((slice) => `${slice.count} ${slice.label}`)
  const rest = mix.slice(MIX_PARTS_SAID).reduce((sum, slice) => sum + slice.count, 0)
  if (rest > 0) said.push(`${rest} other`)
  return said.join(', ')
}

/**
 * What a screen reader says of a mark of events at one place.
 * @example placeAriaLabel(15, [{ label: 'march', color: '#e69f00', count: 15 }]) // '15 events at one place (march); list them'
 */
export function placeAriaLabel(count: number, mix: readonly MixSlice[]): string {
  const parts = mix.length > 1 ? ` (${mixText(mix)})` : mix.length === 1 ? ` (${mix[0]!.label})` : ''
  return `${countOf(count, 'event')} at one place${parts}; list them`
}
