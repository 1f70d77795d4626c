/**
 * The API reference's front page says which modules make up each of the nine named services, and
 * what each group holds, from the code itself: `reference/services.ts` names every service before
 * its modules, and the page lists them with their exports.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import {
  moduleExports,
  overviewPage,
  referenceGroup,
  referenceUrl,
  servicesOf,
} from '../scripts/api-pages/overview-page'
import { GROUPS, PACKAGES } from '../typedoc.config'

const repositoryRoot = path.resolve(import.meta.dirname, '../../..')
const referenceFolder = path.resolve(import.meta.dirname, '../reference')
const read = (file: string) => readFileSync(file, 'utf8')
const resolve = (specifier: string) => path.relative(repositoryRoot, path.resolve(referenceFolder, `${specifier}.ts`))
const services = servicesOf(read(path.join(referenceFolder, 'services.ts')), resolve)

describe('the services of the API reference', () => {
  it('are the nine the product names, each made of modules that exist', () => {
    expect(services.map((entry) => entry.service)).toEqual([
      'import coordinate validator',
      'format detector',
      'geo location detector',
      'progress tracking',
      'rate limit service',
      'schema builder',
      'schema versioning',
      'stage transition',
      'type transformation',
    ])
    for (const { service, modules } of services) {
      expect(modules.length, service).toBeGreaterThan(0)
      for (const file of modules) expect(existsSync(path.join(repositoryRoot, file)), file).toBe(true)
    }
    expect(services.find((entry) => entry.service === 'stage transition')?.modules).toEqual([
      'apps/web/src/lib/import/stage-transition-service.ts',
      'packages/import-stages/src/stage-transition.ts',
    ])
  })

  it('refuse a module exported before any service is named', () => {
    expect(() => servicesOf("export * from './x'", resolve)).toThrow(/before any "\/\/ Service:" line/)
  })
})

describe('moduleExports', () => {
  it('finds what a module declares and exports, by the kind TypeDoc files it under', () => {
    const source = [
      'export const A = 1, b = 2',
      'export function run() {}',
      'export class Failure extends Error {}',
      'export interface Shape { x: number }',
      'export type Id = number',
      'export enum Mode { On }',
      'function hidden() {}',
      "export { hidden as shown } from './elsewhere'",
    ].join('\n')
    expect(moduleExports(source)).toEqual([
      { name: 'A', kind: 'variables' },
      { name: 'b', kind: 'variables' },
      { name: 'run', kind: 'functions' },
      { name: 'Failure', kind: 'classes' },
      { name: 'Shape', kind: 'interfaces' },
      { name: 'Id', kind: 'type-aliases' },
      { name: 'Mode', kind: 'enumerations' },
    ])
  })
})

describe('the overview page', () => {
  const groups = GROUPS.map((group) => referenceGroup(read(path.join(referenceFolder, `${group}.ts`))))
  const page = overviewPage({
    groups,
    services,
    exportsOf: (file) => moduleExports(read(path.join(repositoryRoot, file))),
    packages: PACKAGES.map((name) => ({ name, description: `The ${name} package.` })),
    sourceUrlOf: (file) => `https://example.org/blob/main/${file}`,
  })

  it('links every group, named as TypeDoc names its folder, with what it holds', () => {
    expect(groups.map((group) => group.name)).toEqual([
      'services',
      'jobs',
      'hooks',
      'lib',
      'configuration and app',
      'constants',
      'seeding tools',
      'types',
      'utilities',
    ])
    for (const group of groups) {
      expect(page).toContain(`| [${group.name}](${referenceUrl(group.name)}) | ${group.summary.slice(0, 30)}`)
    }
    expect(referenceUrl('configuration and app')).toBe('/developers/api/configuration-and-app')
  })

  it('says which modules make up each service, with their exports and their source', () => {
    expect(page).toContain('## The nine services')
    expect(page).toContain('### Import coordinate validator')
    expect(page).toContain(
      '[`packages/coordinates/src/validate-import-coordinates.ts`](https://example.org/blob/main/packages/coordinates/src/validate-import-coordinates.ts)',
    )
    expect(page).toContain(
      '[`validateImportCoordinates`](/developers/api/services/functions/validateImportCoordinates)',
    )
    expect(page).toContain('[`InvalidStageTransition`](/developers/api/services/classes/InvalidStageTransition)')
    for (const name of PACKAGES) expect(page).toContain(`(/developers/api/packages/${name}/src)`)
  })
})
