import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEMO_USERS } from '../../src/seed/demo-content'
import { startChronotope, type RunningChronotope } from '../helpers/chronotope-process'
import { TRUMP_CSV } from '../helpers/fixture-variants'
import { gzipLevelFlag, requestRaw } from '../helpers/raw-http'
import { runScript } from '../helpers/run-script'
import { createTestDatabase, externalServerUrl, type TestDatabase } from '../setup/test-database'
import { importOverHttp } from '../helpers/http-import'

// The production server as users get it (`npm run build`, then `npm run serve`): our own gzip in
// front of Next, fast for the streamed exports, zlib's default level for the rest, never twice;
// and the background jobs run out of the box, in a worker process the launcher starts. It serves
// the build the end-to-end tests' setup made with `npm run build` (or CI did, before them).
let dataDir: string
let database: TestDatabase | undefined
let app: RunningChronotope

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'chronotope-e2e-gzip-'))
  if (externalServerUrl()) database = await createTestDatabase('chronotope_e2e_gzip')
  const env: NodeJS.ProcessEnv = { ...process.env, CHRONOTOPE_DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: '1' }
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'VITEST', 'NODE_ENV']) delete env[name]
  app = await startChronotope({ dataDir, databaseUrl: database?.url, production: true })
  // Events to export, in the database the app runs on (the embedded one is found from its data folder).
  await runScript('seed', ['--events', '3000'], database ? { ...env, DATABASE_URL: database.url } : env)
})

afterAll(async () => {
  await app?.interrupt()
  await database?.drop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

/** GETs a path and returns the body as sent on the wire (fetch would decode it). */
const getRaw = (pathname: string, acceptEncoding: string) =>
  requestRaw(new URL(pathname, app.baseUrl).href, { 'Accept-Encoding': acceptEncoding })

describe('npm run serve compresses its responses', () => {
  it.each([
    ['/api/events/export.csv', 'text/csv'],
    ['/api/events/export.geojson', 'application/geo+json'],
  ])('gzips %s fast, once, to exactly the uncompressed bytes', async (pathname, contentType) => {
    const gzip = await getRaw(pathname, 'gzip, deflate, br')
    const identity = await getRaw(pathname, 'identity')
    expect(gzip.status).toBe(200)
    expect(identity.status).toBe(200)
    expect(gzip.headers['content-type']).toContain(contentType)
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gzip.headers.vary).toContain('Accept-Encoding')
    expect(gzipLevelFlag(gzip.body)).toBe(4)
    expect(identity.headers['content-encoding']).toBeUndefined()
    // Thousands of seeded events, not an empty export; decoded once, the bytes are the export's.
    expect(identity.body.length).toBeGreaterThan(100_000)
    expect(gunzipSync(gzip.body).equals(identity.body)).toBe(true)
    expect(gzip.body.length).toBeLessThan(identity.body.length / 3)
  })

  it('gzips a JSON API response at the default level, once', async () => {
    const gzip = await getRaw('/api/events?limit=100&depth=0&sort=id', 'gzip')
    const identity = await getRaw('/api/events?limit=100&depth=0&sort=id', 'identity')
    expect(gzip.status).toBe(200)
    expect(gzip.headers['content-type']).toContain('application/json')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gzipLevelFlag(gzip.body)).toBe(0)
    expect(identity.headers['content-encoding']).toBeUndefined()
    const decoded = JSON.parse(gunzipSync(gzip.body).toString('utf8')) as { docs: unknown[] }
    expect(decoded.docs).toHaveLength(100)
    expect(decoded).toEqual(JSON.parse(identity.body.toString('utf8')))
  })

  it('gzips an HTML page and a script at the default level, once', async () => {
    const page = await getRaw('/', 'gzip')
    expect(page.status).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.headers['content-encoding']).toBe('gzip')
    expect(gzipLevelFlag(page.body)).toBe(0)
    const html = gunzipSync(page.body).toString('utf8')
    expect(html).toMatch(/^<!DOCTYPE html>/i)
    const script = html.match(/\/_next\/static\/[^"]+\.js/)?.[0]
    expect(script).toBeDefined()
    const gzipScript = await getRaw(script!, 'gzip')
    const identityScript = await getRaw(script!, 'identity')
    expect(gzipScript.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzipScript.body).equals(identityScript.body)).toBe(true)
  })
})

describe('npm run serve runs the background jobs out of the box', () => {
  it('imports an upload to the end, and its health check counts the worker', async () => {
    const user = DEMO_USERS.find((account) => account.role === 'user')!
    const login = await fetch(`${app.baseUrl}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    })
    const { token } = (await login.json()) as { token: string }
    const progress = await importOverHttp(
      app.baseUrl,
      token,
      { name: 'trump.csv', bytes: readFileSync(TRUMP_CSV) },
      { catalogName: 'Served imports' },
    )
    expect(progress.status, app.output()).toBe('completed')

    const health = (await (await fetch(`${app.baseUrl}/api/health`)).json()) as {
      jobQueue: { status: string; runners: number }
    }
    expect(health.jobQueue).toMatchObject({ status: 'ok' })
    expect(health.jobQueue.runners).toBeGreaterThanOrEqual(1)
  })
})
