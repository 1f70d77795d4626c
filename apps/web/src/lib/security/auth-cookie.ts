/**
 * How the sign-in cookie (`payload-token`) is set. Pure.
 * @module
 */

/** Payload's `auth.cookies` options of the users collection. */
export interface AuthCookieOptions {
  /** Sent over HTTPS only. */
  readonly secure: boolean
  /** Sent with same-site requests and top-level links from other sites, never with their forms or frames. */
  readonly sameSite: 'Lax'
}

/**
 * The sign-in cookie's options for a public address: `Secure` whenever it is https (a proxy in
 * front may speak plain HTTP to the app, but browsers reach it over TLS), `SameSite=Lax` always,
 * so another site's forms and frames never carry it.
 * @example authCookieOptions('https://events.example.org') // { secure: true, sameSite: 'Lax' }
 */
export function authCookieOptions(serverUrl: string): AuthCookieOptions {
  return { secure: new URL(serverUrl).protocol === 'https:', sameSite: 'Lax' }
}
