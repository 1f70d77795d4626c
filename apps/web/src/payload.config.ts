/**
 * Chronotope's Payload configuration: collections, globals, jobs, database and admin.
 * @module
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { MAX_PAGE } from '@chronotope/filters'
import { postgresAdapter } from '@payloadcms/db-postgres'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { buildConfig, type Config } from 'payload'

import { collections } from './collections'
import { CHRONOTOPE_ICON_DATA_URL } from './components/admin/chronotope-icon-url'
import { database } from './config/database'
import { securePayloadInternals } from './config/payload-internals'
import { settings } from './config/settings'
import { acceptEveryEra, findDateTimeScalar } from './graphql/date-time-scalar'
import { accessQueryAnsweringAnonymous } from './graphql/access-query'
import { eventReadQueries } from './graphql/event-read-queries'
import { graphQLValidationRules } from './graphql/query-limits'
import { unlockUserMutation } from './collections/users/unlock'
import { MainMenu } from './globals/main-menu'
import { Quotas } from './globals/quotas'
import { jobs } from './jobs'
import { withOfflineJsonEditor } from './lib/admin/offline-json-editor'
import { rootEndpoints } from './endpoints'
import { loggerOptions } from './lib/logger'
import { boundCmsEndpoints } from './lib/api/bounded-cms-endpoints'
import { shareApiErrorShape } from './lib/api/cms-error-shape'
import { auditFailedSignIn } from './lib/audit/audit-sign-ins'
import { connectionOptions } from './lib/database/session-options'
import { addSpatialIndexes } from './lib/database/spatial-indexes'
import { mapTimestampsExactly } from './lib/database/timestamp-columns'
import { migrations } from './migrations'
import { narrowAccessToKeyScopes } from './access/narrow-to-key-scopes'

const dirname = path.dirname(fileURLToPath(import.meta.url))

/** A database connection string is needed; `npm start` provides one (embedded) when none is set. */
export class DatabaseUrlMissing extends Error {
  constructor() {
    super(
      'No database: DATABASE_URL is not set and no embedded database is running for the data folder. Start Chronotope with `npm start`, which starts the embedded database, or set DATABASE_URL=postgres://user@host:5432/dbname.',
    )
    this.name = 'DatabaseUrlMissing'
  }
}

/**
 * The CMS routes' and GraphQL's bounds for outside callers: documents per page, last page, and
 * relationship depth (event → dataset → catalog → owner is 3; 1000 events at depth 10 took six
 * times as long as at depth 2, for the same answer).
 */
const apiBounds = { maxLimit: settings.apiMaxLimit, maxPage: MAX_PAGE, maxDepth: 3 }

// Payload adds collections and globals of its own while it builds the config; their access is set after.
export default buildConfig({
  serverURL: settings.serverUrl,
  secret: settings.payloadSecret,
  collections: collections.map(withOfflineJsonEditor),
  globals: [MainMenu, Quotas].map(withOfflineJsonEditor),
  jobs,
  endpoints: rootEndpoints(),
  editor: lexicalEditor(),
  admin: {
    user: 'users',
    avatar: 'default',
    meta: {
      // Payload puts a space between the page's title and this: "Events – Chronotope".
      titleSuffix: '– Chronotope',
      description: 'Chronotope: import, curate and explore geographic, time-based event data.',
      // No generated preview images: they would name Payload, and Chronotope stays offline.
      defaultOGImageType: 'off',
      openGraph: { siteName: 'Chronotope', description: 'Chronotope: geographic, time-based event data.' },
      icons: [{ rel: 'icon', type: 'image/svg+xml', url: CHRONOTOPE_ICON_DATA_URL }],
    },
    components: {
      graphics: {
        Logo: '/components/admin/chronotope-graphics#ChronotopeLogo',
        Icon: '/components/admin/chronotope-graphics#ChronotopeIcon',
      },
    },
    importMap: { baseDir: dirname },
  },
  db: postgresAdapter({
    pool: {
      connectionString: database?.url ?? 'postgres://missing-database-url',
      max: database?.kind === 'embedded' ? 4 : 10,
      // The embedded server answers startup packets itself; its one session keeps PGlite's own.
      options: database?.kind === 'embedded' ? undefined : connectionOptions(settings.databaseWorkMemMb),
    },
    push: false,
    // The embedded database is one session: Payload sometimes queries outside a request's
    // transaction (e.g. its document-lock check), which would wait for that very transaction.
    ...(database?.kind === 'embedded' ? { transactionOptions: false as const } : {}),
    migrationDir: path.resolve(dirname, 'migrations'),
    prodMigrations: migrations,
    afterSchemaInit: [addSpatialIndexes, mapTimestampsExactly],
  }),
  graphQL: {
    disablePlaygroundInProduction: true,
    queries: (GraphQL, info) => {
      const dateTime = findDateTimeScalar(GraphQL, info)
      if (dateTime) acceptEveryEra(dateTime)
      return { ...eventReadQueries(GraphQL), ...accessQueryAnsweringAnonymous(info) }
    },
    mutations: (GraphQL) => unlockUserMutation(GraphQL),
    validationRules: graphQLValidationRules({
      ...apiBounds,
      hideSchemaFromAnonymous: settings.environment === 'production',
    }),
  },
  hooks: { afterError: [auditFailedSignIn, shareApiErrorShape] },
  typescript: { outputFile: path.resolve(dirname, 'payload-types.ts'), autoGenerate: false },
  telemetry: false,
  logger: { options: loggerOptions(settings.logLevel) },
  // A refused request is the caller's business, as Payload's own Forbidden is: info, not error.
  loggingLevels: { KeyCannotOpenSession: 'info', QuotaExceeded: 'info' } as Config['loggingLevels'],
  onInit: () => {
    if (!database) throw new DatabaseUrlMissing()
  },
})
  .then(securePayloadInternals)
  .then(narrowAccessToKeyScopes)
  .then((config) => boundCmsEndpoints(config, apiBounds))
