import { COLLECTION_NAMES } from '../../constants/collection-names'
import { DEMO_PAGES, type DemoPage } from '../demo-content'
import { findIdBy, type SeedContext, type SeederResult } from './context'

/** Rich text (Lexical's JSON) made of plain paragraphs. */
export function paragraphsToRichText(paragraphs: readonly string[]) {
  return {
    root: {
      type: 'root',
      format: '' as const,
      indent: 0,
      version: 1,
      direction: 'ltr' as const,
      children: paragraphs.map((text) => ({
        type: 'paragraph',
        format: '' as const,
        indent: 0,
        version: 1,
        direction: 'ltr' as const,
        textFormat: 0,
        textStyle: '',
        children: [{ type: 'text', text, format: 0, style: '', mode: 'normal', detail: 0, version: 1 }],
      })),
    },
  }
}

function layoutOf(page: DemoPage) {
  const blocks: Array<Record<string, unknown>> = [{ blockType: 'content', body: paragraphsToRichText(page.paragraphs) }]
  if (page.callToAction) blocks.push({ blockType: 'callToAction', ...page.callToAction })
  return blocks
}

/** Seeds the demo pages, published. */
export async function seedPages({ payload }: SeedContext): Promise<SeederResult> {
  const result: SeederResult = { created: 0, existing: 0 }
  for (const page of DEMO_PAGES) {
    if (await findIdBy(payload, COLLECTION_NAMES.PAGES, 'slug', page.slug)) {
      result.existing++
      continue
    }
    await payload.create({
      collection: COLLECTION_NAMES.PAGES,
      data: {
        title: page.title,
        slug: page.slug,
        summary: page.summary,
        layout: layoutOf(page),
        _status: 'published',
      },
      overrideAccess: true,
    })
    result.created++
  }
  return result
}

/** Deletes the demo pages. */
export async function resetPages({ payload }: SeedContext): Promise<void> {
  await payload.delete({
    collection: COLLECTION_NAMES.PAGES,
    where: { slug: { in: DEMO_PAGES.map((page) => page.slug) } },
    overrideAccess: true,
  })
}
