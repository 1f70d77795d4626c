/**
 * `npm run seed`: seeds demo data into the running embedded database or DATABASE_URL.
 * See `npm run seed -- --help` for the options.
 * @module
 */
import { loadPayload } from '../lib/runtime/load-payload'
import { runMain } from '../lib/runtime/run-main'
import { resolveSeedConfiguration, seed } from '../seed'
import { parseSeedArguments, SEED_USAGE } from '../seed/parse-seed-arguments'

async function main(): Promise<void> {
  const options = parseSeedArguments(process.argv.slice(2))
  if (options === 'help') {
    console.log(SEED_USAGE)
    return
  }
  const configuration = resolveSeedConfiguration(options)
  const payload = await loadPayload()
  const summary = await seed(payload, configuration)
  for (const [collection, { created, existing }] of Object.entries(summary)) {
    console.log(
      `${collection.padEnd(14)} created ${String(created).padStart(6)}   already there ${String(existing).padStart(6)}`,
    )
  }
}

runMain('seed', main)
