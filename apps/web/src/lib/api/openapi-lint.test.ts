/**
 * Lints the OpenAPI document with Redocly's CLI and its recommended rules (the repository's
 * `redocly.yaml`), as a client generator or an API portal would read it. Offline: telemetry and the
 * update check are off, and a preload makes any socket or DNS lookup fail and say so on stderr.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { openApiDocument } from './openapi-document'

const repositoryRoot = path.resolve(import.meta.dirname, '../../../../..')
const cliPackage = createRequire(import.meta.url).resolve('@redocly/cli/package.json')
const cli = path.join(
  path.dirname(cliPackage),
  (JSON.parse(readFileSync(cliPackage, 'utf8')) as { bin: { redocly: string } }).bin.redocly,
)

const NETWORK_MARK = 'openapi-lint: network call blocked:'
// Loaded before the CLI: a connection or lookup throws (the CLI's own calls swallow errors, hence the mark).
const OFFLINE_PRELOAD = `
const net = require('node:net')
const dns = require('node:dns')
const block = (what) => {
  process.stderr.write(${JSON.stringify(NETWORK_MARK)} + ' ' + what + '\\n')
  throw new Error('no network in the OpenAPI lint')
}
net.Socket.prototype.connect = function () { block('connect') }
dns.lookup = (host) => block('lookup ' + host)
dns.promises.lookup = async (host) => block('lookup ' + host)
`

interface LintReport {
  readonly totals: { readonly errors: number; readonly warnings: number }
  readonly problems: ReadonlyArray<{
    readonly ruleId: string
    readonly severity: 'error' | 'warn'
    readonly message: string
    readonly location: ReadonlyArray<{ readonly pointer: string }>
  }>
}

const directory = mkdtempSync(path.join(tmpdir(), 'chronotope-openapi-lint-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

describe('the OpenAPI document under `redocly lint`', () => {
  it('has no error, and no warning but the two operations that answer no 4xx', () => {
    // A public origin, as the served document has: localhost would be a warning of its own.
    const file = path.join(directory, 'openapi.json')
    writeFileSync(file, JSON.stringify(openApiDocument('https://chronotope.test')))
    const preload = path.join(directory, 'offline.cjs')
    writeFileSync(preload, OFFLINE_PRELOAD)

    const run = spawnSync(
      process.execPath,
      ['--require', preload, cli, 'lint', '--config', path.join(repositoryRoot, 'redocly.yaml'), '--format=json', file],
      {
        cwd: directory,
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
        timeout: 60_000,
      },
    )
    expect(run.stderr).not.toContain(NETWORK_MARK)
    const report = JSON.parse(run.stdout) as LintReport
    const problems = report.problems.map(
      ({ ruleId, severity, message, location }) => `${severity} ${ruleId} ${location[0]?.pointer}: ${message}`,
    )
    expect(report.totals.errors, problems.join('\n')).toBe(0)
    expect(run.status, run.stderr).toBe(0)
    // The health check and this document have no 4xx answer to describe; anything else is worth fixing.
    expect(problems).toEqual([
      'warn operation-4xx-response #/paths/~1api~1health/get/responses: Operation must have at least one `4XX` response.',
      'warn operation-4xx-response #/paths/~1api~1openapi.json/get/responses: Operation must have at least one `4XX` response.',
    ])
  }, 30_000)
})
