import { COLLECTION_NAMES } from '../../constants/collection-names'
import { DEMO_CATALOGS } from '../demo-content'
import { findIdBy, type SeedContext, type SeederResult } from './context'

/** Seeds the demo catalogs, owned by the demo accounts when those exist. */
export async function seedCatalogs({ payload }: SeedContext): Promise<SeederResult> {
  const result: SeederResult = { created: 0, existing: 0 }
  for (const catalog of DEMO_CATALOGS) {
    if (await findIdBy(payload, COLLECTION_NAMES.CATALOGS, 'slug', catalog.slug)) {
      result.existing++
      continue
    }
    const owner = await findIdBy(payload, COLLECTION_NAMES.USERS, 'email', catalog.ownerEmail)
    await payload.create({
      collection: COLLECTION_NAMES.CATALOGS,
      data: {
        name: catalog.name,
        slug: catalog.slug,
        description: catalog.description,
        isPublic: catalog.isPublic,
        owner: owner ?? null,
      },
      overrideAccess: true,
    })
    result.created++
  }
  return result
}

/** Deletes the demo catalogs (their datasets must be gone first). */
export async function resetCatalogs({ payload }: SeedContext): Promise<void> {
  await payload.delete({
    collection: COLLECTION_NAMES.CATALOGS,
    where: { slug: { in: DEMO_CATALOGS.map((catalog) => catalog.slug) } },
    overrideAccess: true,
  })
}
