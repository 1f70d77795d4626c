/**
 * The settings every connection of the app to a PostgreSQL server opens with, sent in the startup
 * packet (`options`), so they hold from a connection's first query, in every pool, without a round
 * trip. A `DATABASE_URL` naming its own `options` keeps those: node-postgres lets the connection
 * string win.
 * @module
 */

/**
 * The startup `options` that give each query step `workMemMb` of `work_mem` and turn off JIT
 * compilation, or undefined for 0 (the server's own settings). The app's queries are short
 * reads: JIT compiles each one afresh once its estimated cost passes `jit_above_cost`, which took
 * 0.74 s of a 0.72 s search over ten million events and doubled it.
 * @example connectionOptions(32) // '-c work_mem=32MB -c jit=off'
 */
export function connectionOptions(workMemMb: number): string | undefined {
  if (!Number.isSafeInteger(workMemMb) || workMemMb < 0)
    throw new RangeError(`work_mem must be a whole number of MB, 0 or more; got ${workMemMb}`)
  return workMemMb === 0 ? undefined : `-c work_mem=${workMemMb}MB -c jit=off`
}
