/**
 * `npm run build`: builds the app for production (`npm run serve` serves the build), then writes a
 * gzipped copy of each static asset for the server to send as it is (src/server/precompressed-static)
 * and the record `npm start` compares the sources with (lib/runtime/app-build.ts), then builds the
 * documentation site the app serves under `/docs/` (unless CHRONOTOPE_DOCS_URL
 * points elsewhere). The build needs no database: pages that read data render on request.
 * @module
 */
import { LOCAL_DOCS_URL, readSettings } from '../config/settings'
import { ensureAppSecret } from '../lib/runtime/app-secret'
import { buildApp } from '../lib/runtime/app-build'
import { buildDocsSite } from '../lib/runtime/docs-site-build'

const base = readSettings({ ...process.env, NODE_ENV: 'development' })
const code = await buildApp({
  env: {
    ...process.env,
    PAYLOAD_SECRET: ensureAppSecret(base.dataDir),
    ...(base.databaseUrl ? { DATABASE_URL: base.databaseUrl } : {}),
  },
  log: (message) => console.log(`[chronotope] ${message}`),
})
if (code !== 0) process.exit(code)

if (base.docsUrl === LOCAL_DOCS_URL) {
  const docsStarted = performance.now()
  const docsCode = await buildDocsSite()
  if (docsCode !== 0) process.exit(docsCode)
  console.log(
    `[chronotope] Built the documentation site for /docs/ in ${((performance.now() - docsStarted) / 1000).toFixed(0)} s`,
  )
}
