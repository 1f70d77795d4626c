import type { Where } from 'payload'

/**
 * A read rule that matches no document. Read access answers it instead of `false` when a caller
 * may see nothing, because `false` makes Payload refuse the whole request (403, or a server error
 * on a page), where the truth is simply an empty list.
 * @example access: { read: () => NO_DOCUMENTS }
 */
export const NO_DOCUMENTS: Where = { id: { equals: 0 } }
