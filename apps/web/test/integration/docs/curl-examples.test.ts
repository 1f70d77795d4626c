/**
 * Every `curl` example of the documentation, run as printed, in bash, against the demo data that
 * `npm start` seeds in a new database: each command must succeed, and the answer a page prints
 * after a command must be the real one, up to the cuts it marks (`… 7 more`, `…`) and the values
 * that change from one run or machine to the next (timestamps, tokens, the database's version).
 * The pages are the hand-written ones and the API route pages generated from the OpenAPI document.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import {
  answerDifferences,
  printedLike,
  textDifferences,
  type AnswerPath,
} from '../../../../docs/scripts/examples/printed-answer'
import { shellExamples, type ShellExample } from '../../../../docs/scripts/examples/shell-examples'
import { EXAMPLE_ORIGIN, routePages, type OpenApiPaths } from '../../../../docs/scripts/api-pages/route-pages'
import { openApiDocument } from '../../../src/lib/api/openapi-document'
import type { ApiHttpServer } from '../../helpers/api-http-server'
import { freePort } from '../../helpers/chronotope-process'
import { runScript } from '../../helpers/run-script'
import { startShellSession } from '../../helpers/shell-session'
import { createTestDatabase, externalServerUrl, type TestDatabase } from '../../setup/test-database'

const repositoryRoot = path.resolve(import.meta.dirname, '../../../../..')
const docsRoot = path.join(repositoryRoot, 'apps/docs/docs')

/** Keys whose values change from one run to the next: compared by type only. */
const VOLATILE_KEYS = new Set([
  'at',
  'checkedAt',
  'createdAt',
  'etaSeconds',
  'exp',
  'expiresAt',
  'finishedAt',
  'lastRunnerSeenAt',
  'latencyMs',
  'rowsPerSecond',
  'startedAt',
  'token',
  'updatedAt',
  'uptimeSeconds',
])
/** Values that depend on the machine and the version: compared by type only. */
const MACHINE_DEPENDENT: readonly AnswerPath[] = [
  ['database', 'kind'],
  ['database', 'postgresVersion'],
  ['database', 'postgisVersion'],
  ['migrations', 'applied'],
]
const isVolatile = (at: AnswerPath) =>
  VOLATILE_KEYS.has(String(at.at(-1))) ||
  MACHINE_DEPENDENT.some((pattern) => pattern.length === at.length && pattern.every((key, i) => key === at[i]))

const CURL = /(^|[\s;|&($])curl\s/g

interface Page {
  readonly name: string
  readonly examples: readonly ShellExample[]
}

// The hand-written pages (not the reference TypeDoc writes), by their path under docs/.
function handWrittenPages(folder = docsRoot): Page[] {
  return readdirSync(folder)
    .sort()
    .flatMap((name) => {
      const full = path.join(folder, name)
      const relative = path.relative(docsRoot, full)
      if (statSync(full).isDirectory()) return /^developers\/api(-|$)/.test(relative) ? [] : handWrittenPages(full)
      if (!/\.mdx?$/.test(name)) return []
      return [{ name: relative, examples: shellExamples(readFileSync(full, 'utf8')) }]
    })
}

// The API route pages, in the OpenAPI document's order (the upload before the import it shows).
const routePagesOf = (): Page[] =>
  routePages(openApiDocument(EXAMPLE_ORIGIN) as unknown as OpenApiPaths, () => '').map((page) => ({
    name: `generated ${page.file}`,
    examples: shellExamples(page.markdown),
  }))

const pages = [...routePagesOf(), ...handWrittenPages()].filter((page) => page.examples.length > 0)

let database: TestDatabase
let dataDir: string
let server: ApiHttpServer
let finishBackgroundJobs: () => Promise<unknown>
let closeDatabase: () => Promise<void>

beforeAll(async () => {
  // A database of its own, made as `npm start` makes one: migrations, then the demo seed.
  database = await createTestDatabase(
    'chronotope_docs',
    inject('databaseKind') === 'external' ? (externalServerUrl() ?? null) : null,
  )
  dataDir = mkdtempSync(path.join(tmpdir(), 'chronotope-docs-data-'))
  const port = await freePort()
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    CHRONOTOPE_DATABASE_KIND: database.kind,
    CHRONOTOPE_DATA_DIR: dataDir,
    PORT: String(port),
  })
  await runScript('migrate', ['--seed-if-new'], { ...process.env })
  const { settings } = await import('../../../src/config/settings')
  expect(settings.databaseUrl, 'the settings were read before the database was chosen').toBe(database.url)
  const { startApiHttpServer } = await import('../../helpers/api-http-server')
  const { drainImportQueue } = await import('../../../src/lib/import/import-job-runner')
  const { testPayload } = await import('../../helpers/api-client')
  const { databasePool } = await import('../../../src/lib/import/progress-tracking')
  server = await startApiHttpServer(port)
  // What `npm start` runs in the background while the reader types the next command.
  finishBackgroundJobs = async () => drainImportQueue(await testPayload(), true)
  closeDatabase = async () => {
    const pool = databasePool(await testPayload())
    // The drop ends what is left of the connections: their errors are expected now.
    pool.on('error', () => undefined)
    // On the embedded database, ending the pool can wait for good on a connection still checked
    // out; the drop ends that one.
    await Promise.race([pool.end(), new Promise((resolve) => setTimeout(resolve, 10_000))])
  }
}, 600_000)

afterAll(async () => {
  await server?.close()
  // Payload's connections first: dropping the database ends them, and each would throw.
  await closeDatabase?.()
  await database?.drop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

// What is wrong with one example's run: its requests, or its printed answer.
function problemsOf(example: ShellExample, stdout: string, answered: ApiHttpServer['answered']): string[] {
  const curls = [...example.commands.matchAll(CURL)].length
  const problems: string[] = []
  if (answered.length < curls) problems.push(`${curls} curl commands, ${answered.length} requests answered`)
  const answer = example.answer
  if (!answer) {
    for (const request of answered.filter((one) => one.status >= 400))
      problems.push(`${request.method} ${request.url} answered ${request.status}`)
    return problems
  }
  // A terminal does not show the byte order mark a CSV export starts with (for spreadsheets).
  const real = stdout.replaceAll(server.origin, EXAMPLE_ORIGIN).replace(/^\uFEFF/, '')
  if (answer.language !== 'json') return [...problems, ...textDifferences(answer.text, real)]
  let parsed: unknown
  try {
    parsed = JSON.parse(real)
  } catch {
    return [...problems, `the answer is not JSON: ${real.slice(0, 300)}`]
  }
  const printed = JSON.parse(answer.text) as unknown
  const differences = answerDifferences(printed, parsed, isVolatile)
  if (differences.length === 0) return problems
  return [
    ...problems,
    ...differences,
    `the real answer, cut as printed:\n${JSON.stringify(printedLike(printed, parsed), null, 2)}`,
  ]
}

describe('the curl examples of the documentation, on the demo data', () => {
  it('are found on the pages that promise them, with the answers they print', () => {
    const answered = (name: string) =>
      pages.find((page) => page.name === name)?.examples.filter((example) => example.answer).length ?? 0
    expect(answered('developers/using-the-api.md')).toBeGreaterThanOrEqual(8)
    expect(answered('users/guides/filters-and-search.md')).toBe(2)
    for (const route of ['events-histogram', 'events-filters', 'import-upload', 'import-importId', 'preview', 'health'])
      expect(answered(`generated developers/api-routes/${route}.md`), route).toBe(1)
  })

  it.each(pages.map((page) => [page.name, page] as const))('%s', async (_, page) => {
    // The reader's folder, the repository's (where the examples find `fixtures/`), one per page.
    const workDir = mkdtempSync(path.join(tmpdir(), 'chronotope-docs-shell-'))
    symlinkSync(path.join(repositoryRoot, 'fixtures'), path.join(workDir, 'fixtures'))
    const session = startShellSession(workDir)
    const problems: string[] = []
    try {
      for (const example of page.examples) {
        const where = `${page.name}:${example.line}`
        if (!example.commands.includes(EXAMPLE_ORIGIN)) {
          problems.push(`${where}: the example does not call ${EXAMPLE_ORIGIN}, where npm start answers`)
          continue
        }
        await finishBackgroundJobs()
        const before = server.answered.length
        const output = await session.run(example.commands.replaceAll(EXAMPLE_ORIGIN, server.origin))
        problems.push(
          ...problemsOf(example, output.stdout, server.answered.slice(before)).map((problem) => `${where}: ${problem}`),
        )
      }
    } catch (error) {
      problems.push(String(error))
    } finally {
      session.close()
      rmSync(workDir, { recursive: true, force: true })
    }
    expect(problems).toEqual([])
  })
})
