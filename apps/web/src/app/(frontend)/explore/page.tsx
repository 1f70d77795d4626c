import type { Metadata } from 'next'
import { headers } from 'next/headers'
import type { SearchParams } from 'nuqs/server'

import { MAP_STYLE_META_NAME } from '../../../components/explore/map-style-setting'
import { ExploreProviders } from '../../../components/explore/explore-providers'
import { ExploreView } from '../../../components/explore/explore-view'
import { loadExploreState } from '../../../components/explore/view-state'
import { settings } from '../../../config/settings'
import { exploreCatalogs } from '../../../lib/explore/explore-catalogs'
import { initialBounds } from '../../../lib/explore/initial-bounds'
import { getPayloadInstance } from '../../../lib/runtime/payload-instance'

/** The page's title, and the online map style when one is set (read by the map panel). */
export function generateMetadata(): Metadata {
  return {
    title: 'Explore',
    other: settings.mapStyleUrl ? { [MAP_STYLE_META_NAME]: settings.mapStyleUrl } : {},
  }
}

/** The explore view: the events the visitor may see on a map, a timeline and a list. */
export default async function ExplorePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const payload = await getPayloadInstance()
  const { user } = await payload.auth({ headers: await headers() })
  const catalogs = await exploreCatalogs(payload, user)
  const bounds = await initialBounds(payload, user, catalogs, loadExploreState(await searchParams))
  return (
    <ExploreProviders catalogs={catalogs} initialBounds={bounds}>
      <ExploreView />
    </ExploreProviders>
  )
}
