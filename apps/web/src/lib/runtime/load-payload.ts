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
  // Payload's dependency check runs as an unawaited promise and can end a plain Node process
  // silently; npm ci already installs Payload's packages at the versions the lockfile pins.
  process.env.PAYLOAD_DISABLE_DEPENDENCY_CHECKER ??= 'true'
  const { default: config } = await import('../../payload.config')
  return getPayload({ config })
}
