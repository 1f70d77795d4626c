'use client'
/**
 * A link that is prefetched when the visitor reaches for it (pointer over it, or keyboard focus on
 * it) instead of when it scrolls into view. For long lists of links to dynamic pages (every catalog
 * and dataset on the home page): prefetching each one in view asks the server for a full render of
 * every page the visitor could open, hundreds for a big catalog; this asks for the one they are
 * about to open, which still arrives before the click.
 * @module
 */
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useRef, type ComponentProps } from 'react'

/** Props of {@link IntentLink}: those of Next's `Link`, with a string `href` and no `prefetch`. */
export type IntentLinkProps = Omit<ComponentProps<typeof Link>, 'prefetch' | 'href'> & { readonly href: string }

/** `next/link` without prefetching in view: prefetches on hover or focus, once. */
export function IntentLink({ href, onPointerEnter, onFocus, ...props }: IntentLinkProps) {
  const router = useRouter()
  const prefetched = useRef(false)
  const prefetch = () => {
    if (prefetched.current) return
    prefetched.current = true
    router.prefetch(href)
  }
  return (
    <Link
      {...props}
      href={href}
      prefetch={false}
      onPointerEnter={(event) => {
        prefetch()
        onPointerEnter?.(event)
      }}
      onFocus={(event) => {
        prefetch()
        onFocus?.(event)
      }}
    />
  )
}
