import { RichText } from '@payloadcms/richtext-lexical/react'
import type { Metadata } from 'next'
import { headers } from 'next/headers'
import { notFound } from 'next/navigation'

import { COLLECTION_NAMES } from '../../../../constants/collection-names'
import { getPayloadInstance } from '../../../../lib/runtime/payload-instance'

type Args = { params: Promise<{ slug: string }> }

async function findPage(slug: string) {
  const payload = await getPayloadInstance()
  const { user } = await payload.auth({ headers: await headers() })
  const { docs } = await payload.find({
    collection: COLLECTION_NAMES.PAGES,
    where: { slug: { equals: slug } },
    user,
    overrideAccess: false,
    limit: 1,
    depth: 1,
  })
  return docs[0]
}

/** The page's title in the browser tab. */
export async function generateMetadata({ params }: Args): Promise<Metadata> {
  const page = await findPage((await params).slug)
  return { title: page?.title as string | undefined, description: page?.summary as string | undefined }
}

/** A CMS page at `/pages/{slug}`: its blocks in order. Drafts only for editors and admins. */
export default async function CmsPage({ params }: Args) {
  const page = await findPage((await params).slug)
  if (!page) notFound()
  const blocks = (page.layout ?? []) as Array<Record<string, unknown> & { blockType: string; id?: string }>
  return (
    <article>
      <h1>{page.title as string}</h1>
      {blocks.map((block, index) => {
        const key = block.id ?? String(index)
        switch (block.blockType) {
          case 'content':
            return <RichText key={key} data={block.body as never} />
          case 'callToAction':
            return (
              <section key={key} className="notice">
                <h2>{block.heading as string}</h2>
                {block.text ? <p>{block.text as string}</p> : null}
                <a className="button primary" href={block.buttonUrl as string}>
                  {block.buttonLabel as string}
                </a>
              </section>
            )
          default:
            return null
        }
      })}
    </article>
  )
}
