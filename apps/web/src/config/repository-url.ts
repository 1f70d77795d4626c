/**
 * The project's repository address (`CHRONOTOPE_REPOSITORY_URL`), read the same way by the app's
 * settings and by the documentation build, whose "Edit this page", feedback and source links all
 * start with it. A fork or a mirror sets it to its own address. Pure: no I/O.
 * @module
 */

/** The environment variable that holds the repository's address. */
export const REPOSITORY_URL_VARIABLE = 'CHRONOTOPE_REPOSITORY_URL'

/** The repository's address when the variable is not set: the project's own. */
export const DEFAULT_REPOSITORY_URL = 'https://github.com/chronotope/chronotope'

/**
 * The repository's address from an environment: its `CHRONOTOPE_REPOSITORY_URL`, an http(s) URL
 * (a trailing `/` or `.git` dropped), or {@link DEFAULT_REPOSITORY_URL} when it is empty.
 * @param invalid - the error to throw for a value that is not such a URL, given the variable and
 *   what is wrong
 * @example readRepositoryUrl({ CHRONOTOPE_REPOSITORY_URL: 'https://git.example.org/team/chronotope.git' }, (v, d) => new Error(`${v} ${d}`)) // 'https://git.example.org/team/chronotope'
 */
export function readRepositoryUrl(
  env: Readonly<Record<string, string | undefined>>,
  invalid: (variable: string, detail: string) => Error,
): string {
  const raw = env[REPOSITORY_URL_VARIABLE]?.trim()
  if (!raw) return DEFAULT_REPOSITORY_URL
  let url: URL | undefined
  try {
    url = new URL(raw)
  } catch {
    // reported below
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash) {
    throw invalid(
      REPOSITORY_URL_VARIABLE,
      `must be the http(s) address of the repository, e.g. https://github.com/you/chronotope; got "${raw}"`,
    )
  }
  return raw.replace(/\/+$/, '').replace(/\.git$/, '')
}
