import { vi } from 'vitest'

// The same expectations with the in-memory event index off and event cells for every dataset, however
// small: reads without filters beyond datasets, a map view and whole days answer from the cells.
vi.hoisted(() => {
  process.env.CHRONOTOPE_EVENT_INDEX_MAX_EVENTS = '0'
  process.env.CHRONOTOPE_EVENT_CELLS_MIN_EVENTS = '1'
})

await import('./read-endpoints.suite')
