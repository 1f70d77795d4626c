/**
 * A parsed JSON answer or database row. Tests read whatever fields they check and assert their
 * values, so it is left untyped rather than restating every collection's shape.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type Json = any
