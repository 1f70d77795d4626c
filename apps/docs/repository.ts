/**
 * Where the project's repository is, for the navbar link, "Edit this page", the feedback link and
 * the generated pages' source links. The root package.json has no `repository` field yet; change
 * this one constant when it does.
 */

/** The project's repository. */
export const REPOSITORY_URL = 'https://github.com/chronotope/chronotope'
/** The branch "Edit this page" opens files on. */
export const EDIT_BRANCH = 'main'

/**
 * The repository's page that edits a file, by its path from the repository's root.
 * @example editUrlOf('apps/web/src/lib/api/openapi-document.ts')
 */
export const editUrlOf = (file: string): string => `${REPOSITORY_URL}/edit/${EDIT_BRANCH}/${file}`

/** The repository's page that shows a file, by its path from the repository's root. */
export const blobUrlOf = (file: string): string => `${REPOSITORY_URL}/blob/${EDIT_BRANCH}/${file}`
