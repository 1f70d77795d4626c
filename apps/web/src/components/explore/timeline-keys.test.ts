import { describe, expect, it } from 'vitest'

import { moveHandle } from './timeline-keys'

describe('moveHandle', () => {
  const span = { first: 5, last: 20 }
  it.each([
    ['start', 'ArrowRight', false, { first: 6, last: 20 }],
    ['start', 'ArrowLeft', false, { first: 4, last: 20 }],
    ['start', 'ArrowLeft', true, { first: 0, last: 20 }],
    ['start', 'ArrowUp', true, { first: 15, last: 20 }],
    ['start', 'Home', false, { first: 0, last: 20 }],
    ['start', 'End', false, { first: 20, last: 20 }],
    ['end', 'ArrowRight', true, { first: 5, last: 30 }],
    ['end', 'PageDown', false, { first: 5, last: 10 }],
    ['end', 'Home', false, { first: 5, last: 5 }],
    ['end', 'End', false, { first: 5, last: 99 }],
  ] as const)('%s handle, %s (shift %s)', (handle, key, shift, expected) => {
    expect(moveHandle(span, handle, key, shift, 100)).toEqual(expected)
  })

  it('never lets a handle pass the other or the ends', () => {
    expect(moveHandle({ first: 5, last: 6 }, 'start', 'ArrowRight', true, 100)).toEqual({ first: 6, last: 6 })
    expect(moveHandle({ first: 5, last: 6 }, 'end', 'ArrowLeft', true, 100)).toEqual({ first: 5, last: 5 })
    expect(moveHandle({ first: 0, last: 6 }, 'start', 'ArrowLeft', false, 100)).toEqual({ first: 0, last: 6 })
    expect(moveHandle({ first: 0, last: 99 }, 'end', 'ArrowRight', false, 100)).toEqual({ first: 0, last: 99 })
  })

  it('ignores other keys', () => {
    expect(moveHandle(span, 'start', 'Enter', false, 100)).toBeUndefined()
    expect(moveHandle(span, 'end', 'a', false, 100)).toBeUndefined()
  })
})
