/**
 * Boots Payload in a plain Node process (launcher, migrations, seed, worker), outside Next.
 * @module
 */
import { getPayload, type Payload } from 'payload'

import config from '../../payload.config'

/**
 * Initializes Payload with Chronotope's config, imported statically so that it is loaded with the
 * script (see bin/chronotope.mjs for what that loading needs on Node 20).
 */
export async function loadPayload(): Promise<Payload> {
  // Payload's dependency check runs as an unawaited promise and can end a plain Node process
  // silently; npm ci already installs Payload's packages at the versions the lockfile pins.
  process.env.PAYLOAD_DISABLE_DEPENDENCY_CHECKER ??= 'true'
  return getPayload({ config })
}
