import { createRequire } from 'node:module'
import path from 'node:path'

import { configDefaults, defineConfig } from 'vitest/config'

const payloadConfig = path.resolve(import.meta.dirname, 'apps/web/src/payload.config.ts')
// Node (and Next, which keeps graphql external) loads graphql's CommonJS build; Vite would give our
// own files its ESM build, a second copy whose types Payload's schema rejects ("another realm").
const graphqlCommonJs = createRequire(import.meta.url).resolve('graphql')

// The integration tests' database and settings (the settings module reads them on import).
const integration = {
  globalSetup: ['apps/web/test/setup/global-database.ts'],
  setupFiles: ['apps/web/test/setup/database-environment.ts'],
  fileParallelism: false,
  testTimeout: 60_000,
  hookTimeout: 180_000,
}

// Integration test files that set their own settings before the app starts (vi.hoisted, a database
// of their own before a dynamic import, the sessions' time zone): each needs a process and module
// graph of its own, where the others share one.
const OWN_SETTINGS = [
  'apps/web/test/integration/api/auth-cookie.test.ts',
  'apps/web/test/integration/docs/curl-examples.test.ts',
  'apps/web/test/integration/events-read/bounded-events.test.ts',
  'apps/web/test/integration/events-read/read-endpoints-from-cells.test.ts',
  'apps/web/test/integration/events-read/read-endpoints-without-index.test.ts',
  'apps/web/test/integration/events-read/times-of-every-era-in-a-time-zone.test.ts',
  'apps/web/test/integration/import/upload-rate-limits.test.ts',
  'apps/web/test/integration/map-places/events-at-one-place-without-index.test.ts',
]

/**
 * Three kinds of project: `unit` (pure code, no database), `integration` and
 * `integration-own-settings` (Payload on a real database: TEST_DATABASE_URL/DATABASE_URL, else the
 * embedded one) and `e2e` (the app started as a user would, driven in Chromium). `npm test` runs
 * them one after another: each starts databases and servers of its own, and together they would
 * fight over two cores.
 */
export default defineConfig({
  resolve: {
    alias: [
      { find: '@payload-config', replacement: payloadConfig },
      { find: /^graphql$/, replacement: graphqlCommonJs },
    ],
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'apps/docs/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'apps/docs/test/e2e/**'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          include: ['apps/web/test/integration/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...OWN_SETTINGS],
          ...integration,
          // One process and module graph for every file, as a long-running server has: importing
          // Payload and starting it again for each of some seventy files cost minutes per pass.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'integration-own-settings', sequence: { groupOrder: 2 }, include: OWN_SETTINGS, ...integration },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          sequence: { groupOrder: 3 },
          include: ['apps/web/test/e2e/**/*.test.ts', 'apps/docs/test/e2e/**/*.test.ts'],
          globalSetup: ['apps/web/test/setup/production-build.ts'],
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
})
