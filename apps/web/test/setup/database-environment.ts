// Runs before each integration test file's imports, so the settings module reads this environment.
import { inject } from 'vitest'

process.env.DATABASE_URL = inject('databaseUrl')
process.env.CHRONOTOPE_DATABASE_KIND = inject('databaseKind')
process.env.CHRONOTOPE_DATA_DIR = inject('dataDir')
process.env.PAYLOAD_SECRET = 'chronotope-integration-tests'
process.env.CHRONOTOPE_RUN_JOBS_IN_WEB = 'false'
