import config from '@payload-config'
import { REST_DELETE, REST_GET, REST_OPTIONS, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes'

import { refuseBadApiKeys } from '../../../../lib/api-keys/refuse-bad-keys'

/**
 * Payload's REST API for every collection and global, plus custom endpoints such as `/api/health`.
 * A wrong, revoked or expired API key is answered 401 before any of them.
 */
export const GET = refuseBadApiKeys(config, REST_GET(config))
/** @see GET */
export const POST = refuseBadApiKeys(config, REST_POST(config))
/** @see GET */
export const DELETE = refuseBadApiKeys(config, REST_DELETE(config))
/** @see GET */
export const PATCH = refuseBadApiKeys(config, REST_PATCH(config))
/** @see GET */
export const PUT = refuseBadApiKeys(config, REST_PUT(config))
/** @see GET */
export const OPTIONS = REST_OPTIONS(config)
