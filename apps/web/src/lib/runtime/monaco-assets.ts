import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

/**
 * Copies the code editor's files (Monaco, used by the admin's JSON fields) into the app's public
 * folder, so the admin never fetches them from a CDN. Skips the copy when the same version is
 * already there.
 * @returns the folder the files are served from
 */
export function ensureMonacoAssets(webRoot: string): string {
  const require = createRequire(path.join(webRoot, 'package.json'))
  const monacoPackage = require.resolve('monaco-editor/package.json')
  const version = (JSON.parse(readFileSync(monacoPackage, 'utf8')) as { version: string }).version
  const target = path.join(webRoot, 'public', 'vendor', 'monaco', 'vs')
  const stamp = path.join(target, '.version')
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === version) return target
  cpSync(path.join(path.dirname(monacoPackage), 'min', 'vs'), target, { recursive: true })
  writeFileSync(stamp, version)
  return target
}
