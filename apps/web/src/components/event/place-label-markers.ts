/**
 * Place names on the event page's small map, so a reader can tell where the point is: countries,
 * capitals and big cities from the offline basemap's `places.json`, and, in a close view, the
 * towns of the tiles around it; drawn as HTML labels over the map (MapLibre text needs glyphs,
 * which would be a font download), re-chosen whenever the map comes to rest.
 * @module
 */
import { PLACE_TILES_FROM_ZOOM, placeTileFile, placeTilesOfBox } from '@chronotope/basemap/places'
import type { Map as MapLibreMap, Marker } from 'maplibre-gl'

import { visiblePlaceLabels, type Box, type PlaceLabel } from './visible-place-labels'

/** Where the app serves the place names. */
export const PLACES_FOLDER = '/basemap'

const files = new Map<string, Promise<readonly PlaceLabel[]>>()

/**
 * The place names of one file (`places.json`, or a tile's), fetched once per page; none when they
 * cannot be loaded (the map works without them).
 */
export function loadPlaceFile(file: string): Promise<readonly PlaceLabel[]> {
  let loaded = files.get(file)
  if (!loaded) {
    loaded = fetch(`${PLACES_FOLDER}/${file}`)
      .then((response) => (response.ok ? (response.json() as Promise<PlaceLabel[]>) : []))
      .catch(() => [])
    files.set(file, loaded)
  }
  return loaded
}

/** The classes of the labels (from the map's CSS module): all labels', each kind's, and the event's city's. */
export type PlaceLabelClasses = Readonly<Record<'label' | 'atMark' | PlaceLabel['kind'], string>>

/** The labels on one map. */
export class PlaceLabelMarkers {
  private readonly shown = new Map<string, Marker>()
  private world: readonly PlaceLabel[] = []
  private readonly tiles = new Map<string, readonly PlaceLabel[]>()
  private readonly onMoveEnd = () => this.update()

  /**
   * @param MarkerClass - MapLibre's `Marker`, from the lazily loaded module
   * @param mark - the event's place, which no label covers
   * @param reserved - the parts of the map other things cover now (the locator)
   */
  constructor(
    private readonly map: MapLibreMap,
    private readonly MarkerClass: typeof Marker,
    private readonly classes: PlaceLabelClasses,
    private readonly mark: readonly [number, number],
    private readonly reserved: () => readonly Box[] = () => [],
  ) {
    map.on('moveend', this.onMoveEnd)
    void loadPlaceFile('places.json').then((labels) => {
      this.world = labels
      this.update()
    })
  }

  /** Shows the labels the map's view calls for now, loading the towns' tiles a close view needs. */
  update(): void {
    const zoom = this.map.getZoom()
    const towns: PlaceLabel[] = []
    if (zoom >= PLACE_TILES_FROM_ZOOM) {
      const bounds = this.map.getBounds()
      const box = { west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() }
      for (const key of placeTilesOfBox(box)) {
        const tile = this.tiles.get(key)
        if (tile) towns.push(...tile)
        else
          void loadPlaceFile(placeTileFile(key)).then((labels) => {
            this.tiles.set(key, labels)
            this.update()
          })
      }
    }
    const container = this.map.getContainer()
    const wanted = visiblePlaceLabels([...this.world, ...towns], {
      zoom,
      width: container.clientWidth,
      height: container.clientHeight,
      project: (lng, lat) => this.map.project([lng, lat]),
      mark: this.map.project([this.mark[0], this.mark[1]]),
      reserved: this.reserved(),
    })
    const keys = new Set(wanted.map(({ label, atMark }) => keyOf(label, atMark)))
    for (const [key, marker] of this.shown) {
      if (keys.has(key)) continue
      marker.remove()
      this.shown.delete(key)
    }
    for (const { label, atMark } of wanted) {
      const key = keyOf(label, atMark)
      if (this.shown.has(key)) continue
      this.shown.set(key, this.markerOf(label, atMark))
    }
  }

  /** Removes the labels and stops following the map. */
  remove(): void {
    this.map.off('moveend', this.onMoveEnd)
    for (const marker of this.shown.values()) marker.remove()
    this.shown.clear()
  }

  private markerOf(label: PlaceLabel, atMark: boolean): Marker {
    const element = document.createElement('span')
    element.className = `${this.classes.label} ${this.classes[label.kind]}${atMark ? ` ${this.classes.atMark}` : ''}`
    element.textContent = label.name
    // The map's own name tells screen readers where it is; these are for the eye.
    element.setAttribute('aria-hidden', 'true')
    const options = atMark
      ? { element, anchor: 'left' as const, offset: [12, 0] as [number, number] }
      : { element, anchor: label.kind === 'country' ? ('center' as const) : ('left' as const) }
    const at: [number, number] = atMark ? [this.mark[0], this.mark[1]] : [label.lng, label.lat]
    return new this.MarkerClass(options).setLngLat(at).addTo(this.map)
  }
}

function keyOf(label: PlaceLabel, atMark: boolean): string {
  return `${label.kind}:${label.name}:${label.lng}:${label.lat}:${atMark}`
}
