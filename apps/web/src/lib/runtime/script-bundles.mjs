// @ts-check
/**
 * Bundles the app's commands (`src/scripts/*.ts`) into plain JavaScript with esbuild, so that Node
 * runs them with no loader hooks (tsx's hooks on Node 20 now and then never finished loading a
 * module graph, and scripts ended half-way). The workspace's own TypeScript (this app and the
 * `@chronotope/*` packages) is bundled in; every other package stays external and is loaded by
 * Node from node_modules as usual.
 *
 * The bundles are made on demand: {@link ensureBundles} checks in a few milliseconds whether any
 * source file changed since the last build (size and modification time of every input) and
 * rebuilds in about a second when one did, so an edited source is never run stale and a fresh
 * clone needs no build step. Plain JavaScript on purpose: this file runs before anything is
 * bundled.
 * @module
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/** The commands `bin/chronotope.mjs` runs, each bundled from `src/scripts/<name>.ts`. */
export const SCRIPT_NAMES = Object.freeze([
  'start',
  'build',
  'worker',
  'seed',
  'migrate',
  'web-server',
  'create-migration',
  'generate-import-map',
])

/** The web app's folder (apps/web). */
export const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

const STAMP_FILE = 'bundle-stamp.json'
const STAMP_FORMAT = 1
const SOURCE_FILE = /\.[cm]?[jt]sx?$/
const IMPORT_META = /\bimport\.meta\.(url|dirname|filename)\b/g

/**
 * @typedef {object} BundleOptions
 * @property {string} root - folder the entry points are relative to; its tsconfig.json applies
 * @property {Readonly<Record<string, string>>} entryPoints - bundle name to entry file, e.g. `{ start: 'src/scripts/start.ts' }`
 * @property {string} outDir - where `<name>.mjs` (and its source map) are written
 * @property {(specifier: string) => boolean} [isBundled] - which bare imports to bundle rather than leave to Node (default: `@chronotope/*`)
 * @property {(message: string) => void} [log] - told when a build starts and ends
 */

/**
 * @typedef {object} BundleStamp
 * @property {number} format
 * @property {string} builder - what made the bundles: this file's content and esbuild's version
 * @property {Record<string, string>} entryPoints
 * @property {Record<string, [number, number]>} inputs - every input file (absolute) with its modification time (ms) and size
 */

/** @param {string} specifier */
const isWorkspacePackage = (specifier) => specifier.startsWith('@chronotope/')

/**
 * The bundle file of each entry point.
 * @param {Pick<BundleOptions, 'entryPoints' | 'outDir'>} options
 * @returns {Record<string, string>}
 * @example bundleFiles({ entryPoints: { start: 'src/scripts/start.ts' }, outDir: '/app/dist' }) // { start: '/app/dist/start.mjs' }
 */
export function bundleFiles(options) {
  return Object.fromEntries(
    Object.keys(options.entryPoints).map((name) => [name, path.join(options.outDir, `${name}.mjs`)]),
  )
}

/** What made a bundle: a change to the bundler (this file) or to esbuild rebuilds everything. */
function builderKey() {
  const esbuildVersion = /** @type {{ version: string }} */ (
    JSON.parse(readFileSync(createRequire(import.meta.url).resolve('esbuild/package.json'), 'utf8'))
  ).version
  return createHash('sha256')
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .update(esbuildVersion)
    .digest('hex')
    .slice(0, 16)
}

/**
 * @param {string} file
 * @returns {[number, number] | undefined} modification time (ms) and size, or undefined when it is gone
 */
function fileState(file) {
  try {
    const stats = statSync(file)
    return [stats.mtimeMs, stats.size]
  } catch {
    return undefined
  }
}

/**
 * @param {string} outDir
 * @returns {BundleStamp | undefined}
 */
function readStamp(outDir) {
  try {
    return JSON.parse(readFileSync(path.join(outDir, STAMP_FILE), 'utf8'))
  } catch {
    return undefined
  }
}

/**
 * Whether the bundles in `outDir` were built by this bundler from the sources as they are now:
 * every input file has the size and modification time it had when bundled, and every bundle exists.
 * @param {BundleOptions} options
 * @returns {boolean}
 */
export function isBundleCurrent(options) {
  const stamp = readStamp(options.outDir)
  if (!stamp || stamp.format !== STAMP_FORMAT || stamp.builder !== builderKey()) return false
  const entryPoints = Object.entries(options.entryPoints)
  if (entryPoints.length !== Object.keys(stamp.entryPoints).length) return false
  if (entryPoints.some(([name, entry]) => stamp.entryPoints[name] !== path.resolve(options.root, entry))) return false
  if (Object.values(bundleFiles(options)).some((file) => fileState(file) === undefined)) return false
  return Object.entries(stamp.inputs).every(([file, recorded]) => {
    const now = fileState(file)
    return now !== undefined && now[0] === recorded[0] && now[1] === recorded[1]
  })
}

/**
 * Keeps the workspace's `import.meta.url`, `dirname` and `filename` pointing at the source file,
 * not at the bundle, so paths computed from them (the repository root, Payload's migration
 * folder, `createRequire`) resolve as they do from the sources.
 * @returns {import('esbuild').Plugin}
 */
function sourceLocationPlugin() {
  return {
    name: 'chronotope-source-location',
    setup(build) {
      build.onLoad({ filter: SOURCE_FILE }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined
        const source = readFileSync(args.path, 'utf8')
        if (!source.includes('import.meta')) return undefined
        const values = {
          url: pathToFileURL(args.path).href,
          dirname: path.dirname(args.path),
          filename: args.path,
        }
        const contents = source.replace(IMPORT_META, (_match, /** @type {keyof typeof values} */ key) =>
          JSON.stringify(values[key]),
        )
        const extension = path.extname(args.path).replace(/^\.[cm]?/, '')
        return { contents, loader: /** @type {import('esbuild').Loader} */ (extension) }
      })
    },
  }
}

/**
 * Leaves every bare import Node can load itself (third-party packages, `node:` built-ins) to
 * Node at run time; the workspace's TypeScript packages are bundled.
 * @param {(specifier: string) => boolean} isBundled
 * @returns {import('esbuild').Plugin}
 */
function externalPackagesPlugin(isBundled) {
  return {
    name: 'chronotope-external-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (path.isAbsolute(args.path) || isBundled(args.path)) return undefined
        // tsconfig paths (e.g. `@payload-config`) point into the sources: let esbuild resolve them.
        if (args.path === '@payload-config') return undefined
        return { path: args.path, external: true }
      })
    },
  }
}

/**
 * Writes a file so that a reader sees either the old or the new content, never half of it: two
 * commands started at once may both rebuild.
 * @param {string} file
 * @param {string | Uint8Array} contents
 */
function writeAtomically(file, contents) {
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, contents)
  renameSync(temporary, file)
}

/**
 * Builds the bundles unless they are current (see {@link isBundleCurrent}).
 * @param {BundleOptions} options
 * @returns {Promise<{ built: boolean, files: Record<string, string> }>} whether it built, and each bundle's file
 * @throws when a source does not compile; esbuild has printed the errors with their file and line
 * @example await ensureBundles({ root: webRoot, entryPoints: { migrate: 'src/scripts/migrate.ts' }, outDir: '/tmp/b' }) // { built: true, files: { migrate: '/tmp/b/migrate.mjs' } }
 */
export async function ensureBundles(options) {
  const files = bundleFiles(options)
  if (isBundleCurrent(options)) return { built: false, files }
  const started = Date.now()
  options.log?.('Bundling the scripts (their sources changed)…')
  const esbuild = await import('esbuild')
  // esbuild's service process would otherwise live (and hold 20–200 MB) as long as the launcher.
  const result = await esbuild
    .build({
      absWorkingDir: options.root,
      entryPoints: Object.fromEntries(
        Object.entries(options.entryPoints).map(([name, entry]) => [name, path.resolve(options.root, entry)]),
      ),
      outdir: options.outDir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: 'linked',
      metafile: true,
      write: false,
      logLevel: 'error',
      plugins: [sourceLocationPlugin(), externalPackagesPlugin(options.isBundled ?? isWorkspacePackage)],
    })
    .finally(() => esbuild.stop())
  /** @type {BundleStamp['inputs']} */
  const inputs = {}
  for (const input of Object.keys(result.metafile.inputs)) {
    const file = path.resolve(options.root, input)
    const state = fileState(file)
    // Changed while being bundled: the bundle may hold the old content, so the next check rebuilds.
    inputs[file] = state && state[0] < started ? state : [-1, -1]
  }
  const tsconfig = path.join(options.root, 'tsconfig.json')
  const tsconfigState = fileState(tsconfig)
  if (tsconfigState) inputs[tsconfig] = tsconfigState
  mkdirSync(options.outDir, { recursive: true })
  for (const output of result.outputFiles) writeAtomically(output.path, output.contents)
  /** @type {BundleStamp} */
  const stamp = {
    format: STAMP_FORMAT,
    builder: builderKey(),
    entryPoints: Object.fromEntries(
      Object.entries(options.entryPoints).map(([name, entry]) => [name, path.resolve(options.root, entry)]),
    ),
    inputs,
  }
  writeAtomically(path.join(options.outDir, STAMP_FILE), JSON.stringify(stamp))
  options.log?.(`Bundled the scripts in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
  return { built: true, files }
}

/**
 * Makes the app's command bundles current (`dist/scripts/<name>.mjs` in apps/web) and returns
 * their files.
 * @param {Pick<BundleOptions, 'log'>} [options]
 * @example (await ensureScriptBundles()).files.migrate // '/…/apps/web/dist/scripts/migrate.mjs'
 */
export function ensureScriptBundles(options = {}) {
  return ensureBundles({
    root: webRoot,
    entryPoints: Object.fromEntries(SCRIPT_NAMES.map((name) => [name, `src/scripts/${name}.ts`])),
    outDir: path.join(webRoot, 'dist', 'scripts'),
    log: options.log,
  })
}
