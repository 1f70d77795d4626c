import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { buildInputsFingerprint } from './app-build'

let root: string
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
  writeFileSync(path.join(root, file), text)
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'chronotope-build-inputs-'))
  write('apps/web/src/app/page.tsx', 'export default function Page() {}')
  write('apps/web/next.config.ts', 'export default {}')
  write('packages/dates/src/index.ts', 'export const x = 1')
  write('package-lock.json', '{}')
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('the build inputs fingerprint', () => {
  it('is the same for the same files', () => {
    expect(buildInputsFingerprint(root)).toBe(buildInputsFingerprint(root))
  })

  it.each([
    ['a page', 'apps/web/src/app/page.tsx'],
    ['a package the app imports', 'packages/dates/src/index.ts'],
    ['the Next configuration', 'apps/web/next.config.ts'],
    ['the lockfile (another dependency version)', 'package-lock.json'],
  ])('changes when %s changes', (_, file) => {
    const before = buildInputsFingerprint(root)
    write(file, '// changed')
    expect(buildInputsFingerprint(root)).not.toBe(before)
  })

  it('changes when a source file is added or renamed', () => {
    const before = buildInputsFingerprint(root)
    write('apps/web/src/app/about/page.tsx', 'export default function About() {}')
    const added = buildInputsFingerprint(root)
    expect(added).not.toBe(before)
    rmSync(path.join(root, 'apps/web/src/app/about/page.tsx'))
    write('apps/web/src/app/other/page.tsx', 'export default function About() {}')
    expect(buildInputsFingerprint(root)).not.toBe(added)
  })

  it('ignores tests, the build output and installed packages', () => {
    const before = buildInputsFingerprint(root)
    write('apps/web/src/app/page.test.tsx', 'test')
    write('apps/web/src/.next/BUILD_ID', 'x')
    write('packages/dates/node_modules/left-pad/index.js', 'x')
    write('packages/dates/src/test-helpers/fake.ts', 'x')
    expect(buildInputsFingerprint(root)).toBe(before)
  })
})
