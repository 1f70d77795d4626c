/**
 * `npm run generate:importmap`: writes the admin's import map (src/app/(payload)/admin/importMap.js),
 * which tells the admin where the custom components named in the config live. Run after adding
 * or moving an admin component, and commit the result.
 * @module
 */
import { generateImportMap } from 'payload'

process.env.DATABASE_URL ??= 'postgres://import-map-needs-no-database@127.0.0.1:1/none'
const { default: config } = await import('../payload.config')
await generateImportMap(await config, { force: true, log: true })
process.exit(0)
