/**
 * MapLibre GL JS, loaded once per page for every map on it (the explore view's map, an event
 * page's small map). It is a separate chunk fetched with `import()`, so a page's first JavaScript
 * does not wait for it.
 *
 * MapLibre 5's single bundle is used rather than 6's ES modules: 6 ships its main and worker
 * code as two files that each carry the shared code, which makes a page fetch about 440 KB
 * (gzip) of map code instead of 275 KB. Its web workers start from a `blob:` URL made from the
 * bundle itself, which the pages' `worker-src 'self' blob:` allows.
 * @module
 */
import type * as MapLibreModule from 'maplibre-gl'

/** The `maplibre-gl` module. */
export type MapLibre = typeof MapLibreModule

let mapLibre: Promise<MapLibre> | undefined

/**
 * Loads MapLibre and starts its workers (`prewarm`), once; later calls get the same promise.
 * Call it as early as the page knows it will show a map, so the download and the workers' start
 * overlap React's hydration.
 */
export function loadMapLibre(): Promise<MapLibre> {
  mapLibre ??= import('maplibre-gl').then((module) => {
    // The UMD bundle arrives as a CommonJS default export under some bundlers, named under others.
    const lib = ('default' in module && module.default ? module.default : module) as MapLibre
    lib.prewarm()
    return lib
  })
  return mapLibre
}
