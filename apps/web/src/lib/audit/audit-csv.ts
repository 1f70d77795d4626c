/**
 * The audit log's CSV export format: its columns and one entry as a line. Pure.
 * @module
 */
import { csvCell } from '../api/csv-cell'

/** The columns of the audit log's CSV export, in order. */
export const AUDIT_CSV_COLUMNS = [
  'time',
  'action',
  'actorId',
  'actorEmail',
  'actorAddress',
  'targetCollection',
  'targetId',
  'targetLabel',
  'changes',
  'details',
] as const

/** An audit log entry as the export reads it. */
export interface AuditCsvRow {
  id: number
  createdAt: string
  action: string
  actorId?: number | null
  actorEmail?: string | null
  actorAddress?: string | null
  targetCollection?: string | null
  targetId?: string | null
  targetLabel?: string | null
  changes?: unknown
  details?: unknown
}

/** One entry as a CSV line (CRLF-terminated), every cell through `csvCell`, `changes` and `details` as JSON. */
export function auditCsvLine(row: AuditCsvRow): string {
  const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value))
  const cells = [
    row.createdAt,
    row.action,
    row.actorId ?? null,
    row.actorEmail,
    row.actorAddress,
    row.targetCollection,
    row.targetId,
    row.targetLabel,
    json(row.changes),
    json(row.details),
  ]
  return `${cells.map(csvCell).join(',')}\r\n`
}
