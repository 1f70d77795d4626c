/**
 * The actions `POST /api/import/{importId}/{action}` takes, named once for the endpoint and its
 * OpenAPI description.
 * @module
 */

/** Every import action, in the order an import meets them. */
export const IMPORT_ACTION_NAMES = ['start', 'retry', 'cancel', 'review', 'approve', 'reject', 'correct-place'] as const

/** An import action's name. */
export type ImportActionName = (typeof IMPORT_ACTION_NAMES)[number]
