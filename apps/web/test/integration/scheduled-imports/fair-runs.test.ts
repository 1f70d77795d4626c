/**
 * Many scheduled runs due at once take turns owner by owner (issue 28, point 2): one owner's four
 * schedules firing together do not make another owner's single run wait behind all of them.
 */
import { randomUUID } from 'node:crypto'

import { afterAll, beforeAll, expect, it } from 'vitest'

import { runImportRound } from '../../../src/lib/import/fair-import-queue'
import { startScheduledRun } from '../../../src/lib/scheduled-imports/start-run'
import { ApiClient, testPayload } from '../../helpers/api-client'
import { runImports } from '../../helpers/imports'
import { startSourceServer, type SourceServer } from './source-server'

const CSV = `id,title,date,lat,lon
a,March in Lyon,2024-03-04,45.76,4.84
b,Rally in Nantes,2024-01-21,47.22,-1.55
`

let server: SourceServer

/** A user of its own with a catalog and `count` scheduled imports of the local source. */
async function ownerWithSchedules(count: number): Promise<number[]> {
  const payload = await testPayload()
  const email = `fair-runs-${randomUUID()}@example.org`
  const user = await payload.create({
    collection: 'users',
    data: { email, password: 'fair-runs-password-1', role: 'user' },
    overrideAccess: true,
  })
  const catalog = await payload.create({
    collection: 'catalogs',
    data: { name: `Fair runs ${randomUUID().slice(0, 8)}`, owner: user.id },
    overrideAccess: true,
  })
  const client = await ApiClient.signIn(email, 'fair-runs-password-1')
  const ids: number[] = []
  for (let index = 0; index < count; index++) {
    const created = await client.post('/scheduled-imports', {
      name: `Feed ${index + 1}`,
      url: `${server.origin}/data.csv`,
      catalog: catalog.id,
      idStrategy: 'external',
      idField: 'id',
      // Started by the test below, not by any other file's scheduler clock.
      enabled: false,
      schedule: { frequency: 'hourly', minute: 0, timeZone: 'UTC' },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    ids.push(Number(created.body.doc.id))
  }
  return ids
}

async function runStatus(id: number): Promise<string> {
  const payload = await testPayload()
  const run = await payload.findByID({ collection: 'scheduled-import-runs', id, depth: 0, overrideAccess: true })
  return String(run.status)
}

beforeAll(async () => {
  server = await startSourceServer(CSV)
})

afterAll(async () => {
  await server?.close()
})

it("runs one owner's single schedule between another's four that came due first", async () => {
  const payload = await testPayload()
  const busy = await ownerWithSchedules(4)
  const [single] = await ownerWithSchedules(1)
  const now = new Date()
  const busyRuns = []
  for (const id of busy) busyRuns.push((await startScheduledRun(payload, id, 'schedule', now)).run.id)
  const singleRun = (await startScheduledRun(payload, single!, 'schedule', now)).run.id

  // One run is a download and then the import's stages, about seven jobs. Taking turns, the single
  // run ends within about twice its own jobs; first come, first served, it would wait for ~28.
  let rounds = 0
  while (rounds < 200 && (await runStatus(singleRun)) !== 'completed') {
    const ran = await runImportRound(payload)
    if (ran === 0) break
    rounds += ran
  }
  expect(await runStatus(singleRun)).toBe('completed')
  expect(rounds).toBeLessThanOrEqual(18)
  const busyDone = []
  for (const id of busyRuns) busyDone.push(await runStatus(id))
  expect(busyDone.filter((status) => status === 'completed').length).toBeLessThan(4)

  // And every one of the busy owner's runs still completes.
  await runImports()
  for (const id of busyRuns) expect(await runStatus(id)).toBe('completed')
})
