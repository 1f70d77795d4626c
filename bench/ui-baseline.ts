/**
 * The baseline `npm run bench:ui` measures first marks against, in the same browser and run: a
 * bare page that loads the app's own MapLibre GL JS build and draws the same number of points on
 * an empty style, served by a tiny local server. Its time to first drawn points is what WebGL
 * start-up, shader compilation and one frame cost on this machine (SwiftShader, no GPU) before the
 * app does anything; the explore view's figure minus this one is the app's own share.
 * @module
 */
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import type { BrowserContext } from 'playwright-core'

const MAPLIBRE_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../apps/web/node_modules/maplibre-gl/dist',
)

// Points spread like clusters over the world, in a deterministic pattern.
function pointsJson(count: number): string {
  const features = Array.from({ length: count }, (_, index) => ({
    type: 'Feature',
    properties: { count: 1 + (index % 50) },
    geometry: { type: 'Point', coordinates: [((index * 137.5) % 340) - 170, ((index * 61.8) % 140) - 70] },
  }))
  return JSON.stringify({ type: 'FeatureCollection', features })
}

function pageHtml(points: number): string {
  return `<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="/maplibre-gl.css">
<style>html,body,#map{margin:0;width:100%;height:100%}</style></head>
<body><div id="map"></div>
<script>
window.__baselineMarksMs = null
</script>
<script src="/maplibre-gl.js"></script>
<script>
const map = new maplibregl.Map({
  container: 'map',
  center: [0, 20],
  zoom: 1.5,
  attributionControl: false,
  style: {
    version: 8,
    sources: { points: { type: 'geojson', data: ${pointsJson(points)} } },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#dfe6ea' } },
      { id: 'points', type: 'circle', source: 'points',
        paint: { 'circle-radius': ['+', 4, ['sqrt', ['get', 'count']]], 'circle-color': '#2a6fdb',
                 'circle-stroke-width': 1, 'circle-stroke-color': '#ffffff' } },
    ],
  },
})
map.on('render', function drawn() {
  if (map.loaded() && map.queryRenderedFeatures({ layers: ['points'] }).length > 0) {
    map.off('render', drawn)
    requestAnimationFrame(() => (window.__baselineMarksMs = performance.now()))
  }
})
</script></body></html>`
}

/** The local server of the baseline page. */
export interface BaselineServer {
  readonly url: string
  close(): Promise<void>
}

/** Serves the baseline page drawing `points` points, with MapLibre's script and styles, on a free port. */
export async function startBaselineServer(points: number): Promise<BaselineServer> {
  const files: Record<string, { type: string; body: string | Buffer }> = {
    '/': { type: 'text/html', body: pageHtml(points) },
    '/maplibre-gl.js': { type: 'text/javascript', body: await readFile(path.join(MAPLIBRE_DIST, 'maplibre-gl.js')) },
    '/maplibre-gl.css': { type: 'text/css', body: await readFile(path.join(MAPLIBRE_DIST, 'maplibre-gl.css')) },
  }
  const server: Server = createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://localhost').pathname]
    if (!file) return void response.writeHead(404).end()
    response.writeHead(200, { 'Content-Type': file.type, 'Cache-Control': 'no-store' }).end(file.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * Loads the baseline page in a fresh tab of `context`, a context of its own (closed afterwards),
 * and returns its time to first drawn points, in ms since the navigation began.
 */
export async function measureBaseline(context: BrowserContext, url: string, timeoutMs: number): Promise<number> {
  const page = await context.newPage()
  try {
    await page.goto(url, { timeout: timeoutMs })
    const handle = await page.waitForFunction('window.__baselineMarksMs', undefined, { timeout: timeoutMs })
    return Number(await handle.jsonValue())
  } finally {
    await context.close()
  }
}
