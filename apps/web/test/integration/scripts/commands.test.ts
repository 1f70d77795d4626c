import { readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, inject, it } from 'vitest'

import { workerNodeOptions } from '../../../src/lib/runtime/worker-heap'
import { runScript } from '../../helpers/run-script'

const repositoryRoot = path.resolve(import.meta.dirname, '../../../../..')
const scriptsOf = (file: string) =>
  (JSON.parse(readFileSync(path.join(repositoryRoot, file), 'utf8')) as { scripts: Record<string, string> }).scripts

// The commands run as plain JavaScript bundles with no loader hooks, once: on Node 20 a module
// graph loaded through tsx's hooks now and then never finished, and the scripts were retried.
describe('npm start, dev, serve, worker, seed and migrate', () => {
  it.each([
    ['package.json', 'apps/web/bin/chronotope.mjs'],
    ['apps/web/package.json', 'bin/chronotope.mjs'],
  ])('are run by node itself on the bundled commands in %s (exec: signals reach the command)', (file, runner) => {
    const scripts = scriptsOf(file)
    for (const [name, command] of [
      ['start', 'start'],
      ['dev', 'start --dev'],
      ['serve', 'start --production'],
      ['seed', 'seed'],
      ['migrate', 'migrate'],
      ['build', 'build'],
    ] as const) {
      expect(scripts[name], name).toBe(`exec node ${runner} ${command}`)
    }
    // A worker started on its own gets the options the launcher gives the workers it starts.
    expect(scripts.worker).toBe(`exec node ${workerNodeOptions().join(' ')} ${runner} worker`)
  })

  const env = () => ({
    ...process.env,
    DATABASE_URL: inject('databaseUrl'),
    CHRONOTOPE_DATABASE_KIND: inject('databaseKind'),
    PAYLOAD_SECRET: 'chronotope-integration-tests',
    CHRONOTOPE_SEED_ON_FIRST_START: 'false',
  })

  it('migrate finishes on its first run, every time', { timeout: 180_000 }, async () => {
    for (let run = 1; run <= 3; run++) await runScript('migrate', [], env())
  })

  it(
    'seed loads the whole app (Payload and its config) and finishes on its first run',
    { timeout: 180_000 },
    async () => {
      for (let run = 1; run <= 3; run++) await runScript('seed', ['--help'], env())
    },
  )
})
