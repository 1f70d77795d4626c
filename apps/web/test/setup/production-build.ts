/**
 * Vitest global setup of the end-to-end tests: one `npm run build` for every test file that
 * serves the production build (`startChronotope({ production: true })`), instead of one each.
 * Set CHRONOTOPE_E2E_SKIP_BUILD=1 to reuse an existing build when running one file by hand.
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { runScript } from '../helpers/run-script'

/** Builds the app once before the end-to-end test files run. */
export default async function setup(): Promise<void> {
  if (process.env.CHRONOTOPE_E2E_SKIP_BUILD === '1') return
  // The build reads settings only; a throwaway data folder keeps it off any real one.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chronotope-e2e-build-'))
  const env: NodeJS.ProcessEnv = { ...process.env, CHRONOTOPE_DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: '1' }
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'VITEST', 'NODE_ENV']) delete env[name]
  try {
    await runScript('build', [], env)
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
