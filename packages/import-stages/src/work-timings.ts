/**
 * Where a stage's time goes, kept with its progress so an operator (and `npm run bench:import`)
 * sees which part of an import to make faster: reading the file, building events, handing them to
 * the database, or waiting for it.
 * @module
 */

/** The parts of event creation that are timed. */
export const CREATE_EVENTS_PARTS = [
  /** Reading and parsing the file, while the stage waits for rows. */
  'reading',
  /** Turning rows into events: types, dates, places, ids and size bounds. */
  'building',
  /** Writing the events in the database's bulk format (COPY text). */
  'serializing',
  /** Looking up the events people edited by hand, on a re-import. */
  'handEdits',
  /** The database writing a batch: its COPY or insert, with every index, key and trigger. */
  'writing',
  /** The job's counts, checkpoint and commit with each batch. */
  'bookkeeping',
  /** The next batch is ready (or none is left) and the stage waits for the database to finish one. */
  'waitingForDatabase',
  /** A batch written beside the one before it waits for that one to commit, as batches commit in order. */
  'waitingForEarlierBatch',
] as const

/** One part of event creation. */
export type CreateEventsPart = (typeof CREATE_EVENTS_PARTS)[number]

/** Milliseconds spent in each part, summed over every batch and every attempt of the stage. */
export type WorkTimings<Part extends string = CreateEventsPart> = Partial<Record<Part, number>>

/**
 * Sums the time of named parts of some work. Parts may overlap in time (the database writes one
 * batch while the next is built), so the parts add up to more than the elapsed time then.
 * @example
 * const clock = new WorkClock(job.progress?.timings)
 * const rows = await clock.time('reading', () => reader.next())
 */
export class WorkClock<Part extends string = CreateEventsPart> {
  private readonly totals: Record<string, number>

  /** @param earlier - the timings of an earlier attempt, which this one adds to */
  constructor(earlier: WorkTimings<NoInfer<Part>> | null | undefined = undefined) {
    this.totals = { ...(earlier ?? {}) }
  }

  /** Adds the milliseconds since `startedMs` (a `performance.now()` reading) to `part`. */
  addSince(part: Part, startedMs: number): void {
    this.totals[part] = (this.totals[part] ?? 0) + (performance.now() - startedMs)
  }

  /** Runs `work` and adds its time to `part`, also when it throws. */
  async time<T>(part: Part, work: () => Promise<T>): Promise<T> {
    const started = performance.now()
    try {
      return await work()
    } finally {
      this.addSince(part, started)
    }
  }

  /** The totals so far, rounded to whole milliseconds. */
  timings(): WorkTimings<Part> {
    return Object.fromEntries(
      Object.entries(this.totals).map(([part, ms]) => [part, Math.round(ms)]),
    ) as WorkTimings<Part>
  }
}
