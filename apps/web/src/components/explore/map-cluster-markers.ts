/**
 * The clusters' labels: one `<button>` per cluster or place (at most {@link MAX_CLUSTER_BUTTONS})
 * placed with MapLibre markers over the mark's circle, so a cluster shows its count without glyphs
 * in the basemap and can be reached with Tab and opened with Enter; a place's button is a ring
 * split by its mix. Buttons are reused across answers by the mark's key, so panning does not
 * rebuild them all.
 * @module
 */
import type { Map as MapLibreMap, Marker } from 'maplibre-gl'

import type { ClusterButton } from './map-marks'

/** The buttons' classes (from the panel's CSS module). */
export interface ClusterButtonClasses {
  readonly cluster: string
  /** A place's: a ring around its count. */
  readonly place: string
}

interface PlacedButton {
  readonly marker: Marker
  readonly button: HTMLButtonElement
  cluster: ClusterButton
}

/** The cluster buttons on one map. */
export class ClusterMarkers {
  private readonly placed = new Map<string, PlacedButton>()
  // The mark whose events are listed: its button says so (aria-expanded) and is drawn so.
  private openKey: string | null = null

  /**
   * @param MarkerClass - MapLibre's `Marker`, from the lazily loaded module
   * @param classes - the buttons' classes
   * @param onActivate - called with the cluster when its button is clicked or pressed, and
   *   whether the keyboard pressed it (a click without a pointer has `detail` 0)
   */
  constructor(
    private readonly map: MapLibreMap,
    private readonly MarkerClass: typeof Marker,
    private readonly classes: ClusterButtonClasses,
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
        if (placed.cluster.ariaLabel !== cluster.ariaLabel || placed.cluster.ring !== cluster.ring)
          this.describe(placed.button, cluster)
        placed.cluster = cluster
        placed.marker.setLngLat([cluster.lng, cluster.lat])
        continue
      }
      const button = document.createElement('button')
      button.type = 'button'
      this.describe(button, cluster)
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

  /** Marks the mark whose events the map lists (null: none), now and as buttons come and go. */
  setOpen(key: string | null): void {
    this.openKey = key
    for (const [placedKey, placed] of this.placed) this.markOpen(placed.button, placedKey)
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

  private markOpen(button: HTMLButtonElement, key: string): void {
    if (key === this.openKey) button.setAttribute('aria-expanded', 'true')
    else button.removeAttribute('aria-expanded')
  }

  private describe(button: HTMLButtonElement, cluster: ClusterButton): void {
    button.className = cluster.isPlace ? this.classes.place : this.classes.cluster
    this.markOpen(button, cluster.key)
    button.textContent = cluster.label
    button.setAttribute('aria-label', cluster.ariaLabel)
    button.title = cluster.ariaLabel
    // A place's button covers its circle's outline on the canvas too.
    const size = cluster.isPlace ? cluster.diameter + 4 : cluster.diameter
    button.style.width = `${size}px`
    button.style.height = `${size}px`
    // The ring under a disc of the page's colour that holds the count.
    button.style.backgroundImage = cluster.ring
      ? `radial-gradient(circle closest-side, var(--bg, #fff) 66%, transparent 68%), ${cluster.ring}`
      : ''
  }
}
