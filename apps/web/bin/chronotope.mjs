#!/usr/bin/env node
// @ts-check
/**
 * Runs one of Chronotope's commands as plain JavaScript: `node apps/web/bin/chronotope.mjs
 * <command> [arguments]`, which is what `npm start`, `npm run serve`, `worker`, `seed`, `migrate`
 * and `build` call. It brings the command's bundle up to date with its sources (see
 * src/lib/runtime/script-bundles.mjs) and runs it in this very process, so a signal sent to this
 * process reaches the command itself.
 * @example node apps/web/bin/chronotope.mjs seed --help
 * @module
 */
import { pathToFileURL } from 'node:url'

import { ensureScriptBundles, SCRIPT_NAMES, webRoot } from '../src/lib/runtime/script-bundles.mjs'

const [command, ...args] = process.argv.slice(2)
if (!command || !SCRIPT_NAMES.includes(command)) {
  console.error(
    `[chronotope] Usage: node apps/web/bin/chronotope.mjs <command> [arguments], where <command> is one of ${SCRIPT_NAMES.join(', ')}; got "${command ?? ''}"`,
  )
  process.exit(2)
}

let bundles
try {
  bundles = await ensureScriptBundles({ log: (message) => console.error(`[chronotope] ${message}`) })
} catch (error) {
  // esbuild has printed each error with its file and line.
  console.error(`[chronotope] The scripts did not compile: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}

// Lexical (the rich-text editor in Payload's config) loads its build with a top-level await on a
// dynamic import in every one of its packages. Node 20 deadlocks on that graph (see
// nodejs/node#55468): importing the config ended the process with exit 13, "unsettled top-level
// await" (under tsx's loader hooks only now and then, hence the old retries). Once `lexical` has
// finished loading on its own, nothing waits on it and the graph loads.
await import('lexical')

const bundle = /** @type {string} */ (bundles.files[command])
// The commands were written to run from apps/web, as `npm run --workspace` runs them.
process.chdir(webRoot)
process.setSourceMapsEnabled(true)
process.argv = [process.argv[0] ?? process.execPath, bundle, ...args]
await import(pathToFileURL(bundle).href)
