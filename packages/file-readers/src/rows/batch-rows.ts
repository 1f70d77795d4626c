import type { SourceRow } from '../types'

/**
 * Re-chunks a stream of row arrays into batches of exactly `batchSize` rows (the last may be
 * smaller), checking `signal` before each batch so an abort stops the read promptly.
 * @throws the signal's reason when it is aborted
 * @example // rows arriving as [3 rows], [4 rows] with batchSize 5 → batches of 5 and 2
 */
export async function* batchRows(
  chunks: AsyncIterable<SourceRow[]>,
  batchSize: number,
  signal?: AbortSignal,
): AsyncGenerator<SourceRow[]> {
  signal?.throwIfAborted()
  let batch: SourceRow[] = []
  for await (const rows of chunks) {
    signal?.throwIfAborted()
    for (const row of rows) {
      batch.push(row)
      if (batch.length === batchSize) {
        yield batch
        signal?.throwIfAborted()
        batch = []
      }
    }
  }
  if (batch.length > 0) yield batch
}
