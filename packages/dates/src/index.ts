/** @module */
export {}
