import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * Returns the secret that signs sessions: `PAYLOAD_SECRET` when set, otherwise one generated on
 * the first start and kept (readable by the owner only) in the data folder, so sessions survive
 * restarts and no one has to edit a .env file.
 * @example ensureAppSecret('/srv/chronotope/data') // '3f9c…' (64 hex characters)
 */
export function ensureAppSecret(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.PAYLOAD_SECRET?.trim()
  if (fromEnv) return fromEnv
  const file = path.join(dataDir, 'secret')
  try {
    const stored = readFileSync(file, 'utf8').trim()
    if (stored) return stored
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('hex')
  writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  return secret
}
