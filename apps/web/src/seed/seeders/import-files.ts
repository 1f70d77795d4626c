import { COLLECTION_NAMES } from '../../constants/collection-names'
import { IMPORT_STATUS } from '../../constants/import-status'
import { DEMO_DATASETS } from '../demo-content'
import { generateEvents } from '../generators/events'
import { findIdBy, SeedDependencyMissing, type SeedContext, type SeederResult } from './context'

/** The demo's uploaded file: a sample of the protest events as the CSV a monitor would send. */
export const SAMPLE_IMPORT_FILENAME = 'protest-events-sample.csv'

/**
 * Finds the sample upload. Payload renames an upload whose name is taken on disk (`…-1.csv`), so
 * it is matched by its name's stem, not the exact name.
 */
export async function findSampleImportFile(payload: SeedContext['payload']): Promise<number | undefined> {
  const { docs } = await payload.find({
    collection: COLLECTION_NAMES.IMPORT_FILES,
    where: { filename: { like: SAMPLE_IMPORT_FILENAME.replace(/\.csv$/, '') } },
    // The seed's own is the first; a copy made since (the admin's Duplicate) is not.
    sort: 'id',
    limit: 1,
    depth: 0,
    overrideAccess: true,
    select: {},
  })
  return docs[0]?.id as number | undefined
}

/** Rows in the sample file. */
export const SAMPLE_IMPORT_ROWS = 25

const SAMPLE_DATASET = DEMO_DATASETS.find((dataset) => dataset.slug === 'protest-events')!

/** The sample CSV's content: a header and {@link SAMPLE_IMPORT_ROWS} rows. */
export function sampleImportCsv(randomSeed: number): string {
  const events = generateEvents(SAMPLE_DATASET.theme, SAMPLE_IMPORT_ROWS, randomSeed)
  const header = ['id', 'date', 'kind', 'city', 'country', 'participants']
  const quote = (value: string | number) =>
    /[",\n]/.test(String(value)) ? `"${String(value).replace(/"/g, '""')}"` : String(value)
  const lines = events.map((event) => header.map((column) => quote(event.data[column] ?? '')).join(','))
  return [header.join(','), ...lines].join('\n') + '\n'
}

/** Seeds one completed upload in the human rights catalog. */
export async function seedImportFiles({ payload, config }: SeedContext): Promise<SeederResult> {
  if (await findSampleImportFile(payload)) {
    return { created: 0, existing: 1 }
  }
  const catalog = await findIdBy(payload, COLLECTION_NAMES.CATALOGS, 'slug', SAMPLE_DATASET.catalogSlug)
  if (!catalog) throw new SeedDependencyMissing('import-files', SAMPLE_DATASET.catalogSlug, 'catalogs')
  const owner = await findIdBy(payload, COLLECTION_NAMES.USERS, 'email', SAMPLE_DATASET.ownerEmail)
  const csv = Buffer.from(sampleImportCsv(config.generator.randomSeed), 'utf8')
  await payload.create({
    collection: COLLECTION_NAMES.IMPORT_FILES,
    data: { catalog, datasetName: SAMPLE_DATASET.name, status: IMPORT_STATUS.COMPLETED, owner: owner ?? null },
    file: { data: csv, mimetype: 'text/csv', name: SAMPLE_IMPORT_FILENAME, size: csv.length },
    overrideAccess: true,
  })
  return { created: 1, existing: 0 }
}

/** Deletes the sample upload and its stored file. */
export async function resetImportFiles({ payload }: SeedContext): Promise<void> {
  await payload.delete({
    collection: COLLECTION_NAMES.IMPORT_FILES,
    where: { filename: { like: SAMPLE_IMPORT_FILENAME.replace(/\.csv$/, '') } },
    overrideAccess: true,
  })
}
