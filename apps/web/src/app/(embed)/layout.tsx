import type { Metadata } from 'next'
import type { ReactNode } from 'react'

import '../(frontend)/styles.css'

/** Render on request: what an embed shows depends on who views it. */
export const dynamic = 'force-dynamic'

/** Metadata of embeds. */
export const metadata: Metadata = {
  title: { default: 'Chronotope', template: '%s – Chronotope' },
  robots: { index: false },
}

/** Layout of the embed: no header, no menu; other sites may frame it (see security-headers). */
export default function EmbedLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="embed-body">{children}</body>
    </html>
  )
}
