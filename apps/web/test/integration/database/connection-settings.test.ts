import { describe, expect, inject, it } from 'vitest'

import { settings } from '../../../src/config/settings'
import { withReadDatabase } from '../../../src/lib/database/read-database'
import { databasePool } from '../../../src/lib/import/progress-tracking'
import { testPayload } from '../../helpers/api-client'

// A search matching rows on more pages than PostgreSQL's default 4 MB can map exactly works out
// every row's search words again; the app's connections open with more, and without JIT, which
// compiled each search afresh.
describe.skipIf(inject('databaseKind') !== 'external')('the app’s connections to a PostgreSQL server', () => {
  it('open with the work_mem of CHRONOTOPE_DATABASE_WORK_MEM_MB and JIT off, for Payload and for the reads', async () => {
    const payload = await testPayload()
    expect(settings.databaseWorkMemMb).toBe(32)
    const pool = databasePool(payload)
    // Several connections at once: each new one must carry the setting, not only the first.
    const settingsOf = async (client: { query: typeof pool.query }) => {
      const { rows } = await client.query<{ work_mem: string; jit: string }>(
        "select current_setting('work_mem') as work_mem, current_setting('jit') as jit",
      )
      return rows[0]!
    }
    const shown = await Promise.all([1, 2, 3].map(() => settingsOf(pool)))
    expect(shown).toEqual(Array(3).fill({ work_mem: '32MB', jit: 'off' }))
    const read = await withReadDatabase(payload, 'all', (database) => settingsOf(database.pool))
    expect(read).toEqual({ work_mem: '32MB', jit: 'off' })
  })
})
