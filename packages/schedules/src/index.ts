/**
 * When a scheduled import runs next, in its time zone.
 * @module
 */
export {}
