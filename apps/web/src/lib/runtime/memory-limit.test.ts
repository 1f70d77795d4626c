import { describe, expect, it } from 'vitest'

import { parseCgroupMemoryLimit, processMemoryLimit } from './memory-limit'

const GB = 1024 ** 3

describe('parseCgroupMemoryLimit', () => {
  it.each([
    ['2147483648\n', 2 * GB],
    ['max\n', undefined],
    // cgroup v1's "unlimited".
    ['9223372036854771712', undefined],
    ['', undefined],
    ['0', undefined],
  ])('%j → %s', (text, bytes) => {
    expect(parseCgroupMemoryLimit(text)).toBe(bytes)
  })
})

describe('processMemoryLimit', () => {
  const files = (entries: Record<string, string>) => (file: string) => {
    if (!(file in entries)) throw Object.assign(new Error(`ENOENT: ${file}`), { code: 'ENOENT' })
    return entries[file]!
  }

  it('takes a container limit below the machine memory', () => {
    expect(processMemoryLimit(files({ '/sys/fs/cgroup/memory.max': `${2 * GB}\n` }), 16 * GB)).toBe(2 * GB)
    expect(processMemoryLimit(files({ '/sys/fs/cgroup/memory/memory.limit_in_bytes': `${GB}` }), 16 * GB)).toBe(GB)
  })

  it('takes the machine memory without a limit, or with one above it', () => {
    expect(processMemoryLimit(files({ '/sys/fs/cgroup/memory.max': 'max\n' }), 16 * GB)).toBe(16 * GB)
    expect(processMemoryLimit(files({}), 8 * GB)).toBe(8 * GB)
    expect(processMemoryLimit(files({ '/sys/fs/cgroup/memory.max': `${64 * GB}` }), 8 * GB)).toBe(8 * GB)
  })
})
