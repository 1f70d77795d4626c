/**
 * Payload's `Access` query with `canAccessAdmin` always answered. Payload drops permissions that
 * are false before answering, so for an anonymous caller the non-null `canAccessAdmin` came back
 * null and `{ Access { canAccessAdmin } }` failed as a server error.
 * @module
 */
import type { GraphQLFieldConfig } from 'graphql'
import type { GraphQLInfo } from 'payload'

/**
 * The `Access` query to put in `graphQL.queries` (custom queries replace Payload's of the same
 * name): Payload's resolver, with `canAccessAdmin: false` when Payload left it out.
 * @example queries: (GraphQL, info) => ({ ...accessQueryAnsweringAnonymous(info) })
 */
export function accessQueryAnsweringAnonymous(info: GraphQLInfo): Record<string, GraphQLFieldConfig<unknown, unknown>> {
  const access = info.Query.fields.Access as GraphQLFieldConfig<unknown, unknown> | undefined
  const resolve = access?.resolve
  if (!access || !resolve) return {}
  return {
    Access: {
      ...access,
      resolve: async (...args) => ({ canAccessAdmin: false, ...((await resolve(...args)) as object) }),
    },
  }
}
