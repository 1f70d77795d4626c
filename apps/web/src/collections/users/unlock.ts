/**
 * Unlocking an account before its login lockout ends: admins only, and the same answer whether
 * the address has an account or not, over REST (`POST /api/users/unlock`) and GraphQL
 * (`unlockUser`). Payload's own unlock answers 403 for an unknown address, which tells who has an
 * account, so both routes are replaced by these.
 * @module
 */
import {
  addDataAndFileToRequest,
  APIError,
  Forbidden,
  headersWithCors,
  type Config,
  type Endpoint,
  type PayloadRequest,
} from 'payload'

import { isAdminUser } from '../../access/roles'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { apiKeyGrant } from '../../lib/api-keys/key-strategy'

type GraphQLModule = Parameters<NonNullable<NonNullable<Config['graphQL']>['mutations']>>[0]

/** The address to unlock was missing or empty. */
export class UnlockEmailMissing extends APIError {
  constructor() {
    super('Missing email: send { "email": "someone@example.org" }', 400, undefined, true)
    this.name = 'UnlockEmailMissing'
  }
}

/**
 * Resets the failed logins and the lockout of the account with `email`, if there is one.
 * @throws Forbidden (403) unless the request's user is an admin, whatever the address
 * @throws {@link UnlockEmailMissing} (400) for an admin who sent no address
 */
export async function unlockAccount(req: PayloadRequest, email: unknown): Promise<void> {
  // A key, even an admin's, does not unlock accounts: that is done signed in.
  if (!isAdminUser(req.user) || apiKeyGrant(req.user)) throw new Forbidden(req.t)
  if (typeof email !== 'string' || email.trim() === '') throw new UnlockEmailMissing()
  const address = email.trim().toLowerCase()
  const { totalDocs } = await req.payload.count({
    collection: COLLECTION_NAMES.USERS,
    where: { email: { equals: address } },
    overrideAccess: true,
    req,
  })
  if (totalDocs === 0) return
  await req.payload.unlock({ collection: COLLECTION_NAMES.USERS, data: { email: address }, overrideAccess: true, req })
}

/** `POST /api/users/unlock` `{ email }`: see {@link unlockAccount}; answers 200 `{ message }`. */
export const unlockEndpoint: Endpoint = {
  path: '/unlock',
  method: 'post',
  handler: async (req) => {
    await addDataAndFileToRequest(req)
    await unlockAccount(req, (req.data as { email?: unknown } | undefined)?.email)
    return Response.json(
      { message: req.t('general:success') },
      { headers: headersWithCors({ headers: new Headers(), req }), status: 200 },
    )
  },
}

/** The GraphQL mutation `unlockUser(email: String!): Boolean!`, in place of Payload's. */
export function unlockUserMutation(GraphQL: GraphQLModule) {
  return {
    unlockUser: {
      type: new GraphQL.GraphQLNonNull(GraphQL.GraphQLBoolean),
      args: { email: { type: new GraphQL.GraphQLNonNull(GraphQL.GraphQLString) } },
      resolve: async (_source: unknown, args: { email: string }, context: { req: PayloadRequest }) => {
        await unlockAccount(context.req, args.email)
        return true
      },
    },
  }
}
