import { describe, expect, inject, it } from 'vitest'

import { settings } from '../../../src/config/settings'
import { withReadDatabase } from '../../../src/lib/database/read-database'
import { databasePool } from '../../../src/lib/import/progress-tracking'
import { testPayload } from '../../helpers/api-client'

// A search matching rows on more pages than PostgreSQL's default 4 MB can map exactly works out
// every row's search words again; the app's connections open with more.
describe.skipIf(inject('databaseKind') !== 'external')('the app’s connections to a PostgreSQL server', () => {
  it('open with the work_mem of CHRONOTOPE_DATABASE_WORK_MEM_MB, for Payload and for the reads', async () => {
    const payload = await testPayload()
    expect(settings.databaseWorkMemMb).toBe(32)
    const pool = databasePool(payload)
    // Several connections at once: each new one must carry the setting, not only the first.
    const shown = await Promise.all(
      [1, 2, 3].map(async () => (await pool.query<{ work_mem: string }>('show work_mem')).rows[0]!.work_mem),
    )
    expect(shown).toEqual(['32MB', '32MB', '32MB'])
    const read = await withReadDatabase(payload, 'all', async (database) => {
      const { rows } = await database.pool.query<{ work_mem: string }>('show work_mem')
      return rows[0]!.work_mem
    })
    expect(read).toBe('32MB')
  })
})
