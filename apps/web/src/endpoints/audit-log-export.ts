import type { Endpoint, Payload, Where } from 'payload'

import { isAdminUser } from '../access/roles'
import { COLLECTION_NAMES } from '../constants/collection-names'
import { ApiError, errorResponse } from '../lib/api/api-error'
import { CHECKS_OWN_PARAMETERS } from '../lib/api/bounded-cms-endpoints'
import { exportWork } from '../lib/api/heavy-work-gate'
import { AUDIT_CSV_COLUMNS, auditCsvLine, type AuditCsvRow } from '../lib/audit/audit-csv'
import { auditFilterWhere } from '../lib/audit/audit-filters'
import { requestClient } from '../lib/http/request-client'

// Entries read per query: the export streams page by page, so memory stays flat however long the log.
const PAGE_SIZE = 500

// Newest first, a page at a time below the last id seen (ids grow with time).
async function* auditRows(payload: Payload, where: Where): AsyncGenerator<AuditCsvRow> {
  let below: number | undefined
  for (;;) {
    const { docs } = await payload.find({
      collection: COLLECTION_NAMES.AUDIT_LOG,
      where: below === undefined ? where : { and: [where, { id: { less_than: below } }] },
      sort: '-id',
      limit: PAGE_SIZE,
      pagination: false,
      depth: 0,
      overrideAccess: true,
    })
    for (const doc of docs) yield doc as unknown as AuditCsvRow
    if (docs.length < PAGE_SIZE) return
    below = (docs[docs.length - 1] as unknown as AuditCsvRow).id
  }
}

function auditCsvStream(payload: Payload, where: Where): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const rows = auditRows(payload, where)
  let headerSent = false
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true
        controller.enqueue(encoder.encode(`\uFEFF${AUDIT_CSV_COLUMNS.join(',')}\r\n`))
        return
      }
      try {
        const next = await rows.next()
        if (next.done) controller.close()
        else controller.enqueue(encoder.encode(auditCsvLine(next.value)))
      } catch (error) {
        payload.logger.error({ err: error, msg: 'Writing the audit log CSV failed' })
        controller.error(error)
      }
    },
    async cancel() {
      await rows.return(undefined)
    },
  })
}

/**
 * `GET /api/audit-log/export.csv?action=…&actor=…&targetCollection=…&targetId=…&from=…&to=…`: the
 * audit log's entries matching the filters (see `auditFilterWhere`), newest first, as CSV with
 * every cell guarded against spreadsheet formulas. Admins only (401 anonymous, 403 others);
 * streamed, holding a turn at the exports' gate like the event exports.
 */
export const auditLogExportEndpoint: Endpoint = {
  path: '/export.csv',
  method: 'get',
  custom: CHECKS_OWN_PARAMETERS,
  handler: async (req) => {
    try {
      if (!req.user) throw new ApiError(401, 'sign-in-required', 'Sign in as an admin to export the audit log')
      if (!isAdminUser(req.user)) throw new ApiError(403, 'not-allowed', 'Only admins may export the audit log')
      const where = auditFilterWhere(new URL(req.url ?? 'http://localhost/').searchParams)
      return await exportWork.respondStreaming(
        () =>
          Promise.resolve(
            new Response(auditCsvStream(req.payload, where), {
              headers: {
                'Content-Type': 'text/csv; charset=utf-8',
                'Content-Disposition': 'attachment; filename="chronotope-audit-log.csv"',
                'Cache-Control': 'no-store',
              },
            }),
          ),
        { client: requestClient(req), signal: req.signal },
      )
    } catch (error) {
      return errorResponse(error, (err) => req.payload.logger.error({ err, msg: 'Audit log export failed' }))
    }
  },
}
