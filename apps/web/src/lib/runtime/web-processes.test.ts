import { describe, expect, it } from 'vitest'

import { defaultWebProcesses, MAX_DEFAULT_WEB_PROCESSES, WEB_PROCESS_MEMORY_BYTES } from './web-processes'

const GB = 1024 ** 3
const server = { production: true, embeddedDatabase: false }

describe('defaultWebProcesses', () => {
  it('runs one process per core in production on an external database', () => {
    expect(defaultWebProcesses({ ...server, cores: 2, memoryBytes: 24 * GB })).toBe(2)
    expect(defaultWebProcesses({ ...server, cores: 6, memoryBytes: 64 * GB })).toBe(6)
  })

  it('runs no more processes than the memory has room for, and at least one', () => {
    expect(defaultWebProcesses({ ...server, cores: 8, memoryBytes: 3 * WEB_PROCESS_MEMORY_BYTES + 1 })).toBe(3)
    expect(defaultWebProcesses({ ...server, cores: 4, memoryBytes: 1 * GB })).toBe(1)
    expect(defaultWebProcesses({ ...server, cores: 0, memoryBytes: 24 * GB })).toBe(1)
  })

  it('stops at the default ceiling on a large machine', () => {
    expect(defaultWebProcesses({ ...server, cores: 64, memoryBytes: 512 * GB })).toBe(MAX_DEFAULT_WEB_PROCESSES)
  })

  it('runs one process for the development server and for the embedded database', () => {
    expect(defaultWebProcesses({ cores: 8, memoryBytes: 64 * GB, production: false, embeddedDatabase: false })).toBe(1)
    expect(defaultWebProcesses({ cores: 8, memoryBytes: 64 * GB, production: true, embeddedDatabase: true })).toBe(1)
  })
})
