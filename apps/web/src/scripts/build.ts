/**
 * `npm run build`: builds the app for production (`npm run serve` serves the build), then writes a
 * gzipped copy of each static asset for the server to send as it is (src/server/precompressed-static),
 * then builds the documentation site the app serves under `/docs/` (unless CHRONOTOPE_DOCS_URL
 * points elsewhere). The build needs no database: pages that read data render on request.
 * @module
 */
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { LOCAL_DOCS_URL, readSettings } from '../config/settings'
import { ensureAppSecret } from '../lib/runtime/app-secret'
import { runNodeScript } from '../lib/runtime/child-process'
import { buildDocsSite } from '../lib/runtime/docs-site-build'
import { precompressStaticAssets } from '../server/precompress-static-assets'

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const base = readSettings({ ...process.env, NODE_ENV: 'development' })
const nextBin = createRequire(path.join(webRoot, 'package.json')).resolve('next/dist/bin/next')
const code = await runNodeScript(
  [nextBin, 'build'],
  {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    PAYLOAD_SECRET: ensureAppSecret(base.dataDir),
    DATABASE_URL: base.databaseUrl ?? 'postgres://build-needs-no-database@127.0.0.1:1/none',
  },
  webRoot,
)
if (code !== 0) process.exit(code)

const started = performance.now()
const { files, bytes, gzipBytes } = await precompressStaticAssets(path.join(webRoot, '.next', 'static'))
const kb = (n: number) => `${Math.round(n / 1024).toLocaleString('en')} KB`
console.log(
  `[chronotope] Gzipped ${files} static assets (${kb(bytes)} → ${kb(gzipBytes)}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
)

if (base.docsUrl === LOCAL_DOCS_URL) {
  const docsStarted = performance.now()
  const docsCode = await buildDocsSite()
  if (docsCode !== 0) process.exit(docsCode)
  console.log(
    `[chronotope] Built the documentation site for /docs/ in ${((performance.now() - docsStarted) / 1000).toFixed(0)} s`,
  )
}
