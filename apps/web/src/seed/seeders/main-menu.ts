import { COLLECTION_NAMES, GLOBAL_NAMES } from '../../constants/collection-names'
import { findIdBy, type SeedContext, type SeederResult } from './context'

/** Seeds the main menu (explore, import, about) unless an editor already set one. */
export async function seedMainMenu({ payload }: SeedContext): Promise<SeederResult> {
  const menu = await payload.findGlobal({ slug: GLOBAL_NAMES.MAIN_MENU, overrideAccess: true })
  if ((menu.items as unknown[] | undefined)?.length) return { created: 0, existing: 1 }
  const about = await findIdBy(payload, COLLECTION_NAMES.PAGES, 'slug', 'about')
  await payload.updateGlobal({
    slug: GLOBAL_NAMES.MAIN_MENU,
    data: {
      items: [
        { label: 'Explore', type: 'url', url: '/explore' },
        { label: 'Import', type: 'url', url: '/import' },
        ...(about ? [{ label: 'About', type: 'page' as const, page: about }] : []),
      ],
    },
    overrideAccess: true,
  })
  return { created: 1, existing: 0 }
}

/** Empties the main menu. */
export async function resetMainMenu({ payload }: SeedContext): Promise<void> {
  await payload.updateGlobal({ slug: GLOBAL_NAMES.MAIN_MENU, data: { items: [] }, overrideAccess: true })
}
