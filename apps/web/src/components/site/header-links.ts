/**
 * The site header's links, from the `main-menu` global and the app's own pages. Pure.
 * @module
 */
import type { HeaderLink } from './header-menu'

/** A `main-menu` global item. */
export interface MenuItem {
  label: string
  type?: 'page' | 'url' | null
  url?: string | null
  page?: { slug?: string | null } | number | null
  newTab?: boolean | null
}

// Where a menu item leads: a CMS page at its slug, or its URL.
function hrefOf(item: MenuItem): string {
  if (item.type === 'page' && item.page && typeof item.page === 'object') return `/pages/${item.page.slug ?? ''}`
  return item.url ?? '/'
}

/**
 * The header's links: the `main-menu` global's items, then Explore and Import unless the menu has
 * them already, then the documentation site (`CHRONOTOPE_DOCS_URL`, by default the one this
 * app serves under `/docs/`, which is not one of its own pages), then Admin for someone signed in.
 */
export function headerLinks(items: readonly MenuItem[], isSignedIn: boolean, docsUrl: string | null): HeaderLink[] {
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
  if (docsUrl && !links.some((link) => link.href === docsUrl)) {
    links.push({ label: 'Docs', href: docsUrl, isOutsideApp: true })
  }
  if (isSignedIn) links.push({ label: 'Admin', href: '/admin' })
  return links
}
