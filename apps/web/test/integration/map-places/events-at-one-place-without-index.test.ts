import { vi } from 'vitest'

// The same expectations with the in-memory event index off: every answer comes from SQL.
vi.hoisted(() => {
  process.env.CHRONOTOPE_EVENT_INDEX_MAX_EVENTS = '0'
})

await import('./events-at-one-place.suite')
