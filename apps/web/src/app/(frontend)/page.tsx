import type { ImportStatus } from '@chronotope/import-stages'
import { headers } from 'next/headers'
import Link from 'next/link'

import { exploreHref } from '../../components/explore/view-state'
import { IntentLink } from '../../components/site/intent-link'
import { statusLabel } from '../../components/import/import-format'
import { describeDatasetStats } from '../../lib/site/dataset-summary-text'
import { homeCatalogs, type HomeCatalog, type HomeDataset } from '../../lib/site/home-catalogs'
import { recentImports, type RecentImport } from '../../lib/site/recent-imports'
import { getPayloadInstance } from '../../lib/runtime/payload-instance'
import { countOf } from '../../lib/text/format-number'

const uploadDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})

function DatasetItem({ dataset, isManaged = false }: { dataset: HomeDataset; isManaged?: boolean }) {
  return (
    <li className="home-dataset">
      <IntentLink href={exploreHref({ datasets: [dataset.id] })}>{dataset.name}</IntentLink>
      {dataset.isPublic ? null : <span className="home-badge">Private</span>}
      {isManaged ? (
        <IntentLink
          className="home-import-explore"
          href={`/datasets/${dataset.id}`}
          aria-label={`Manage ${dataset.name}`}
        >
          Manage
        </IntentLink>
      ) : null}
      <span className="home-dataset-stats">{describeDatasetStats(dataset.stats)}</span>
      {dataset.description ? <span className="home-dataset-description">{dataset.description}</span> : null}
    </li>
  )
}

function CatalogCard({ catalog }: { catalog: HomeCatalog }) {
  const total = catalog.datasets.reduce((sum, dataset) => sum + dataset.stats.count, 0)
  return (
    <section className="home-catalog" aria-labelledby={`catalog-${catalog.id ?? 'none'}`}>
      <h3 id={`catalog-${catalog.id ?? 'none'}`}>
        {catalog.id === null ? (
          catalog.name
        ) : (
          <IntentLink href={exploreHref({ catalogs: [catalog.id] })}>{catalog.name}</IntentLink>
        )}
        {catalog.id !== null && !catalog.isPublic ? <span className="home-badge">Private</span> : null}
      </h3>
      <p className="home-catalog-meta">
        {countOf(catalog.datasets.length, 'dataset')} · {countOf(total, 'event')}
      </p>
      {catalog.description ? <p className="home-catalog-description">{catalog.description}</p> : null}
      <ul className="home-datasets">
        {catalog.datasets.map((dataset) => (
          <DatasetItem key={dataset.id} dataset={dataset} />
        ))}
      </ul>
    </section>
  )
}

function RecentImports({ imports }: { imports: readonly RecentImport[] }) {
  return (
    <section className="home-section" aria-labelledby="recent-imports">
      <h2 id="recent-imports">Recent imports</h2>
      {imports.length === 0 ? (
        <p className="home-empty">
          You have not imported a file yet. <Link href="/import">Import a file</Link> to see it here.
        </p>
      ) : (
        <ul className="home-imports">
          {imports.map((item) => (
            <li key={item.id}>
              <IntentLink href={`/import?importId=${item.id}`}>{item.filename}</IntentLink>
              <span className={`import-badge is-${item.status}`}>{statusLabel(item.status as ImportStatus)}</span>
              <span className="home-dataset-stats">uploaded {uploadDate.format(new Date(item.createdAt))}</span>
              {item.status === 'completed' && item.datasetIds.length > 0 ? (
                <IntentLink className="home-import-explore" href={exploreHref({ datasets: [...item.datasetIds] })}>
                  Explore its events
                </IntentLink>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/**
 * The home page: what Chronotope is, the catalogs and datasets the visitor may see, and their own
 * imports. Only the main actions are prefetched in view; the lists' links, which grow with the
 * data, are prefetched when the visitor reaches for one (`IntentLink`).
 */
export default async function HomePage() {
  const payload = await getPayloadInstance()
  const { user } = await payload.auth({ headers: await headers() })
  const [catalogs, imports] = await Promise.all([
    homeCatalogs(payload, user),
    user ? recentImports(payload, user) : Promise.resolve([]),
  ])
  const own = catalogs.flatMap((catalog) => catalog.datasets.filter((dataset) => dataset.isOwn))
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
        {/* The admin is another app (its own root layout): prefetching it would only load it twice. */}
        <Link className="button" href="/admin" prefetch={false}>
          Open the admin
        </Link>
      </div>
      {user ? (
        <>
          <section className="home-section" aria-labelledby="your-datasets">
            <h2 id="your-datasets">Your datasets</h2>
            {own.length === 0 ? (
              <p className="home-empty">
                You have no datasets of your own yet. <Link href="/import">Import a file</Link> to create one.
              </p>
            ) : (
              <ul className="home-datasets">
                {own.map((dataset) => (
                  <DatasetItem key={dataset.id} dataset={dataset} isManaged />
                ))}
              </ul>
            )}
          </section>
          <RecentImports imports={imports} />
        </>
      ) : null}
      <section className="home-section" aria-labelledby="catalogs">
        <h2 id="catalogs">{user ? 'Catalogs you can see' : 'Catalogs'}</h2>
        {catalogs.length === 0 ? (
          <p className="home-empty">
            {user ? 'No datasets yet.' : 'No public datasets yet.'} <Link href="/import">Import a file</Link> to create
            the first one{user ? '' : ' (you will be asked to sign in)'}.
          </p>
        ) : (
          <div className="home-catalogs">
            {catalogs.map((catalog) => (
              <CatalogCard key={catalog.id ?? 'none'} catalog={catalog} />
            ))}
          </div>
        )}
      </section>
    </>
  )
}
