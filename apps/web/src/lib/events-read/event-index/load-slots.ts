/**
 * A limit on how many of a process's big index loads read the database at once. Each holds a
 * chunk of rows and a part built so far; all of a big deployment's loads at once (five datasets
 * of two million events, each with its search words and a field) would hold them all together,
 * on two cores that do not read any faster for it.
 * @module
 */

/** Runs at most `slots` tasks at a time, the others in the order they came. */
export class LoadSlots {
  private running = 0
  private readonly waiting: Array<() => void> = []

  /** @throws RangeError when `slots` is not a positive whole number */
  constructor(private readonly slots: number) {
    if (!Number.isInteger(slots) || slots < 1)
      throw new RangeError(`slots must be a positive whole number; got ${slots}`)
  }

  /** Tasks running now and waiting for a slot. */
  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length }
  }

  /** Runs `task` once a slot is free; the slot is free again when it settles. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) await new Promise<void>((resolve) => this.waiting.push(resolve))
    else this.running++
    try {
      return await task()
    } finally {
      const next = this.waiting.shift()
      // The slot passes straight to the next task, so `running` stays as it is.
      if (next) next()
      else this.running--
    }
  }
}
