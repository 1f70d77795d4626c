import { basemapFiles } from '@chronotope/basemap'

/** Where the app serves the offline basemap; the styles name their data by these paths. */
const BASEMAP_FOLDER = '/basemap'

const files = basemapFiles(BASEMAP_FOLDER)

// Built once, at build time: the files never change between deploys.
export const dynamic = 'force-static'
export const dynamicParams = false

/** The basemap's files, for Next to build. */
export function generateStaticParams(): Array<{ file: string }> {
  return Object.keys(files).map((file) => ({ file }))
}

/**
 * `GET /basemap/{file}`: the offline basemap's MapLibre styles (`style-light.json`,
 * `style-dark.json`) and the Natural Earth GeoJSON they draw, from this server alone.
 */
export async function GET(_request: Request, context: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await context.params
  const served = Object.hasOwn(files, file) ? files[file] : undefined
  if (!served) return Response.json({ error: `There is no basemap file "${file}"`, code: 'not-found' }, { status: 404 })
  return new Response(JSON.stringify(served.json), {
    headers: { 'Content-Type': served.contentType, 'Cache-Control': 'public, max-age=86400' },
  })
}
