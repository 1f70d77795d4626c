import { headers } from 'next/headers'

import { ExploreProviders } from '../../../components/explore/explore-providers'
import { ExploreView } from '../../../components/explore/explore-view'
import { exploreCatalogs } from '../../../lib/explore/explore-catalogs'
import { getPayloadInstance } from '../../../lib/runtime/payload-instance'

/** Title of the explore view. */
export const metadata = { title: 'Explore' }

/** The explore view: the events the visitor may see on a map, a timeline and a list. */
export default async function ExplorePage() {
  const payload = await getPayloadInstance()
  const { user } = await payload.auth({ headers: await headers() })
  const catalogs = await exploreCatalogs(payload, user)
  return (
    <ExploreProviders catalogs={catalogs}>
      <ExploreView />
    </ExploreProviders>
  )
}
