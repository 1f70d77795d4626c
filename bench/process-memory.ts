/**
 * The memory a process and all its descendants hold, read from Linux's `/proc`: each process's
 * resident set (RSS, what `top` shows) and its proportional share (PSS, shared pages split among
 * the processes that map them, so the sum is not inflated by libraries every Node process maps).
 * The benchmarks print both beside their figures.
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs'

/** One process of a tree. */
export interface ProcessMemory {
  readonly pid: number
  /** The first 80 characters of its command line, the options before its script left out. */
  readonly command: string
  readonly rssBytes: number
  /** The most it has held since it started (`VmHWM`). */
  readonly peakRssBytes: number
  /** Undefined where `smaps_rollup` cannot be read (another user's process, an old kernel). */
  readonly pssBytes?: number
}

/** A process tree's memory, its processes largest first. */
export interface TreeMemory {
  readonly rssBytes: number
  /** The sum of PSS, or of RSS for the processes whose PSS could not be read. */
  readonly pssBytes: number
  readonly processes: readonly ProcessMemory[]
}

const read = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}

/** The parent pid from `/proc/<pid>/stat`, whose second field (the command) may hold spaces. */
function parentOf(pid: number): number | undefined {
  const stat = read(`/proc/${pid}/stat`)
  if (!stat) return undefined
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return Number(fields[1])
}

const kilobytes = (text: string | undefined, field: string): number | undefined => {
  const match = text?.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))
  return match ? Number(match[1]) * 1024 : undefined
}

/** `rootPid` and every process below it, root first. */
export function processTree(rootPid: number): number[] {
  const children = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const pid = Number(entry)
    const parent = parentOf(pid)
    if (parent === undefined) continue
    children.set(parent, [...(children.get(parent) ?? []), pid])
  }
  const tree: number[] = []
  const queue = [rootPid]
  while (queue.length > 0) {
    const pid = queue.shift()!
    tree.push(pid)
    queue.push(...(children.get(pid) ?? []))
  }
  return tree
}

// The launcher starts the web server as `node --heap-growing-percent=20 …/chronotope.mjs web-server`:
// without its options the command says what the process is within 80 characters.
function commandOf(cmdline: string): string {
  const [program = '', ...args] = cmdline.split('\0').filter((arg) => arg !== '')
  const script = args.findIndex((arg) => !arg.startsWith('-'))
  return [program, ...(script < 0 ? args : args.slice(script))].join(' ').slice(0, 80)
}

/**
 * Reads the memory of `rootPid`'s tree now. Processes that end while it reads are left out.
 * @example const { pssBytes } = treeMemory(app.pid)
 */
export function treeMemory(rootPid: number): TreeMemory {
  const processes: ProcessMemory[] = []
  for (const pid of processTree(rootPid)) {
    const status = read(`/proc/${pid}/status`)
    const rssBytes = kilobytes(status, 'VmRSS')
    if (rssBytes === undefined) continue
    const command = commandOf(read(`/proc/${pid}/cmdline`) ?? '')
    const peakRssBytes = kilobytes(status, 'VmHWM') ?? rssBytes
    const pssBytes = kilobytes(read(`/proc/${pid}/smaps_rollup`), 'Pss')
    processes.push({ pid, command, rssBytes, peakRssBytes, pssBytes })
  }
  processes.sort((a, b) => b.rssBytes - a.rssBytes)
  return {
    rssBytes: processes.reduce((sum, process) => sum + process.rssBytes, 0),
    pssBytes: processes.reduce((sum, process) => sum + (process.pssBytes ?? process.rssBytes), 0),
    processes,
  }
}

/** Bytes as megabytes with no decimals, e.g. `812 MB`. */
export function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024).toLocaleString('en')} MB`
}

/** The web processes serving an app, and the largest one's resident memory. */
export interface WebProcesses {
  readonly count: number
  readonly largestRssBytes: number
  /** The largest peak resident memory (`VmHWM`) of any of them. */
  readonly largestPeakRssBytes: number
}

/**
 * The `web-server` processes under the launcher `rootPid`: with several, one more of them is the
 * primary that only starts and watches the others (see the app's `runtime/web-cluster`).
 */
export function webProcessesOf(rootPid: number): WebProcesses {
  const web = treeMemory(rootPid).processes.filter((process) => process.command.includes('web-server'))
  return {
    count: Math.max(1, web.length - 1),
    largestRssBytes: Math.max(0, ...web.map((process) => process.rssBytes)),
    largestPeakRssBytes: Math.max(0, ...web.map((process) => process.peakRssBytes)),
  }
}
