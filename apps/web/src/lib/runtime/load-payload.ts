/**
 * Boots Payload in a plain Node process (launcher, migrations, seed, worker), outside Next.
 * @module
 */
import { getPayload, type Payload } from 'payload'

/**
 * Initializes Payload with Chronotope's config. Import lazily so that the environment (set by the
 * launcher) is complete before the settings module reads it.
 */
export async function loadPayload(): Promise<Payload> {
  const { default: config } = await import('../../payload.config')
  return getPayload({ config })
}
