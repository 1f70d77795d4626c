import { COLLECTION_NAMES } from '../../constants/collection-names'
import { DEMO_DATASETS } from '../demo-content'
import { findIdBy, SeedDependencyMissing, type SeedContext, type SeederResult } from './context'

/** Seeds the demo datasets into their catalogs. */
export async function seedDatasets({ payload }: SeedContext): Promise<SeederResult> {
  const result: SeederResult = { created: 0, existing: 0 }
  for (const dataset of DEMO_DATASETS) {
    if (await findIdBy(payload, COLLECTION_NAMES.DATASETS, 'slug', dataset.slug)) {
      result.existing++
      continue
    }
    const catalog = await findIdBy(payload, COLLECTION_NAMES.CATALOGS, 'slug', dataset.catalogSlug)
    if (!catalog) throw new SeedDependencyMissing('datasets', dataset.catalogSlug, 'catalogs')
    const owner = await findIdBy(payload, COLLECTION_NAMES.USERS, 'email', dataset.ownerEmail)
    await payload.create({
      collection: COLLECTION_NAMES.DATASETS,
      data: {
        name: dataset.name,
        slug: dataset.slug,
        catalog,
        description: dataset.description,
        isPublic: dataset.isPublic,
        owner: owner ?? null,
        geocoding: { enabled: dataset.theme.geocoded },
      },
      overrideAccess: true,
    })
    result.created++
  }
  return result
}

/** Deletes the demo datasets with their events and schemas, one at a time (each is a bulk delete). */
export async function resetDatasets({ payload }: SeedContext): Promise<void> {
  for (const dataset of DEMO_DATASETS) {
    await payload.delete({
      collection: COLLECTION_NAMES.DATASETS,
      where: { slug: { equals: dataset.slug } },
      overrideAccess: true,
    })
  }
}
