import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { ensureBundles, isBundleCurrent } from './script-bundles.mjs'

let root: string
const outDir = () => path.join(root, 'dist')
const options = () => ({
  root,
  entryPoints: { hello: 'src/hello.ts', uses: 'src/uses-packages.ts' },
  outDir: outDir(),
})
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
  writeFileSync(path.join(root, file), text)
}
const run = (file: string) => execFileSync(process.execPath, [file], { encoding: 'utf8' }).trim()
const messageOf = (file: string) => (JSON.parse(run(file)) as { message: string }).message

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'chronotope-bundles-'))
  write('src/message.ts', `export const message: string = 'first'\n`)
  write(
    'src/hello.ts',
    `import { message } from './message'\nconsole.log(JSON.stringify({ message, url: import.meta.url, dirname: import.meta.dirname }))\n`,
  )
  write(
    'src/uses-packages.ts',
    `import pg from 'pg'\nimport { parseDate } from '@chronotope/dates'\nconsole.log(pg, parseDate)\n`,
  )
  // Sources written in the very millisecond a build starts may have changed during it, so the
  // build marks them for the next check; the tests' sources are older, as a user's are.
  const earlier = new Date(Date.now() - 10_000)
  for (const file of ['src/message.ts', 'src/hello.ts', 'src/uses-packages.ts'])
    utimesSync(path.join(root, file), earlier, earlier)
})

afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('ensureBundles', () => {
  it('bundles TypeScript into JavaScript that plain node runs, with the sources’ own import.meta', async () => {
    const { built, files } = await ensureBundles({
      ...options(),
      // The test's workspace package is a stand-in: keep it external like a third-party one.
      isBundled: () => false,
    })
    expect(built).toBe(true)
    expect(files.hello).toBe(path.join(outDir(), 'hello.mjs'))
    expect(JSON.parse(run(files.hello!))).toEqual({
      message: 'first',
      url: pathToFileURL(path.join(root, 'src/hello.ts')).href,
      dirname: path.join(root, 'src'),
    })
  })

  it('leaves third-party packages to node and bundles the ones it is told to', async () => {
    write(
      'node_modules/@chronotope/dates/package.json',
      JSON.stringify({ name: '@chronotope/dates', main: 'index.ts' }),
    )
    write(
      'node_modules/@chronotope/dates/index.ts',
      `export const parseDate = (text: string): string => 'parsed ' + text\n`,
    )
    const { files } = await ensureBundles(options())
    const bundle = readFileSync(files.uses!, 'utf8')
    expect(bundle).toMatch(/import \w+ from "pg"/)
    expect(bundle).not.toMatch(/from "@chronotope\/dates"/)
    expect(bundle).toContain('var parseDate = (text) => "parsed " + text')
  })

  it('reuses current bundles and rebuilds when a source changed, so an edit never runs stale', async () => {
    const first = await ensureBundles({ ...options(), isBundled: () => false })
    expect((await ensureBundles({ ...options(), isBundled: () => false })).built).toBe(false)

    write('src/message.ts', `export const message: string = 'second'\n`)
    expect(isBundleCurrent(options())).toBe(false)
    const again = await ensureBundles({ ...options(), isBundled: () => false })
    expect(again.built).toBe(true)
    expect(messageOf(first.files.hello!)).toBe('second')
  })

  it('rebuilds when a source is replaced by an older copy of itself', async () => {
    await ensureBundles({ ...options(), isBundled: () => false })
    write('src/message.ts', `export const message: string = 'restored'\n`)
    const lastYear = new Date(Date.now() - 365 * 86_400_000)
    utimesSync(path.join(root, 'src/message.ts'), lastYear, lastYear)
    expect(isBundleCurrent(options())).toBe(false)
    const { files } = await ensureBundles({ ...options(), isBundled: () => false })
    expect(messageOf(files.hello!)).toBe('restored')
  })

  it('rebuilds when a bundle is missing', async () => {
    const { files } = await ensureBundles({ ...options(), isBundled: () => false })
    rmSync(files.hello!)
    expect(isBundleCurrent(options())).toBe(false)
    expect((await ensureBundles({ ...options(), isBundled: () => false })).built).toBe(true)
  })

  it('reports a source that does not compile', async () => {
    write('src/message.ts', `export const message: string = \n`)
    await expect(ensureBundles({ ...options(), isBundled: () => false })).rejects.toThrow(/Build failed/)
  })
})
