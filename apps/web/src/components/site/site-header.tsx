import Link from 'next/link'

import { GLOBAL_NAMES } from '../../constants/collection-names'
import { getPayloadInstance } from '../../lib/runtime/payload-instance'

interface MenuItem {
  label: string
  type?: 'page' | 'url' | null
  url?: string | null
  page?: { slug?: string | null } | number | null
  newTab?: boolean | null
}

function hrefOf(item: MenuItem): string {
  if (item.type === 'page' && item.page && typeof item.page === 'object') return `/pages/${item.page.slug ?? ''}`
  return item.url ?? '/'
}

/** The site header: the name and the main menu edited in the admin. */
export async function SiteHeader() {
  const payload = await getPayloadInstance()
  const menu = await payload.findGlobal({ slug: GLOBAL_NAMES.MAIN_MENU, depth: 1 })
  const items = (menu.items ?? []) as MenuItem[]
  return (
    <header className="site-header">
      <Link className="brand" href="/">
        Chronotope
      </Link>
      <nav aria-label="Main menu">
        {items.map((item) => (
          <a key={`${item.label}-${hrefOf(item)}`} href={hrefOf(item)} target={item.newTab ? '_blank' : undefined}>
            {item.label}
          </a>
        ))}
        <Link href="/admin">Admin</Link>
      </nav>
    </header>
  )
}
