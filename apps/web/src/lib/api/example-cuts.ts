/**
 * How the documentation shortens a long example answer, so that a reader sees where it was cut
 * and a test can still compare it with the real answer:
 * - an array's last element `"… 7 more"` stands for seven more elements like the ones shown;
 * - the value `"…"` stands for a value left out (a long list, a session), and a key `"…"` for
 *   keys left out of an object;
 * - a string ending in `…` stands for a longer string that starts so (a token).
 * Pure.
 * @module
 */

/** The character a cut starts with. */
export const CUT = '…'

const MORE = /^… (\d+) more$/

/**
 * The marker that ends a shortened array: `count` more elements were left out.
 * @example moreMarker(7) // '… 7 more'
 */
export const moreMarker = (count: number): string => `${CUT} ${count} more`

/**
 * How many elements a value that ends a shortened array stands for, or undefined when it is not
 * such a marker.
 * @example leftOutCount('… 7 more') // 7
 * @example leftOutCount('7 more') // undefined
 */
export function leftOutCount(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined
  const match = MORE.exec(value)
  return match ? Number(match[1]) : undefined
}

/**
 * An answer as printed with its cut markers dropped (an array's `"… 7 more"`, an object's `"…"`
 * key): the elements and keys shown, in the shape the real answer has, for an OpenAPI `example`,
 * which must match its schema.
 * @example withoutCuts({ buckets: [{ count: 2 }, '… 4 more'], '…': '…' }) // { buckets: [{ count: 2 }] }
 */
export function withoutCuts(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.filter((item) => leftOutCount(item) === undefined).map(withoutCuts)
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== CUT)
        .map(([key, item]) => [key, withoutCuts(item)]),
    )
  }
  return value
}
