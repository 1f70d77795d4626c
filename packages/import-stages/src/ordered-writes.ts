/**
 * Batch writes that overlap but commit in order. A batch's slow part (the database copying its
 * rows and updating every index) may run beside the next batch's, on another connection and
 * another core, while each batch still commits only after the one before it: the import's
 * checkpoint then always means "every row up to here is written, nothing after it", exactly as
 * when batches are written one at a time.
 * @module
 */

/**
 * One batch's write. `earlier` settles when the batch before it has committed: the write awaits
 * it before its commit and before anything the earlier batch may still hold a lock on, and rolls
 * back when it rejects (the earlier batch failed, so this one must not be committed either).
 */
export type OrderedWrite = (earlier: Promise<void>) => Promise<void>

/**
 * Starts writes in the order given, at most `limit` at a time, each handed the promise of the one
 * before it. With a limit of 1 every write starts after the one before it has finished.
 * @example
 * const writes = new OrderedWrites(2)
 * for (const batch of batches) await writes.start((earlier) => writeBatch(batch, earlier))
 * await writes.finish()
 */
export class OrderedWrites {
  private readonly limit: number
  private readonly inFlight: Array<Promise<void>> = []
  private last: Promise<void> = Promise.resolve()

  /** @param limit - most writes running at once, from 1 */
  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a whole number from 1; got ${limit}`)
    this.limit = limit
  }

  /**
   * Waits until fewer than `limit` writes run, the oldest first. Rejects with the error of the
   * oldest write when it failed; the caller should then {@link settle} and give up.
   */
  async ready(): Promise<void> {
    while (this.inFlight.length >= this.limit) await this.inFlight.shift()
  }

  /** Waits for room ({@link ready}), then starts `write`, handing it the promise of the write before. */
  async start(write: OrderedWrite): Promise<void> {
    await this.ready()
    const started = write(this.last)
    // A failure is reported by start, finish or settle; this keeps Node from calling it unhandled meanwhile.
    started.catch(() => undefined)
    this.last = started
    this.inFlight.push(started)
  }

  /** Waits for every started write; rejects with the first (oldest) failure. */
  async finish(): Promise<void> {
    while (this.inFlight.length > 0) await this.inFlight.shift()
  }

  /** Waits for every started write to end, failed or not, so none is left holding a connection. */
  async settle(): Promise<void> {
    await Promise.allSettled(this.inFlight.splice(0))
  }
}
