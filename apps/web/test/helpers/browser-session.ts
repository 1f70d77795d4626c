/**
 * Signs a browser page in the way the site does (Payload's `payload-token` cookie, set by
 * `POST /api/users/login` from the page itself), without waiting for the admin UI to compile.
 * @module
 */
import type { Page } from 'playwright-core'

/** A user to sign in. */
export interface Credentials {
  readonly email: string
  readonly password: string
}

/** Thrown when the login endpoint refuses the credentials. */
export class BrowserSignInFailed extends Error {
  constructor(email: string, status: number) {
    super(`Signing in ${email} answered HTTP ${status}; expected 200`)
    this.name = 'BrowserSignInFailed'
  }
}

/**
 * Signs the page's browser context in as the user; the page must already be on the site.
 * @throws {@link BrowserSignInFailed} when the login is refused
 * @example await signInPage(page, { email: 'user@chronotope.local', password: 'chronotope-user' })
 */
export async function signInPage(page: Page, credentials: Credentials): Promise<void> {
  const status = await page.evaluate(async ({ email, password }) => {
    const response = await fetch('/api/users/login', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
    return response.status
  }, credentials)
  if (status !== 200) throw new BrowserSignInFailed(credentials.email, status)
}
