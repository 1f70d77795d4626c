import config from '@payload-config'
import { REST_DELETE, REST_GET, REST_OPTIONS, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes'

/** Payload's REST API for every collection and global, plus custom endpoints such as `/api/health`. */
export const GET = REST_GET(config)
/** @see GET */
export const POST = REST_POST(config)
/** @see GET */
export const DELETE = REST_DELETE(config)
/** @see GET */
export const PATCH = REST_PATCH(config)
/** @see GET */
export const PUT = REST_PUT(config)
/** @see GET */
export const OPTIONS = REST_OPTIONS(config)
