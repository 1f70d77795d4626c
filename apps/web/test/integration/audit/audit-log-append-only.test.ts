import { beforeAll, describe, expect, it } from 'vitest'

import { AUDIT_ACTIONS } from '../../../src/constants/audit-actions'
import { JOB_TYPES } from '../../../src/constants/job-types'
import { csvCell } from '../../../src/lib/api/csv-cell'
import { recordAuditEntry } from '../../../src/lib/audit/record-audit-entry'
import { databasePool } from '../../../src/lib/import/progress-tracking'
import { anonymous, ApiClient, testPayload } from '../../helpers/api-client'

// No path but the server's own code writes the audit log, and none but the retention job removes
// from it: REST, GraphQL and plain SQL are refused. Only admins read and export it.

interface Entry {
  id: number
  action: string
  targetLabel: string | null
  createdAt: string
}

async function stored(id: number): Promise<Entry | undefined> {
  const payload = await testPayload()
  const { rows } = await databasePool(payload).query<Entry>(
    'select id, action, target_label as "targetLabel" from audit_log where id = $1',
    [id],
  )
  return rows[0]
}

async function newEntry(label: string): Promise<Entry> {
  const payload = await testPayload()
  await recordAuditEntry(payload, null, {
    action: AUDIT_ACTIONS.SETTINGS_CHANGED,
    target: { collection: 'main-menu', label },
  })
  const { docs } = await payload.find({
    collection: 'audit-log',
    where: { targetLabel: { equals: label } },
    limit: 1,
    overrideAccess: true,
  })
  return docs[0] as unknown as Entry
}

let admin: ApiClient
let editor: ApiClient
let user: ApiClient
let entry: Entry

beforeAll(async () => {
  ;[admin, editor, user] = await Promise.all([ApiClient.as('admin'), ApiClient.as('editor'), ApiClient.as('user')])
  entry = await newEntry(`untouchable-${Date.now()}`)
})

describe('the audit log refuses to be altered', () => {
  it('over REST: create, update and delete, one entry or in bulk, even by an admin', async () => {
    const answers = [
      await admin.post('/audit-log', { action: AUDIT_ACTIONS.SIGN_IN, targetLabel: 'forged' }),
      await admin.patch(`/audit-log/${entry.id}`, { targetLabel: 'changed' }),
      await admin.patch(`/audit-log?where[id][equals]=${entry.id}`, { targetLabel: 'changed' }),
      await admin.delete(`/audit-log/${entry.id}`),
      await admin.delete(`/audit-log?where[id][exists]=true`),
    ]
    expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403])
    expect(await stored(entry.id)).toMatchObject({ targetLabel: entry.targetLabel })
    const payload = await testPayload()
    expect(
      (await payload.count({ collection: 'audit-log', where: { targetLabel: { equals: 'forged' } } })).totalDocs,
    ).toBe(0)
  })

  it('over GraphQL: create, update and delete mutations', async () => {
    const create = await admin.graphql(
      'mutation { createAuditEntry(data: { action: auth_sign_in, targetLabel: "forged-gql" }) { id } }',
    )
    const update = await admin.graphql(
      `mutation { updateAuditEntry(id: ${entry.id}, data: { targetLabel: "changed" }) { id } }`,
    )
    const remove = await admin.graphql(`mutation { deleteAuditEntry(id: ${entry.id}) { id } }`)
    for (const answer of [create, update, remove]) {
      expect(answer.body.errors?.[0]?.message).toMatch(/not allowed/i)
    }
    expect(await stored(entry.id)).toMatchObject({ targetLabel: entry.targetLabel })
  })

  it('in the database: UPDATE, DELETE and TRUNCATE are refused by the trigger', async () => {
    const pool = databasePool(await testPayload())
    await expect(pool.query(`update audit_log set target_label = 'changed' where id = $1`, [entry.id])).rejects.toThrow(
      /append-only: UPDATE/,
    )
    await expect(pool.query('delete from audit_log where id = $1', [entry.id])).rejects.toThrow(/append-only: DELETE/)
    await expect(pool.query('truncate audit_log cascade')).rejects.toThrow(/append-only: TRUNCATE/)
    expect(await stored(entry.id)).toMatchObject({ targetLabel: entry.targetLabel })
  })
})

describe('reading the audit log', () => {
  it('is for admins only, over REST, GraphQL and the export', async () => {
    expect((await admin.get(`/audit-log/${entry.id}`)).status).toBe(200)
    for (const client of [editor, user, anonymous]) {
      expect((await client.get('/audit-log')).status).toBe(403)
      expect((await client.get(`/audit-log/${entry.id}`)).status).toBe(403)
      const graphql = await client.graphql('{ AuditEntries { docs { id action } } }')
      expect(graphql.body.data?.AuditEntries ?? null).toBeNull()
    }
    expect((await editor.getText('/audit-log/export.csv')).status).toBe(403)
    expect((await anonymous.getText('/audit-log/export.csv')).status).toBe(401)
  })

  it('filters by action, actor, target and time with where queries', async () => {
    const since = encodeURIComponent(new Date(new Date(entry.createdAt).getTime() - 1000).toISOString())
    const found = await admin.get(
      `/audit-log?where[action][equals]=settings.changed&where[targetCollection][equals]=main-menu&where[createdAt][greater_than]=${since}&where[targetLabel][equals]=${entry.targetLabel}`,
    )
    expect(found.status).toBe(200)
    expect(found.body.docs.map((doc: Entry) => doc.id)).toEqual([entry.id])
  })
})

describe('the CSV export', () => {
  it('exports the filtered entries with every cell defused for spreadsheets', async () => {
    const hostile = `=cmd|' /C calc'!A0 ${Date.now()}`
    const payload = await testPayload()
    const adminUser = await admin.user()
    const catalog = await payload.create({ collection: 'catalogs', data: { name: hostile } })
    await payload.delete({ collection: 'catalogs', id: catalog.id, user: adminUser, overrideAccess: false })
    const from = new Date(Date.now() - 60_000).toISOString().slice(0, 19) + 'Z'
    const answer = await admin.getText(
      `/audit-log/export.csv?action=catalog.deleted&targetCollection=catalogs&targetId=${catalog.id}&from=${from}&actor=${adminUser!.email}`,
    )
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(answer.headers.get('content-disposition')).toContain('chronotope-audit-log.csv')
    const lines = answer.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe(
      'time,action,actorId,actorEmail,actorAddress,targetCollection,targetId,targetLabel,changes,details',
    )
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(`,catalog.deleted,${adminUser!.id},${adminUser!.email},,catalogs,${catalog.id},`)
    expect(lines[1]).toContain(csvCell(hostile))
    expect(csvCell(hostile).startsWith(`"'=`)).toBe(true)
    expect(lines[1]).not.toMatch(/,=cmd/)
  })

  it('answers 400 naming the parameter for a bad filter', async () => {
    const bad = await admin.getText('/audit-log/export.csv?action=everything')
    expect(bad.status).toBe(400)
    expect(JSON.parse(bad.text)).toMatchObject({ parameter: 'action', code: 'invalid-parameter' })
    const badTime = await admin.getText('/audit-log/export.csv?from=last-week')
    expect(JSON.parse(badTime.text)).toMatchObject({ parameter: 'from' })
  })
})

describe('the retention job', () => {
  it('deletes only entries older than the retention period (365 days by default)', async () => {
    const old = await newEntry(`old-${Date.now()}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
    const cutoff = new Date()
    await new Promise((resolve) => setTimeout(resolve, 50))
    const recent = await newEntry(`recent-${Date.now()}`)
    const payload = await testPayload()
    const now = new Date(cutoff.getTime() + 365 * 24 * 60 * 60 * 1000)
    await payload.jobs.queue({
      task: JOB_TYPES.PRUNE_AUDIT_LOG,
      input: { now: now.toISOString() },
      queue: 'maintenance',
    })
    await payload.jobs.run({ queue: 'maintenance' })
    expect(await stored(old.id)).toBeUndefined()
    expect(await stored(recent.id)).toMatchObject({ id: recent.id })
    // And the trigger is back on guard outside the job's transaction.
    await expect(databasePool(payload).query('delete from audit_log where id = $1', [recent.id])).rejects.toThrow(
      /append-only/,
    )
  })
})
