import { headers } from 'next/headers'
import Link from 'next/link'

import { GLOBAL_NAMES } from '../../constants/collection-names'
import { getPayloadInstance } from '../../lib/runtime/payload-instance'
import { AccountStatus } from './account-status'
import { ChronotopeMark } from './chronotope-mark'
import { HeaderMenu, type HeaderLink } from './header-menu'
import { ThemeToggle } from './theme-toggle'

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

/**
 * The header's links: the `main-menu` global's items, then Explore and Import unless the menu has
 * them already, then Admin for someone signed in.
 */
function headerLinks(items: readonly MenuItem[], isSignedIn: boolean): HeaderLink[] {
  const links: HeaderLink[] = items.map((item) => ({
    label: item.label,
    href: hrefOf(item),
    newTab: Boolean(item.newTab),
  }))
  for (const own of [
    { label: 'Explore', href: '/explore' },
    { label: 'Import', href: '/import' },
  ]) {
    if (!links.some((link) => link.href === own.href)) links.push(own)
  }
  if (isSignedIn) links.push({ label: 'Admin', href: '/admin' })
  return links
}

/** The site header: the name, the main menu edited in the admin, who is signed in, and the theme. */
export async function SiteHeader() {
  const payload = await getPayloadInstance()
  const [menu, { user }] = await Promise.all([
    payload.findGlobal({ slug: GLOBAL_NAMES.MAIN_MENU, depth: 1 }),
    payload.auth({ headers: await headers() }),
  ])
  const items = (menu.items ?? []) as MenuItem[]
  return (
    <header className="site-header">
      <Link className="brand" href="/">
        <ChronotopeMark size={26} />
        Chronotope
      </Link>
      <HeaderMenu links={headerLinks(items, Boolean(user))}>
        <AccountStatus email={user ? String(user.email) : null} />
        <ThemeToggle />
      </HeaderMenu>
    </header>
  )
}
