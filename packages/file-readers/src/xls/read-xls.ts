import { stat } from 'node:fs/promises'
import { Worker } from 'node:worker_threads'

import { FileTooLarge, MalformedFile, SheetNotFound, TooManySheets } from '../errors'
import { excelSerialToIso } from '../excel-date'
import type { TableRow } from '../rows/table-row'
import type { CellValue, ReadLimits, RowIssue, SheetInfo } from '../types'

/** Heap the SheetJS worker may use; SheetJS needs roughly 70× the file size. */
const WORKER_HEAP_MB = 4096

/** Rows the worker sends per message. */
const WORKER_BATCH_ROWS = 2000

/** A cell as the worker sends it: plain values, or tagged dates and errors. */
type WorkerCell = CellValue | { serial: number } | { error: string }

/** Messages from `xls-worker.mjs`. */
type WorkerMessage =
  | { type: 'sheets'; names: string[]; is1904?: boolean }
  | { type: 'rows'; rows: { sourceRow: number; cells: WorkerCell[] }[] }
  | { type: 'done' }
  | { type: 'error'; kind: 'SheetNotFound' | 'MalformedFile'; message: string; names?: string[] }

async function checkSize(path: string, limits: ReadLimits): Promise<void> {
  const { size } = await stat(path)
  if (size > limits.maxXlsBytes) throw new FileTooLarge(path, size, limits.maxXlsBytes, 'Excel 97-2003 (.xls)')
}

/**
 * Runs the SheetJS worker and yields its messages, asking for the next batch only when the
 * caller wants more (so a huge sheet is not posted all at once). Terminates the worker when done.
 */
async function* runWorker(path: string, mode: 'list' | 'read', sheet: number | string): AsyncGenerator<WorkerMessage> {
  const worker = new Worker(new URL('./xls-worker.mjs', import.meta.url), {
    workerData: { path, mode, sheet, batchSize: WORKER_BATCH_ROWS },
    // Bounds what a crafted file can make the parser allocate.
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  })
  const queue: WorkerMessage[] = []
  let failure: MalformedFile | undefined
  let isEnded = false
  let wake: (() => void) | undefined
  const notify = (): void => {
    wake?.()
    wake = undefined
  }
  worker.on('message', (message: WorkerMessage) => {
    queue.push(message)
    notify()
  })
  worker.on('error', (error: Error & { code?: string }) => {
    const detail =
      error.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? `it needed more than ${WORKER_HEAP_MB} MB; save the file as .xlsx or CSV instead`
        : error.message
    failure = new MalformedFile(`The .xls parser failed on ${path}: ${detail}`, {}, { cause: error })
    notify()
  })
  worker.on('exit', () => {
    isEnded = true
    notify()
  })
  try {
    for (;;) {
      const message = queue.shift()
      if (message !== undefined) {
        if (message.type === 'error') {
          if (message.kind === 'SheetNotFound') throw new SheetNotFound(sheet, message.names ?? [])
          throw new MalformedFile(message.message)
        }
        yield message
        if (message.type === 'done' || (mode === 'list' && message.type === 'sheets')) return
        if (message.type === 'rows') worker.postMessage('next')
        continue
      }
      if (failure !== undefined) throw failure
      if (isEnded) throw new MalformedFile(`The .xls parser stopped before finishing ${path}`)
      await new Promise<void>((resolve) => {
        wake = resolve
      })
    }
  } finally {
    await worker.terminate()
  }
}

function toTableRow(row: { sourceRow: number; cells: WorkerCell[] }, is1904: boolean): TableRow {
  const issues: RowIssue[] = []
  const cells: CellValue[] = []
  row.cells.forEach((cell, column) => {
    if (cell !== null && typeof cell === 'object') {
      if ('serial' in cell) cells[column] = excelSerialToIso(cell.serial, is1904) ?? cell.serial
      else
        issues.push({
          code: 'cell-error',
          message: `Cell in row ${row.sourceRow}, column ${column + 1} holds the error ${cell.error}; read as empty`,
        })
    } else if (cell !== undefined) {
      cells[column] = cell
    }
  })
  const tableRow: TableRow = { cells, sourceRow: row.sourceRow }
  if (issues.length > 0) tableRow.issues = issues
  return tableRow
}

/**
 * Lists the sheets of a legacy Excel 97-2003 workbook (parsed in a worker thread).
 * @throws {@link FileTooLarge} over `limits.maxXlsBytes`; {@link MalformedFile} when unreadable;
 * {@link TooManySheets} past `limits.maxSheets`
 * @example await listXlsSheets('events.xls', limits) // [{ index: 0, name: 'Events' }]
 */
export async function listXlsSheets(path: string, limits: ReadLimits): Promise<SheetInfo[]> {
  await checkSize(path, limits)
  for await (const message of runWorker(path, 'list', 0)) {
    if (message.type !== 'sheets') continue
    if (message.names.length > limits.maxSheets) throw new TooManySheets(message.names.length, limits.maxSheets)
    return message.names.map((name, index) => ({ index, name }))
  }
  return []
}

/**
 * Streams one sheet of a legacy Excel 97-2003 workbook as table rows, parsed by SheetJS in a
 * worker thread so its prototype-pollution flaw cannot reach the app; date cells become ISO strings.
 * @throws {@link FileTooLarge}, {@link SheetNotFound}, {@link MalformedFile}
 * @example for await (const rows of readXlsTable('events.xls', 0, limits)) rows[0]?.cells // ['date', 'city']
 */
export async function* readXlsTable(
  path: string,
  sheet: number | string | undefined,
  limits: ReadLimits,
): AsyncGenerator<TableRow[]> {
  await checkSize(path, limits)
  let is1904 = false
  for await (const message of runWorker(path, 'read', sheet ?? 0)) {
    if (message.type === 'sheets') is1904 = message.is1904 === true
    else if (message.type === 'rows') yield message.rows.map((row) => toTableRow(row, is1904))
  }
}
