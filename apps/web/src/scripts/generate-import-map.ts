/**
 * `npm run generate:importmap`: writes the admin's import map (src/app/(payload)/admin/importMap.js),
 * which tells the admin where the custom components named in the config live. Run after adding
 * or moving an admin component, and commit the result.
 * @module
 */
import { generateImportMap } from 'payload'

import config from '../payload.config'

await generateImportMap(await config, { force: true, log: true })
process.exit(0)
