/**
 * The OpenAPI path of a user's quotas (`GET /api/usage`), and the words the other operations use
 * for a quota reached.
 * @module
 */
import { QUOTA_NAMES } from '../quotas/quota-limits'
import { TRUST_LEVEL_ORDER } from '../../constants/trust-levels'
import { errorAnswer, jsonAnswer, query, type Schema } from './openapi-parts'

const USAGE_ANSWER: Schema = {
  type: 'object',
  required: ['user', 'level', 'quotas'],
  properties: {
    user: { type: 'integer', description: 'Whose usage this is.' },
    level: { type: 'string', enum: [...TRUST_LEVEL_ORDER], description: 'Their trust level; admins are `unlimited`.' },
    quotas: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'label', 'limit', 'used'],
        properties: {
          name: { type: 'string', enum: [...QUOTA_NAMES] },
          label: { type: 'string', description: 'The quota in words.' },
          limit: { type: ['integer', 'null'], description: 'The limit; null when there is none.' },
          used: {
            type: ['integer', 'null'],
            description:
              'Where the user stands: uploads in the last 24 hours, events in their datasets, scheduled imports ' +
              'they own, API key requests in the last hour; null for the limits on one import or one schedule.',
          },
        },
      },
    },
  },
}

/** The 429 of a metered quota (uploads per day, API requests per hour). */
export const QUOTA_429 =
  'Over a quota of the caller’s trust level (`code: quota-exceeded`, with `quota: { name, level, limit, figure }`), ' +
  'or another rate limit; `Retry-After` says when to try again.'

/** The path of the usage endpoint. */
export function quotaPaths(): Record<string, unknown> {
  return {
    '/api/usage': {
      get: {
        operationId: 'getUsage',
        summary: 'Your quotas and usage',
        description:
          'The signed-in user’s trust level and, for each quota, its limit and what they have used of it. ' +
          'Admins may ask for another user’s. Requests made with an API key count against the key owner’s API ' +
          'requests per hour, and their answers carry `RateLimit-Limit`, `RateLimit-Remaining` and ' +
          '`RateLimit-Reset`.',
        parameters: [query('user', 'Another user’s id (admins only).', { type: 'integer', minimum: 1 })],
        responses: {
          '200': jsonAnswer('The level and every quota', USAGE_ANSWER),
          '400': errorAnswer('`user` is not a positive integer.'),
          '401': errorAnswer('Not signed in.'),
          '403': errorAnswer('Another user’s usage, asked by someone who is not an admin.'),
          '404': errorAnswer('No such user.'),
        },
      },
    },
  }
}
