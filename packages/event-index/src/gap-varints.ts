/**
 * Rows written as varint gaps while postings are built (see `row-chains` and `packed-rows`): each
 * row is the one before plus its gap plus one, the first counted from -1.
 * @module
 */

/** Calls `visit` with each row the varint gaps list, in order. */
export function forEachRow(gaps: Uint8Array, visit: (row: number) => void): void {
  let row = -1
  for (let read = 0; read < gaps.length;) {
    let gap = 0
    for (let shift = 0; ; shift += 7) {
      const byte = gaps[read++]!
      gap |= (byte & 0x7f) << shift
      if (byte < 0x80) break
    }
    row += gap + 1
    visit(row)
  }
}
