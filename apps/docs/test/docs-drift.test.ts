/**
 * The documentation must not drift from the code: the routes the product promises exist as pages,
 * every environment variable the code reads is documented and every one documented is read, and
 * the processing stages, statuses and transitions the architecture pages list are the code's.
 * Fast: it reads files and imports pure packages; it never builds the site.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

import { IMPORT_STATUS, PROCESSING_STAGE, STAGE_TRANSITIONS, type ProcessingStage } from '@chronotope/import-stages'
import { describe, expect, it } from 'vitest'

import { JOB_QUEUES, JOB_TYPES } from '../../web/src/constants/job-types'

const repositoryRoot = path.resolve(import.meta.dirname, '../../..')
const docsRoot = path.join(repositoryRoot, 'apps/docs/docs')
const readDoc = (relative: string) => readFileSync(path.join(docsRoot, relative), 'utf8')

/** The routes PRODUCT.md's "Documentation site" lists (the generated API reference aside). */
const PROMISED_ROUTES = [
  '/',
  '/getting-started',
  '/getting-started/what-is-chronotope',
  '/getting-started/quick-start',
  '/getting-started/installation',
  '/getting-started/faq',
  '/users/guides',
  '/users/guides/importing-data',
  '/users/guides/creating-timelines',
  '/users/guides/filters-and-search',
  '/users/guides/sharing-and-embedding',
  '/users/guides/data-formats',
  '/users/features',
  '/users/features/timeline-navigation',
  '/users/features/map-interactions',
  '/users/features/data-visualization-options',
  '/users/features/export-capabilities',
  '/users/use-cases',
  '/developers/architecture',
  '/developers/architecture/data-processing-pipeline',
  '/developers/architecture/processing-stages',
  '/developers/architecture/dynamic-filters',
  '/developers/deployment',
  '/developers/development',
  '/developers/development/testing-guidelines',
  '/developers/development/testing-debug-guide',
  '/developers/development/commit-guidelines',
  '/reference/roadmap',
  '/reference/glossary',
]

// The page a route is served from: `x.md`, or `x/index.md` for a section's own page.
function pageOf(route: string): string | undefined {
  const base = route === '/' ? 'index' : route.slice(1)
  return [`${base}.md`, `${base}.mdx`, `${base}/index.md`, `${base}/index.mdx`].find((candidate) =>
    existsSync(path.join(docsRoot, candidate)),
  )
}

describe('documentation routes', () => {
  it.each(PROMISED_ROUTES)('%s has a page of its own, with content', (route) => {
    const page = pageOf(route)
    expect(page, `no page for ${route}`).toBeDefined()
    const text = readDoc(page!)
    // A slug in the front matter would serve the page somewhere else.
    const slug = /^slug:\s*(\S+)/m.exec(text)?.[1]
    if (slug !== undefined) expect(slug).toBe(route)
    expect(text.replace(/^---[\s\S]*?---/, '').trim().length).toBeGreaterThan(400)
  })
})

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (name === 'node_modules' || name.startsWith('.')) return []
    if (statSync(full).isDirectory()) return sourceFiles(full)
    return /\.(ts|tsx|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : []
  })
}

/** Environment variables the given sources read: by member access, or named as `CHRONOTOPE_…`. */
function variablesReadIn(dirs: readonly string[]): Set<string> {
  const names = new Set<string>()
  for (const file of dirs.flatMap((dir) => sourceFiles(path.join(repositoryRoot, dir)))) {
    const text = readFileSync(file, 'utf8')
    for (const match of text.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\])/g))
      names.add(match[1] ?? match[2]!)
    for (const match of text.matchAll(/\(env, '([A-Z][A-Z0-9_]+)'/g)) names.add(match[1]!)
    for (const match of text.matchAll(/['"`](CHRONOTOPE_[A-Z0-9_]+)['"`]/g)) names.add(match[1]!)
  }
  return names
}

/** Variables the code reads that are not the operator's to set, and why. */
const NOT_SETTINGS: Record<string, string> = {
  VITEST: 'set by the test runner',
  NODE_ENV: 'set by the commands themselves: development for npm start, production for npm run serve',
  PAYLOAD_DISABLE_DEPENDENCY_CHECKER: "set by the launcher to skip Payload's start-up version check",
}

describe('environment variables', () => {
  const deployment = readDoc('developers/deployment.md')
  const documented = new Set([...deployment.matchAll(/`([A-Z][A-Z0-9_]{2,})`/g)].map((match) => match[1]!))
  const readByApp = variablesReadIn(['apps/web/src', 'apps/web/bin', 'packages'])

  it('every variable the app reads is on the deployment page', () => {
    const missing = [...readByApp].filter((name) => !documented.has(name) && !(name in NOT_SETTINGS)).sort()
    expect(missing).toEqual([])
  })

  it('every variable the deployment page names is read by the app or its tests', () => {
    const readAnywhere = new Set([...readByApp, ...variablesReadIn(['apps/web/test', 'bench', 'scripts'])])
    expect([...documented].filter((name) => !readAnywhere.has(name)).sort()).toEqual([])
  })
})

describe('processing stages', () => {
  const page = readDoc('developers/architecture/processing-stages.md')
  const stages = Object.values(PROCESSING_STAGE)

  it('lists every stage and every status the code has', () => {
    for (const stage of stages) expect(page).toContain(`\`${stage}\``)
    for (const status of Object.values(IMPORT_STATUS)) expect(page).toContain(`\`${status}\``)
  })

  it("gives each working stage's moves exactly as STAGE_TRANSITIONS allows them", () => {
    const table = new Map<string, string[]>()
    for (const [, from, to] of page.matchAll(/^\| `([a-z-]+)` \| (.+) \|$/gm))
      table.set(
        from!,
        [...to!.matchAll(/`([a-z-]+)`/g)].map((match) => match[1]!),
      )
    for (const stage of stages) {
      if (stage === PROCESSING_STAGE.FAILED) continue
      expect(table.get(stage)?.slice().sort(), stage).toEqual([...STAGE_TRANSITIONS[stage]].sort())
    }
  })

  it('draws the same moves in its diagram, and lets a failed import retry every working stage', () => {
    const diagram = /```mermaid\n([\s\S]*?)```/.exec(page)?.[1] ?? ''
    const names = new Map<string, string>()
    for (const [, name, alias] of diagram.matchAll(/state "([a-z-]+)" as (\w+)/g)) names.set(alias!, name!)
    const stageOf = (token: string) => names.get(token) ?? token
    const drawn = new Set<string>()
    for (const [, from, to] of diagram.matchAll(/^\s*(\w+) --> (\w+)\s*$/gm)) {
      if (from === '[*]' || to === '[*]') continue
      drawn.add(`${stageOf(from!)} → ${stageOf(to!)}`)
    }
    const allowed = new Set<string>()
    for (const stage of stages) {
      for (const to of STAGE_TRANSITIONS[stage]) {
        // Moves to and from `failed` are drawn once, for the whole group of working stages.
        if (stage !== PROCESSING_STAGE.FAILED && to !== PROCESSING_STAGE.FAILED) allowed.add(`${stage} → ${to}`)
      }
    }
    expect([...drawn].sort()).toEqual([...allowed].sort())
    const working = /state "every working stage" as working \{([\s\S]*?)\n\s*\}/.exec(diagram)?.[1] ?? ''
    const inGroup = new Set(
      [...working.matchAll(/(\S+) --> (\S+)/g)].flatMap((match) => [stageOf(match[1]!), stageOf(match[2]!)]),
    )
    inGroup.delete('[*]')
    const retried: readonly ProcessingStage[] = STAGE_TRANSITIONS[PROCESSING_STAGE.FAILED]
    // The group also holds awaiting-approval, a pause rather than a stage that runs.
    expect([...inGroup].filter((stage) => stage !== PROCESSING_STAGE.AWAITING_APPROVAL).sort()).toEqual(
      [...retried].sort(),
    )
  })
})

describe('job types', () => {
  it('the processing-stages page lists exactly the job types the code has', () => {
    const section = readDoc('developers/architecture/processing-stages.md').split('## Job types')[1]!.split('\n## ')[0]!
    const named = [...section.matchAll(/`([a-z]+(?:-[a-z]+)+)`/g)].map((match) => match[1]!)
    const stagesOnly = new Set<string>(Object.values(PROCESSING_STAGE))
    // A stage named beside its job ("the `create-events` stage") is not a job type.
    const jobTypes = named.filter((name) => !stagesOnly.has(name) || Object.values(JOB_TYPES).includes(name as never))
    expect(new Set(jobTypes)).toEqual(new Set(Object.values(JOB_TYPES)))
    for (const queue of Object.values(JOB_QUEUES)) expect(section).toContain(`\`${queue}\``)
  })
})

/** npm's own lifecycle scripts, which nobody runs by name. */
const LIFECYCLE_SCRIPTS = new Set(['prepare'])

/** The hand-written pages (not the generated reference, the changelog's history or the roadmap's plans). */
function handWrittenPages(): string[] {
  const pages: string[] = []
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const full = path.join(folder, name)
      const relative = path.relative(docsRoot, full)
      if (statSync(full).isDirectory()) {
        if (!/^developers\/api(-routes|-collections)?$/.test(relative)) walk(full)
      } else if (/\.mdx?$/.test(name) && !['reference/changelog.md', 'reference/roadmap.md'].includes(relative)) {
        pages.push(full)
      }
    }
  }
  walk(docsRoot)
  return pages
}

describe('commands', () => {
  const scriptsOf = (packageFolder: string) =>
    new Set(
      Object.keys(
        (
          JSON.parse(readFileSync(path.join(repositoryRoot, packageFolder, 'package.json'), 'utf8')) as {
            scripts: Record<string, string>
          }
        ).scripts,
      ),
    )
  const root = scriptsOf('.')
  const workspaces: Record<string, Set<string>> = {
    '@chronotope/web': scriptsOf('apps/web'),
    '@chronotope/docs': scriptsOf('apps/docs'),
  }
  const texts = [
    ...handWrittenPages().map((file) => readFileSync(file, 'utf8')),
    readFileSync(path.join(repositoryRoot, 'README.md'), 'utf8'),
  ]
  // `npm run name [--workspace pkg]`, and npm's shorthands `npm start` and `npm test`.
  const named = texts.flatMap((text) => [
    ...[...text.matchAll(/npm run ([a-z][a-z0-9:-]*)((?: --workspace @chronotope\/[a-z]+)?)/g)].map((match) => ({
      script: match[1]!,
      workspace: match[2]?.trim().split(' ')[1],
    })),
    ...[...text.matchAll(/npm (start|test)\b/g)].map((match) => ({ script: match[1]!, workspace: undefined })),
  ])

  it('every command the docs and the README name exists', () => {
    const missing = named
      .filter(({ script, workspace }) => !(workspace ? workspaces[workspace]?.has(script) : root.has(script)))
      .map(({ script, workspace }) => (workspace ? `${script} (${workspace})` : script))
    expect([...new Set(missing)].sort()).toEqual([])
    expect(named.some(({ script, workspace }) => script === 'migrate:create' && workspace === '@chronotope/web')).toBe(
      true,
    )
  })

  it('every command of the repository is in the docs', () => {
    const documented = new Set(named.filter(({ workspace }) => !workspace).map(({ script }) => script))
    const undocumented = [...root].filter((script) => !documented.has(script) && !LIFECYCLE_SCRIPTS.has(script))
    expect(undocumented.sort()).toEqual([])
  })
})
