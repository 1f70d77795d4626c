import type { Metadata } from 'next'
import type { ReactNode } from 'react'

import { SiteHeader } from '../../components/site/site-header'
import './styles.css'

/** Every page shows the main menu, which editors change in the admin: render on request. */
export const dynamic = 'force-dynamic'

/** Default metadata of the public site. */
export const metadata: Metadata = {
  title: { default: 'Chronotope', template: '%s – Chronotope' },
  description: 'Chronotope: explore geographic, time-based event data on a timeline and a map.',
}

/** Layout of the public site: header with the main menu, then the page. */
export default function FrontendLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <SiteHeader />
        <main>{children}</main>
      </body>
    </html>
  )
}
