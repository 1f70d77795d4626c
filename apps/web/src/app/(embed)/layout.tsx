import type { Metadata } from 'next'
import type { ReactNode } from 'react'

import { CHRONOTOPE_ICON_DATA_URL } from '../../components/admin/chronotope-icon-url'

import '../(frontend)/styles.css'

/** Render on request: what an embed shows depends on who views it. */
export const dynamic = 'force-dynamic'

/**
 * Metadata of embeds. The icon is inline: without one the browser asks for `/favicon.ico`, which
 * does not exist, and logs the 404 in the console of every page that frames an embed.
 */
export const metadata: Metadata = {
  title: { default: 'Chronotope', template: '%s – Chronotope' },
  robots: { index: false },
  icons: { icon: [{ url: CHRONOTOPE_ICON_DATA_URL, type: 'image/svg+xml' }] },
}

/** Layout of the embed: no header, no menu; other sites may frame it (see security-headers). */
export default function EmbedLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="embed-body">{children}</body>
    </html>
  )
}
