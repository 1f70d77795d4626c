/**
 * How much memory this process may use: the container's limit when it runs under one (cgroup v2
 * `memory.max`, or v1 `memory.limit_in_bytes`), else the machine's memory. Sizes the in-memory
 * event index, so a laptop, a small container and a large server each get a sensible default
 * without a setting.
 * @module
 */
import { readFileSync } from 'node:fs'
import { totalmem } from 'node:os'

// cgroup v1 writes "no limit" as a number near 2^63.
const NO_LIMIT_ABOVE = 2 ** 60

/**
 * The limit a cgroup memory file states, in bytes; undefined for none (`max`) or an unreadable text.
 * @example parseCgroupMemoryLimit('2147483648\n') // 2147483648
 */
export function parseCgroupMemoryLimit(text: string): number | undefined {
  const value = text.trim()
  if (!/^\d+$/.test(value)) return undefined
  const bytes = Number(value)
  return bytes > 0 && bytes < NO_LIMIT_ABOVE ? bytes : undefined
}

const CGROUP_LIMIT_FILES = ['/sys/fs/cgroup/memory.max', '/sys/fs/cgroup/memory/memory.limit_in_bytes']

/**
 * The memory this process may use, in bytes: the smaller of the machine's memory and its
 * cgroup's limit, when it has one.
 * @param readText - reads a file (the real file system by default; tests pass their own)
 * @param machineBytes - the machine's memory (default `os.totalmem()`)
 */
export function processMemoryLimit(
  readText: (file: string) => string = (file) => readFileSync(file, 'utf8'),
  machineBytes: number = totalmem(),
): number {
  for (const file of CGROUP_LIMIT_FILES) {
    let text: string
    try {
      text = readText(file)
    } catch {
      continue
    }
    const limit = parseCgroupMemoryLimit(text)
    if (limit !== undefined) return Math.min(limit, machineBytes)
  }
  return machineBytes
}
