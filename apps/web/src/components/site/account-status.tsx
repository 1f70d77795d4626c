'use client'
/**
 * Who is signed in, with "Sign out"; or "Sign in", which comes back to the page the visitor was on.
 * @module
 */
import Link from 'next/link'
import { usePathname, useSearchParams } from 'next/navigation'
import { Suspense, useState } from 'react'

/** The login link for a page: Payload's login view sends the visitor back to `redirect` after signing in. */
function signInHref(path: string): string {
  return `/admin/login?redirect=${encodeURIComponent(path)}`
}

// Not prefetched: the admin is another app (its own root layout), so prefetching it would only
// load the admin's code into this page while it draws.
function SignInLink() {
  const pathname = usePathname()
  const search = useSearchParams().toString()
  return (
    <Link className="account-link" href={signInHref(search ? `${pathname}?${search}` : pathname)} prefetch={false}>
      Sign in
    </Link>
  )
}

function SignOutButton() {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle')
  async function signOut() {
    setState('busy')
    try {
      const response = await fetch('/api/users/logout', { method: 'POST', credentials: 'same-origin' })
      // A session that already ended answers 400 or 401; reloading shows the signed-out page either way.
      if (!response.ok && response.status >= 500) throw new Error(`Sign-out answered ${response.status}`)
      window.location.reload()
    } catch {
      setState('failed')
    }
  }
  return (
    <>
      <button type="button" className="account-link" onClick={() => void signOut()} disabled={state === 'busy'}>
        {state === 'busy' ? 'Signing out…' : 'Sign out'}
      </button>
      {state === 'failed' ? (
        <span role="alert" className="account-error">
          Could not sign out. Check the connection and try again.
        </span>
      ) : null}
    </>
  )
}

/**
 * The header's account part.
 * @param email - the signed-in user's email, or null when nobody is signed in
 */
export function AccountStatus({ email }: { email: string | null }) {
  if (email) {
    return (
      <div className="account">
        <span className="account-who">
          Signed in as <strong title={email}>{email}</strong>
        </span>
        <SignOutButton />
      </div>
    )
  }
  return (
    <div className="account">
      {/* The current address is read in the browser; until then the link leads to the login alone. */}
      <Suspense
        fallback={
          <Link className="account-link" href="/admin/login" prefetch={false}>
            Sign in
          </Link>
        }
      >
        <SignInLink />
      </Suspense>
    </div>
  )
}
