/**
 * Set operations on ascending lists of distinct rows, as the text postings answer a query's
 * `&`, `|` and `!`: merges of two lists, and a bitset where many lists make up much of a segment.
 * @module
 */

/** No rows. */
export const NO_ROWS = new Int32Array(0)

/**
 * Rows in both ascending lists.
 * @example intersect(Int32Array.of(1, 4, 7), Int32Array.of(4, 7, 9)) // [4, 7]
 */
export function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length))
  let count = 0
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i]! < b[j]!) i++
    else if (a[i]! > b[j]!) j++
    else {
      out[count++] = a[i]!
      i++
      j++
    }
  }
  return out.subarray(0, count)
}

/**
 * Rows in either ascending list.
 * @example unite(Int32Array.of(1, 4), Int32Array.of(4, 9)) // [1, 4, 9]
 */
export function unite(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length)
  let count = 0
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    if (a[i]! < b[j]!) out[count++] = a[i++]!
    else if (a[i]! > b[j]!) out[count++] = b[j++]!
    else {
      out[count++] = a[i++]!
      j++
    }
  }
  while (i < a.length) out[count++] = a[i++]!
  while (j < b.length) out[count++] = b[j++]!
  return out.subarray(0, count)
}

/**
 * Rows in any of the lists, all rows below `size`.
 * @example uniteAll([Int32Array.of(1), Int32Array.of(0, 1), Int32Array.of(5)], 8) // [0, 1, 5]
 */
export function uniteAll(lists: readonly Int32Array[], size: number): Int32Array {
  if (lists.length <= 2) return lists.length === 0 ? NO_ROWS : lists.reduce(unite)
  let total = 0
  for (const list of lists) total += list.length
  // Merging in pairs moves each row once a merge; once the lists hold more than a row in 8 of the
  // segment, marking them in a bitset and reading it back once is cheaper.
  if (total < size / 8) return lists.reduce(unite)
  const words = new Int32Array((size + 31) >>> 5)
  for (const list of lists)
    for (let index = 0; index < list.length; index++) words[list[index]! >>> 5]! |= 1 << (list[index]! & 31)
  const out = new Int32Array(Math.min(total, size))
  let count = 0
  for (let word = 0; word < words.length; word++) {
    for (let bits = words[word]!; bits !== 0; bits &= bits - 1)
      out[count++] = (word << 5) + 31 - Math.clz32(bits & -bits)
  }
  return out.subarray(0, count)
}

/**
 * Rows of the first ascending list that are not in the second.
 * @example subtract(Int32Array.of(1, 4, 7), Int32Array.of(4)) // [1, 7]
 */
export function subtract(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length)
  let count = 0
  for (let i = 0, j = 0; i < a.length; i++) {
    while (j < b.length && b[j]! < a[i]!) j++
    if (j >= b.length || b[j] !== a[i]) out[count++] = a[i]!
  }
  return out.subarray(0, count)
}

/**
 * The rows from 0 to `size − 1` not in the ascending list (whose rows are all below `size`).
 * @example complement(Int32Array.of(1, 2), 4) // [0, 3]
 */
export function complement(rows: Int32Array, size: number): Int32Array {
  const out = new Int32Array(size - rows.length)
  let count = 0
  for (let row = 0, next = 0; row < size; row++) {
    if (next < rows.length && rows[next] === row) next++
    else out[count++] = row
  }
  return out
}
