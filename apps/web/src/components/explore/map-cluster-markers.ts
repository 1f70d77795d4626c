/**
 * The clusters' labels: one `<button>` per cluster (at most {@link MAX_CLUSTER_BUTTONS}) placed
 * with MapLibre markers over the cluster's circle, so a cluster shows its count without glyphs in
 * the basemap and can be reached with Tab and opened with Enter. Buttons are reused across
 * answers by the cluster's cell key, so panning does not rebuild them all.
 * @module
 */
import type { Map as MapLibreMap, Marker } from 'maplibre-gl'

import type { ClusterButton } from './map-marks'

interface PlacedButton {
  readonly marker: Marker
  readonly button: HTMLButtonElement
  cluster: ClusterButton
}

/** The cluster buttons on one map. */
export class ClusterMarkers {
  private readonly placed = new Map<string, PlacedButton>()

  /**
   * @param MarkerClass - MapLibre's `Marker`, from the lazily loaded module
   * @param className - the buttons' class (from the panel's CSS module)
   * @param onActivate - called with the cluster when its button is clicked or pressed, and
   *   whether the keyboard pressed it (a click without a pointer has `detail` 0)
   */
  constructor(
    private readonly map: MapLibreMap,
    private readonly MarkerClass: typeof Marker,
    private readonly className: string,
    private readonly onActivate: (cluster: ClusterButton, byKeyboard: boolean) => void,
  ) {}

  /** Shows exactly these clusters' buttons. */
  update(clusters: readonly ClusterButton[]): void {
    const wanted = new Set(clusters.map((cluster) => cluster.key))
    for (const [key, placed] of this.placed) {
      if (!wanted.has(key)) {
        placed.marker.remove()
        this.placed.delete(key)
      }
    }
    for (const cluster of clusters) {
      const placed = this.placed.get(cluster.key)
      if (placed) {
        if (placed.cluster.count !== cluster.count) describe(placed.button, cluster)
        placed.cluster = cluster
        placed.marker.setLngLat([cluster.lng, cluster.lat])
        continue
      }
      const button = document.createElement('button')
      button.type = 'button'
      button.className = this.className
      describe(button, cluster)
      const entry: PlacedButton = {
        button,
        cluster,
        marker: new this.MarkerClass({ element: button, anchor: 'center' }).setLngLat([cluster.lng, cluster.lat]),
      }
      button.addEventListener('click', (event) => {
        // The map underneath must not take the click as one on a single event.
        event.stopPropagation()
        this.onActivate(entry.cluster, event.detail === 0)
      })
      entry.marker.addTo(this.map)
      this.placed.set(cluster.key, entry)
    }
  }

  /** The number of buttons shown. */
  get size(): number {
    return this.placed.size
  }

  /** Removes every button. */
  clear(): void {
    for (const placed of this.placed.values()) placed.marker.remove()
    this.placed.clear()
  }
}

function describe(button: HTMLButtonElement, cluster: ClusterButton): void {
  button.textContent = cluster.label
  button.setAttribute('aria-label', cluster.ariaLabel)
  button.title = cluster.ariaLabel
  button.style.width = `${cluster.diameter}px`
  button.style.height = `${cluster.diameter}px`
}
