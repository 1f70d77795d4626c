/** The deepest nesting of arrays and objects a record may have; deeper records are row errors. */
export const MAX_JSON_DEPTH = 32

/**
 * Whether a parsed JSON value nests arrays and objects more than `limit` levels deep (a plain
 * value is depth 0, `[]` and `{}` depth 1). Walks with its own stack, never by recursion, so a
 * value nested 10,000 levels deep is answered instead of overflowing the call stack.
 * @example jsonDepthExceeds({ a: [[1]] }, 2) // true
 * @example jsonDepthExceeds({ a: [1] }, 2) // false
 */
export function jsonDepthExceeds(value: unknown, limit: number = MAX_JSON_DEPTH): boolean {
  const stack: Array<[value: unknown, depth: number]> = [[value, 0]]
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!
    if (current === null || typeof current !== 'object') continue
    if (depth + 1 > limit) return true
    const children = Array.isArray(current) ? current : Object.values(current)
    for (const child of children) {
      // Plain values add nothing: skipping them keeps the stack small for long coordinate lists.
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1])
    }
  }
  return false
}
