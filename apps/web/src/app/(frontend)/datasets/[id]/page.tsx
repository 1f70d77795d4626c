import type { ImportStatus } from '@chronotope/import-stages'
import type { Metadata } from 'next'
import { headers } from 'next/headers'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { createLocalReq } from 'payload'
import { cache } from 'react'

import { relationId } from '../../../../access/relation-id'
import { DeleteWithImpact } from '../../../../components/dataset/delete-with-impact'
import { PublishSwitch } from '../../../../components/dataset/publish-switch'
import { exploreHref } from '../../../../components/explore/view-state'
import { statusLabel } from '../../../../components/import/import-format'
import { COLLECTION_NAMES } from '../../../../constants/collection-names'
import { describePublishing, describeVisibility } from '../../../../lib/datasets/describe-publishing'
import { loadDatasetPublishing } from '../../../../lib/datasets/publishing'
import { getPayloadInstance } from '../../../../lib/runtime/payload-instance'
import { countOf } from '../../../../lib/text/format-number'

type Args = { params: Promise<{ id: string }> }

const uploadDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})

/** The dataset, its publishing facts and its imports, for someone who may change it; else null (one 404). */
const loadDataset = cache(async (rawId: string) => {
  if (!/^[1-9]\d{0,15}$/.test(rawId)) return null
  const payload = await getPayloadInstance()
  const { user } = await payload.auth({ headers: await headers() })
  if (!user) return null
  const req = await createLocalReq({ user }, payload)
  const id = Number(rawId)
  const facts = await loadDatasetPublishing(req, id).catch(() => null)
  if (!facts) return null
  const dataset = await payload.findByID({ collection: COLLECTION_NAMES.DATASETS, id, depth: 0, overrideAccess: true })
  const { docs: jobs } = await payload.find({
    collection: COLLECTION_NAMES.IMPORT_JOBS,
    where: { dataset: { equals: id } },
    depth: 0,
    limit: 0,
    pagination: false,
    select: { importFile: true },
    overrideAccess: true,
  })
  const fileIds = [...new Set(jobs.map((job) => relationId(job.importFile)).filter((fileId) => fileId !== undefined))]
  const { docs: files } =
    fileIds.length === 0
      ? { docs: [] }
      : await payload.find({
          collection: COLLECTION_NAMES.IMPORT_FILES,
          where: { id: { in: fileIds } },
          depth: 0,
          limit: 0,
          pagination: false,
          sort: '-createdAt',
          select: { filename: true, status: true, createdAt: true },
          user,
          overrideAccess: false,
        })
  return { dataset, facts, files }
})

/** The dataset's name in the browser tab. */
export async function generateMetadata({ params }: Args): Promise<Metadata> {
  const loaded = await loadDataset((await params).id)
  return { title: loaded ? `Manage ${loaded.dataset.name}` : 'Dataset not found' }
}

/**
 * A dataset's page at `/datasets/{id}` for its owner, editors and admins: publish it with one
 * switch that says what it makes visible, see and delete its imports, or delete it, each delete
 * saying first what goes with it.
 */
export default async function DatasetPage({ params }: Args) {
  const loaded = await loadDataset((await params).id)
  if (!loaded) notFound()
  const { dataset, facts, files } = loaded
  const name = String(dataset.name)

  return (
    <article className="event-page dataset-page">
      <nav className="event-trail" aria-label="Dataset">
        <span>{facts.catalogName}</span>
        <span aria-hidden="true"> › </span>
        <span>Manage dataset</span>
      </nav>
      <h1>{name}</h1>
      <p className="event-when">
        {countOf(facts.events, 'event')} · {countOf(facts.placedEvents, 'on the map', 'on the map')} ·{' '}
        {countOf(facts.fields.length, 'field')}
      </p>
      <div className="actions">
        <Link className="button primary" href={exploreHref({ datasets: [facts.datasetId] })}>
          Explore its events
        </Link>
        <Link className="button" href="/import">
          Import a file
        </Link>
      </div>

      <section className="owner-panel" aria-labelledby="who-sees">
        <h2 id="who-sees">Who can see it</h2>
        <PublishSwitch
          datasetId={facts.datasetId}
          initial={{
            isPublic: facts.isPublic,
            isCatalogPublic: facts.isCatalogPublic,
            visibility: describeVisibility(facts),
            switchEffect: describePublishing(facts),
          }}
        />
      </section>

      <section className="owner-panel" aria-labelledby="imports">
        <h2 id="imports">Its imports</h2>
        {files.length === 0 ? (
          <p className="import-hint">No import of a file is recorded for this dataset.</p>
        ) : (
          <ul className="owner-imports">
            {files.map((file) => {
              const filename = typeof file.filename === 'string' ? file.filename : `Import ${file.id}`
              return (
                <li key={file.id}>
                  <Link href={`/import?importId=${file.id}`}>{filename}</Link>
                  <span className={`import-badge is-${String(file.status)}`}>
                    {statusLabel(file.status as ImportStatus)}
                  </span>
                  <span className="import-subtle">uploaded {uploadDate.format(new Date(String(file.createdAt)))}</span>
                  <DeleteWithImpact
                    collection="import-files"
                    id={Number(file.id)}
                    name={`the import of "${filename}"`}
                  />
                </li>
              )
            })}
          </ul>
        )}
      </section>

      <section className="owner-panel" aria-labelledby="delete-dataset">
        <h2 id="delete-dataset">Delete the dataset</h2>
        <p className="import-hint">You will be told what goes with it before anything is deleted.</p>
        <DeleteWithImpact collection="datasets" id={facts.datasetId} name={`dataset "${name}"`} goTo="/" />
      </section>
    </article>
  )
}
