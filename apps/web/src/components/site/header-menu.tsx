'use client'
/**
 * The header's navigation: the links in a row on wide screens; at phone width behind a "Menu"
 * button that opens them as a panel (closed again by Escape, a link, or the button).
 * @module
 */
import Link from 'next/link'
import { usePathname } from 'next/navigation'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'

/** One link of the header's navigation. */
export interface HeaderLink {
  readonly label: string
  readonly href: string
  readonly newTab?: boolean
  /** A page this app's router does not render (the documentation site under `/docs/`): loaded whole. */
  readonly isOutsideApp?: boolean
}

function isCurrent(href: string, pathname: string): boolean {
  if (!href.startsWith('/')) return false
  const path = href.split(/[?#]/)[0] || '/'
  return path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`)
}

/**
 * The navigation links, then `children` (the account and theme controls) in the same panel.
 * @param links - the main menu's items and the site's own links, in order
 */
export function HeaderMenu({ links, children }: { links: readonly HeaderLink[]; children?: ReactNode }) {
  const pathname = usePathname()
  const [open, setOpen] = useState(false)
  const [openedAt, setOpenedAt] = useState(pathname)
  const panelId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  // A new page closes the panel (state adjusted while rendering, as React recommends).
  if (openedAt !== pathname) {
    setOpenedAt(pathname)
    setOpen(false)
  }

  useEffect(() => {
    if (!open) return
    function onKey(event: KeyboardEvent) {
      if (event.key !== 'Escape') return
      setOpen(false)
      buttonRef.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="menu-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
          <path
            d={open ? 'M4 4l10 10M14 4L4 14' : 'M2 4.5h14M2 9h14M2 13.5h14'}
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
        Menu
      </button>
      <div id={panelId} className="header-panel" data-open={open}>
        <nav aria-label="Main menu">
          <ul>
            {links.map((link) => {
              const current = isCurrent(link.href, pathname)
              return (
                <li key={`${link.label}-${link.href}`}>
                  {link.href.startsWith('/') && !link.newTab && !link.isOutsideApp ? (
                    // No prefetch: it would load the other pages while this one is still drawing
                    // its map; on this server a click loads them in tens of milliseconds.
                    <Link
                      href={link.href}
                      prefetch={false}
                      aria-current={current ? 'page' : undefined}
                      onClick={() => setOpen(false)}
                    >
                      {link.label}
                    </Link>
                  ) : (
                    <a
                      href={link.href}
                      target={link.newTab ? '_blank' : undefined}
                      rel={link.newTab ? 'noopener' : undefined}
                    >
                      {link.label}
                    </a>
                  )}
                </li>
              )
            })}
          </ul>
        </nav>
        <div className="header-tools">{children}</div>
      </div>
    </>
  )
}
