import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'

import { SiteHeader } from '../../components/site/site-header'
import { THEME_BOOT_SCRIPT } from '../../components/site/theme-choice'
import './styles.css'

/** Every page shows the main menu, which editors change in the admin: render on request. */
export const dynamic = 'force-dynamic'

/** Default metadata of the public site. */
export const metadata: Metadata = {
  title: { default: 'Chronotope', template: '%s – Chronotope' },
  description: 'Chronotope: explore geographic, time-based event data on a timeline and a map.',
}

/** The browser's own controls follow the page's theme. */
export const viewport: Viewport = {
  colorScheme: 'light dark',
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
    { media: '(prefers-color-scheme: dark)', color: '#12161f' },
  ],
}

/** Layout of the public site: header with the main menu, then the page. */
export default function FrontendLayout({ children }: { children: ReactNode }) {
  return (
    // The boot script sets data-theme before React hydrates, so the attribute may differ.
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to the content
        </a>
        <SiteHeader />
        <main id="main">{children}</main>
      </body>
    </html>
  )
}
