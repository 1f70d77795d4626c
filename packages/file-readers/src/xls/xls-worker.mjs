// Parses a legacy .xls (BIFF) workbook with SheetJS inside a worker thread. SheetJS 0.18.5 has a
// prototype-pollution flaw on crafted files (CVE-2023-30533); in a worker it can only pollute
// this isolate, which is thrown away. Plain JavaScript so it runs under Node, tsx and vitest alike.
//
// Protocol: workerData { path, mode: 'list' | 'read', sheet, batchSize }.
// Worker → parent: { type: 'sheets', names } | { type: 'rows', rows } | { type: 'done' }
//                | { type: 'error', kind: 'SheetNotFound' | 'MalformedFile', message, names? }
// Parent → worker: 'next' after each 'rows' message (flow control).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { parentPort, workerData } from 'node:worker_threads'

const XLSX = createRequire(import.meta.url)('xlsx')
const { path, mode, sheet, batchSize } = workerData

function fail(kind, message, names) {
  parentPort.postMessage({ type: 'error', kind, message, names })
}

function parse(options) {
  try {
    return XLSX.read(readFileSync(path), { type: 'buffer', ...options })
  } catch (error) {
    fail('MalformedFile', `Cannot read ${path} as an Excel 97-2003 workbook: ${error?.message ?? error}`)
    return undefined
  }
}

function cellOf(cell) {
  if (cell === undefined || cell.v === undefined || cell.v === null) return null
  switch (cell.t) {
    case 'e':
      return { error: cell.w ?? XLSX.utils.format_cell?.(cell) ?? '#ERROR' }
    case 'n':
      return cell.z !== undefined && XLSX.SSF.is_date(cell.z) ? { serial: cell.v } : cell.v
    case 'b':
    case 's':
      return cell.v
    case 'd':
      return cell.v instanceof Date ? cell.v.toISOString() : String(cell.v)
    default:
      return null
  }
}

function* rowsOf(worksheet) {
  if (worksheet === undefined || worksheet['!ref'] === undefined) return
  const range = XLSX.utils.decode_range(worksheet['!ref'])
  for (let r = range.s.r; r <= range.e.r; r++) {
    const cells = []
    let isEmpty = true
    for (let c = range.s.c; c <= range.e.c; c++) {
      const value = cellOf(worksheet[XLSX.utils.encode_cell({ r, c })])
      if (value !== null) {
        cells[c] = value
        isEmpty = false
      }
    }
    if (!isEmpty) yield { sourceRow: r + 1, cells }
  }
}

function run() {
  const book = parse({ bookSheets: true })
  if (book === undefined) return
  const names = book.SheetNames
  if (mode === 'list') {
    parentPort.postMessage({ type: 'sheets', names })
    return
  }
  const name =
    typeof sheet === 'number'
      ? names[sheet]
      : (names.find((n) => n === sheet) ?? names.find((n) => n.toLowerCase() === String(sheet).toLowerCase()))
  if (name === undefined) {
    fail('SheetNotFound', `Sheet ${sheet} not found`, names)
    return
  }
  const workbook = parse({ sheets: [name], cellNF: true, cellDates: false })
  if (workbook === undefined) return
  const is1904 = Boolean(workbook.Workbook?.WBProps?.date1904)
  parentPort.postMessage({ type: 'sheets', names, is1904 })
  const rows = rowsOf(workbook.Sheets[name])
  const sendNext = () => {
    const batch = []
    for (let next = rows.next(); !next.done; next = rows.next()) {
      batch.push(next.value)
      if (batch.length >= batchSize) break
    }
    if (batch.length === 0) {
      parentPort.postMessage({ type: 'done' })
      parentPort.off('message', sendNext)
      return
    }
    parentPort.postMessage({ type: 'rows', rows: batch })
  }
  parentPort.on('message', sendNext)
  sendNext()
}

run()
