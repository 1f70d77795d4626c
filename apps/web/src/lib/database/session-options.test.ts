import { describe, expect, it } from 'vitest'

import { connectionOptions } from './session-options'

describe('connectionOptions', () => {
  it('sets work_mem in MB and turns JIT compilation off', () => {
    expect(connectionOptions(32)).toBe('-c work_mem=32MB -c jit=off')
    expect(connectionOptions(1)).toBe('-c work_mem=1MB -c jit=off')
  })

  it('sends nothing for 0, leaving the server’s own settings', () => {
    expect(connectionOptions(0)).toBeUndefined()
  })

  it('refuses what is not a whole number of MB', () => {
    expect(() => connectionOptions(-1)).toThrow(RangeError)
    expect(() => connectionOptions(1.5)).toThrow(/whole number/)
  })
})
