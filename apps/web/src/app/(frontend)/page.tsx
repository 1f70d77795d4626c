import { headers } from 'next/headers'
import Link from 'next/link'

import { COLLECTION_NAMES } from '../../constants/collection-names'
import { getPayloadInstance } from '../../lib/runtime/payload-instance'

/** The home page: what Chronotope is, what this instance holds, and where to go next. */
export default async function HomePage() {
  const payload = await getPayloadInstance()
  const { user } = await payload.auth({ headers: await headers() })
  const [datasets, events] = await Promise.all([
    payload.find({
      collection: COLLECTION_NAMES.DATASETS,
      user,
      overrideAccess: false,
      depth: 1,
      limit: 50,
      sort: 'name',
    }),
    payload.count({ collection: COLLECTION_NAMES.EVENTS, user, overrideAccess: false }),
  ])
  return (
    <>
      <section className="hero">
        <h1>Events in time and space</h1>
        <p>
          Chronotope is an open-source spatial data management platform. Import spreadsheets and other files; Chronotope
          detects their columns, places rows on the map, and turns them into events you can explore on a timeline and a
          map, filter, share, embed and export.
        </p>
      </section>
      <div className="actions">
        <Link className="button primary" href="/explore">
          Explore events
        </Link>
        <Link className="button" href="/import">
          Import a file
        </Link>
        <Link className="button" href="/admin">
          Open the admin
        </Link>
      </div>
      <section className="stats" aria-label="What this site holds">
        <div className="stat">
          <strong>{events.totalDocs.toLocaleString('en')}</strong>
          <span>events you can see</span>
        </div>
        <div className="stat">
          <strong>{datasets.totalDocs.toLocaleString('en')}</strong>
          <span>datasets</span>
        </div>
      </section>
      {datasets.docs.length > 0 && (
        <section className="datasets">
          <h2>Datasets</h2>
          <ul>
            {datasets.docs.map((dataset) => (
              <li key={dataset.id}>
                <strong>{dataset.name as string}</strong>
                {typeof dataset.catalog === 'object' && dataset.catalog
                  ? ` · ${String((dataset.catalog as { name?: unknown }).name)}`
                  : ''}
                {dataset.description ? ` — ${dataset.description as string}` : ''}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  )
}
