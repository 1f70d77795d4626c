/**
 * The scripts `npm run bench:ui` runs inside the explore page, so every time is taken by the
 * browser's own clock (`performance.now()`, `Event.timeStamp`) when the page changes, not by the
 * benchmark polling from outside. They are plain JavaScript strings: a function handed to
 * `page.evaluate` would carry the helpers tsx compiles into it, which the page does not have.
 *
 * The panels speak through attributes: `[data-testid="explore-map"]` and
 * `[data-testid="explore-timeline"]` carry `data-state` (`loading`, `ready`, `empty`, `error`) and
 * their figures as other `data-*` attributes (`data-marks` on the map, `data-total` on the
 * timeline); `aria-busy="true"` means a request for the current view is still running.
 * @module
 */

/** The map panel's container. */
export const MAP_SELECTOR = '[data-testid="explore-map"]'
/** The timeline panel's container. */
export const TIMELINE_SELECTOR = '[data-testid="explore-timeline"]'

/** The first times, in ms since navigation start, a load reached each state; `null` until it did. */
export interface FirstTimes {
  readonly marksMs: number | null
  readonly histogramMs: number | null
}

/**
 * Installed before the page's own scripts: records when the map first is `ready` with marks and
 * when the timeline first is `ready`, at the first frame after the change. `performance.now()` counts
 * from the navigation's start, so these are the times since `page.goto` began. It also lifts the
 * resource timing buffer's limit of 250 entries, which the map's requests would otherwise fill.
 */
export const FIRST_TIMES_SCRIPT = `(() => {
  const times = (window.__uiBenchFirst = { marksMs: null, histogramMs: null })
  try { performance.setResourceTimingBufferSize(100000) } catch {}
  let marksSeen = false
  let histogramSeen = false
  const check = () => {
    const map = document.querySelector(${JSON.stringify(MAP_SELECTOR)})
    if (!marksSeen && map && map.getAttribute('data-state') === 'ready' && Number(map.getAttribute('data-marks')) > 0) {
      marksSeen = true
      requestAnimationFrame(() => (times.marksMs = performance.now()))
    }
    const timeline = document.querySelector(${JSON.stringify(TIMELINE_SELECTOR)})
    if (!histogramSeen && timeline && timeline.getAttribute('data-state') === 'ready') {
      histogramSeen = true
      requestAnimationFrame(() => (times.histogramMs = performance.now()))
    }
    if (marksSeen && histogramSeen) observer.disconnect()
  }
  const observer = new MutationObserver(check)
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state', 'data-marks'] })
})()`

/** Reads what {@link FIRST_TIMES_SCRIPT} recorded. */
export const READ_FIRST_TIMES = 'window.__uiBenchFirst'

/** What a panel exposes, read once the first load is quiet. */
export interface PanelAttributes {
  readonly present: boolean
  readonly state: string | null
  /** The `data-*` attributes other than `data-state` and `data-testid`, e.g. `{ marks: '412' }`. */
  readonly figures: Readonly<Record<string, string>>
}

/** An expression giving the {@link PanelAttributes} of the element `selector` names. */
export function readPanelAttributes(selector: string): string {
  return `(() => {
    const element = document.querySelector(${JSON.stringify(selector)})
    if (!element) return { present: false, state: null, figures: {} }
    const figures = {}
    for (const attribute of element.attributes)
      if (attribute.name.startsWith('data-') && attribute.name !== 'data-state' && attribute.name !== 'data-testid')
        figures[attribute.name.slice(5)] = attribute.value
    return { present: true, state: element.getAttribute('data-state'), figures }
  })()`
}

/** A panel an interaction must update. */
export interface UpdateTarget {
  readonly name: string
  readonly selector: string
}

/** Which event starts the clock: the first one dispatched, or the last before a panel changed. */
export interface UpdateTrigger {
  readonly event: 'input' | 'click' | 'mouseup'
  readonly use: 'first' | 'last'
}

/** A read API request the page made while an update was awaited, from its resource timing. */
export interface ApiEntry {
  readonly url: string
  /** ms since navigation start. */
  readonly startMs: number
  readonly durationMs: number
}

/** What {@link UPDATE_RESULT} gives: times in ms since navigation start; `null` where nothing happened. */
export interface UpdateResult {
  readonly startMs: number | null
  /** Per target name, the first frame after it was last seen settled with new figures. */
  readonly doneMs: Readonly<Record<string, number | null>>
  readonly timedOut: boolean
  readonly apiRequests: readonly ApiEntry[]
}

/**
 * Watches `targets` from now on and stores in `window.__uiBenchUpdate` a promise of an
 * {@link UpdateResult}. A target is updated when it is settled (`data-state="ready"`, not
 * `aria-busy`) after it either left that state or changed a figure; the time kept is the first frame
 * after the last such moment, once no target has changed for `quietMs`. An update finished before
 * the trigger (a map that refreshed while the mouse button was still held) counts as done at the
 * trigger.
 */
export function watchUpdate(
  targets: readonly UpdateTarget[],
  trigger: UpdateTrigger,
  options: { quietMs: number; timeoutMs: number },
): string {
  return `(() => {
    const params = ${JSON.stringify({ targets, trigger, ...options })}
    const installedMs = performance.now()
    const figures = (element) => element
      ? [...element.attributes]
          .filter((a) => a.name.startsWith('data-') && a.name !== 'data-state' && a.name !== 'data-testid')
          .map((a) => a.name + '=' + a.value).sort().join('&')
      : ''
    const settled = (element) => !!element && element.getAttribute('data-state') === 'ready' && element.getAttribute('aria-busy') !== 'true'
    const watched = params.targets.map((target) => {
      const element = document.querySelector(target.selector)
      return { name: target.name, selector: target.selector, baseline: figures(element),
        key: figures(element) + '|' + settled(element), left: false, changedMs: null, doneMs: null, sequence: 0 }
    })
    let startMs = null
    let lastChangeMs = installedMs
    const onTrigger = (event) => {
      if (params.trigger.use === 'last' || startMs === null) startMs = event.timeStamp
    }
    document.addEventListener(params.trigger.event, onTrigger, true)
    const observer = new MutationObserver(() => {
      for (const target of watched) {
        const element = document.querySelector(target.selector)
        const key = figures(element) + '|' + settled(element)
        if (key === target.key) continue
        target.key = key
        lastChangeMs = performance.now()
        // After the trigger a "last" clock stops once a panel has changed.
        if (startMs !== null && params.trigger.use === 'last') document.removeEventListener(params.trigger.event, onTrigger, true)
        if (!settled(element)) { target.left = true; continue }
        if (target.left || figures(element) !== target.baseline) {
          const sequence = ++target.sequence
          target.changedMs = lastChangeMs
          requestAnimationFrame(() => { if (target.sequence === sequence) target.doneMs = performance.now() })
        }
      }
    })
    observer.observe(document, { subtree: true, childList: true, attributes: true })
    window.__uiBenchUpdate = new Promise((resolve) => {
      const finish = (timedOut) => {
        clearInterval(timer)
        observer.disconnect()
        document.removeEventListener(params.trigger.event, onTrigger, true)
        const doneMs = {}
        for (const target of watched)
          doneMs[target.name] = target.doneMs === null || startMs === null ? null : Math.max(startMs, target.doneMs)
        const apiRequests = performance.getEntriesByType('resource')
          .filter((entry) => entry.startTime >= installedMs && entry.name.includes('/api/events/'))
          .map((entry) => ({ url: entry.name, startMs: entry.startTime, durationMs: entry.responseEnd - entry.startTime }))
        resolve({ startMs, doneMs, timedOut, apiRequests })
      }
      const timer = setInterval(() => {
        const now = performance.now()
        const allDone = watched.every((target) => target.doneMs !== null && target.key.endsWith('|true'))
        if (startMs !== null && allDone && now - lastChangeMs >= params.quietMs) finish(false)
        else if (now - installedMs >= params.timeoutMs) finish(true)
      }, 25)
    })
  })()`
}

/** Awaits the promise {@link watchUpdate} stored. */
export const UPDATE_RESULT = 'window.__uiBenchUpdate'

/** An expression giving the read API requests the page made so far, as {@link ApiEntry} objects. */
export const API_ENTRIES = `performance.getEntriesByType('resource')
  .filter((entry) => entry.name.includes('/api/events/'))
  .map((entry) => ({ url: entry.name, startMs: entry.startTime, durationMs: entry.responseEnd - entry.startTime }))`

/** An expression: whether every element of `selectors` is `data-state="ready"` and not `aria-busy`. */
export function allSettled(selectors: readonly string[]): string {
  return `${JSON.stringify(selectors)}.every((selector) => {
    const element = document.querySelector(selector)
    return !!element && element.getAttribute('data-state') === 'ready' && element.getAttribute('aria-busy') !== 'true'
  })`
}
