/**
 * The database this process uses, resolved once: `DATABASE_URL`, or the embedded database of a
 * running `npm start` (so `npm run worker`, `seed` and `migrate` find it with nothing set).
 * @module
 */
import { resolveDatabase, type ResolvedDatabase } from '../lib/runtime/database-attachment'
import { settings } from './settings'

/** This process's database, or `undefined` when there is none to connect to. */
export const database: ResolvedDatabase | undefined = resolveDatabase(settings)
