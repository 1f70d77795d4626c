import { describe, expect, it } from 'vitest'

import { JOB_TYPES } from '../../../src/constants/job-types'
import { testPayload } from '../../helpers/api-client'

describe('the cleanup-approval-locks job', () => {
  it('releases expired approval locks and keeps live ones', async () => {
    const payload = await testPayload()
    const editor = (await payload.find({ collection: 'users', where: { role: { equals: 'editor' } }, limit: 1 }))
      .docs[0]!
    const importFile = (await payload.find({ collection: 'import-files', limit: 1 })).docs[0]!
    const lockedUntil = async (minutesFromNow: number) =>
      payload.create({
        collection: 'import-jobs',
        data: {
          importFile: importFile.id,
          status: 'awaiting-approval',
          stage: 'awaiting-approval',
          approval: {
            lockedBy: editor.id,
            lockExpiresAt: new Date(Date.now() + minutesFromNow * 60_000).toISOString(),
          },
        },
      })
    const stale = await lockedUntil(-10)
    const live = await lockedUntil(+10)

    await payload.jobs.queue({ task: JOB_TYPES.CLEANUP_APPROVAL_LOCKS, input: {}, queue: 'maintenance' })
    await payload.jobs.run({ queue: 'maintenance' })

    const staleAfter = await payload.findByID({ collection: 'import-jobs', id: stale.id, depth: 0 })
    const liveAfter = await payload.findByID({ collection: 'import-jobs', id: live.id, depth: 0 })
    expect(staleAfter.approval?.lockedBy ?? null).toBeNull()
    expect(staleAfter.approval?.lockExpiresAt ?? null).toBeNull()
    expect(liveAfter.approval?.lockedBy).toBe(editor.id)
  })
})
