/**
 * How the web server's JavaScript heap grows. Left to itself, V8 lets the old generation grow to
 * two to three times what its last full collection left live before it collects again. Loading
 * ten million events into the event index turns a few gigabytes of rows into about 400 MB of
 * typed arrays, and the rows that live long enough to be promoted pile up as garbage meanwhile:
 * the web process peaked at 1.21–1.38 GB to hold an index of 397 MB and a live heap of about
 * 200 MB. Growing the heap by a fifth at most kept the same load at 789 MB, as fast, and the read
 * mix's latencies did not change (measured by hand on the bench's ten million events; see the
 * deployment docs).
 * @module
 */

/** How far V8 may let the heap grow past what a full collection left live, in percent. */
export const WEB_HEAP_GROWING_PERCENT = 20

/**
 * The Node options a production web server is started with. The development server (`--dev`)
 * keeps V8's defaults: it compiles pages, which a tighter heap would slow, and holds little data.
 * @example webServerNodeOptions({ development: false }) // ['--heap-growing-percent=20']
 */
export function webServerNodeOptions(options: { development: boolean }): string[] {
  return options.development ? [] : [`--heap-growing-percent=${WEB_HEAP_GROWING_PERCENT}`]
}
