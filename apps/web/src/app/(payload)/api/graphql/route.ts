import config from '@payload-config'
import { GRAPHQL_POST, REST_OPTIONS } from '@payloadcms/next/routes'

import { heavyWork } from '../../../../lib/api/heavy-work-gate'
import { guardGraphqlPost } from '../../../../lib/api/request-body-guard'
import { refuseBadApiKeys } from '../../../../lib/api-keys/refuse-bad-keys'

const graphqlPost = refuseBadApiKeys(config, guardGraphqlPost(GRAPHQL_POST(config)))

/**
 * GraphQL over every collection, with the same access rules as REST. Each query waits for a turn
 * at the heavy-work gate, so a burst of them cannot starve the cheap requests beside them. A body
 * that is not JSON, or is cut short, is a 4xx naming the problem; a wrong API key is a 401.
 */
export const POST = (request: Request) => heavyWork.respond(() => graphqlPost(request))
/** CORS preflight for GraphQL. */
export const OPTIONS = REST_OPTIONS(config)
