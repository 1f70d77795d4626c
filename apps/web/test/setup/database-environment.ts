// Runs before each integration test file's imports, so the settings module reads this environment.
import { inject } from 'vitest'

process.env.DATABASE_URL = inject('databaseUrl')
process.env.CHRONOTOPE_DATABASE_KIND = inject('databaseKind')
process.env.CHRONOTOPE_DATA_DIR = inject('dataDir')
process.env.PAYLOAD_SECRET = 'chronotope-integration-tests'
process.env.CHRONOTOPE_RUN_JOBS_IN_WEB = 'false'
// Small limits so the tests can reach them; the rate-limit tests set their own.
process.env.CHRONOTOPE_UPLOAD_MAX_MB = '5'
process.env.CHRONOTOPE_UPLOAD_RATE_LIMIT_USER = '1000/hour'
process.env.CHRONOTOPE_UPLOAD_RATE_LIMIT_IP = '1000/hour'
// Users the tests make are trusted (as a newsroom's own deployment would set it); the quota tests
// put users on the "new" level themselves.
process.env.CHRONOTOPE_DEFAULT_TRUST_LEVEL = 'trusted'
// The mock geocoders listen on 127.0.0.1: reached through the allow-list, as a self-hosted one would be.
process.env.CHRONOTOPE_GEOCODING_ALLOWED_HOSTS = '127.0.0.1'
// Scheduled imports download from local servers the same way, with limits small enough to reach:
// 127.0.0.2 stays refused, for redirects to a private address.
process.env.CHRONOTOPE_SCHEDULED_IMPORT_ALLOWED_HOSTS = '127.0.0.1'
process.env.CHRONOTOPE_SCHEDULED_IMPORT_MAX_MB = '1'
process.env.CHRONOTOPE_SCHEDULED_IMPORT_TIMEOUT_SECONDS = '3'
// The test webhook receivers listen on 127.0.0.1 too.
process.env.CHRONOTOPE_WEBHOOK_ALLOWED_HOSTS = '127.0.0.1'
