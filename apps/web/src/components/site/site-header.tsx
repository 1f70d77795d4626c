import { headers } from 'next/headers'
import Link from 'next/link'

import { settings } from '../../config/settings'
import { GLOBAL_NAMES } from '../../constants/collection-names'
import { getPayloadInstance } from '../../lib/runtime/payload-instance'
import { AccountStatus } from './account-status'
import { ChronotopeMark } from './chronotope-mark'
import { headerLinks, type MenuItem } from './header-links'
import { HeaderMenu } from './header-menu'
import { ThemeToggle } from './theme-toggle'

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
      <Link className="brand" href="/" prefetch={false}>
        <ChronotopeMark size={26} />
        Chronotope
      </Link>
      <HeaderMenu links={headerLinks(items, Boolean(user), settings.docsUrl)}>
        <AccountStatus email={user ? String(user.email) : null} />
        <ThemeToggle />
      </HeaderMenu>
    </header>
  )
}
