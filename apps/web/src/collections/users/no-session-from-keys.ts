/**
 * An API key never opens a session: it cannot mint or refresh a JWT, and `me` answers its owner
 * without a token.
 * @module
 */
import { APIError, type CollectionBeforeOperationHook, type CollectionConfig } from 'payload'

type MeHook = NonNullable<NonNullable<CollectionConfig['hooks']>['me']>[number]

import { apiKeyGrant } from '../../lib/api-keys/key-strategy'

/** A request authenticated by an API key asked for a session token. */
export class KeyCannotOpenSession extends APIError {
  constructor() {
    super('An API key cannot open or refresh a session; sign in with a password for that', 403, undefined, true)
    this.name = 'KeyCannotOpenSession'
  }
}

/** Refuses `refresh-token` (REST and GraphQL) for a key-authenticated request. */
export const refuseKeyRefresh: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation === 'refresh' && apiKeyGrant(req.user)) throw new KeyCannotOpenSession()
  return args
}

/**
 * Answers `me` for a key-authenticated request with the user only: Payload would otherwise hand
 * back the Authorization header's value as the session token.
 */
export const meWithoutToken: MeHook = ({ args, user }: Parameters<MeHook>[0]) => {
  if (!apiKeyGrant(args.req.user)) return undefined
  return { user: user as unknown, exp: undefined as unknown as number }
}
