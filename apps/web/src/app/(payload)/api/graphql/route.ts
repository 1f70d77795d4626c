import config from '@payload-config'
import { GRAPHQL_POST, REST_OPTIONS } from '@payloadcms/next/routes'

/** GraphQL over every collection, with the same access rules as REST. */
export const POST = GRAPHQL_POST(config)
/** CORS preflight for GraphQL. */
export const OPTIONS = REST_OPTIONS(config)
