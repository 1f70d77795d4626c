/**
 * Where the project's repository is, for the navbar link, "Edit this page", the feedback link and
 * the generated pages' source links: `CHRONOTOPE_REPOSITORY_URL` when the build's environment sets
 * it (a fork, a mirror), else the project's own address; the app reads the same setting.
 */
import { readRepositoryUrl } from '../web/src/config/repository-url'

/** The project's repository. */
export const REPOSITORY_URL = readRepositoryUrl(process.env, (variable, detail) => new Error(`${variable} ${detail}`))
/** The branch "Edit this page" opens files on. */
export const EDIT_BRANCH = 'main'

/**
 * The repository's page that edits a file, by its path from the repository's root.
 * @example editUrlOf('apps/web/src/lib/api/openapi-document.ts')
 */
export const editUrlOf = (file: string): string => `${REPOSITORY_URL}/edit/${EDIT_BRANCH}/${file}`

/** The repository's page that shows a file, by its path from the repository's root. */
export const blobUrlOf = (file: string): string => `${REPOSITORY_URL}/blob/${EDIT_BRANCH}/${file}`

/** The repository's page that lists a folder, by its path from the repository's root. */
export const treeUrlOf = (folder: string): string => `${REPOSITORY_URL}/tree/${EDIT_BRANCH}/${folder}`
