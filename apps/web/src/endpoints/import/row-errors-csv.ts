import { readRows } from '@chronotope/file-readers'
import type { RowError } from '@chronotope/schema'
import type { Endpoint } from 'payload'

import { COLLECTION_NAMES } from '../../constants/collection-names'
import { errorResponse, parseIdParameter } from '../../lib/api/api-error'
import { csvCell } from '../../lib/api/csv-cell'
import { createJobRowBuilder } from '../../lib/import/job-row-builder'
import { loadImportForRequest } from '../../lib/import/import-access'
import { importFilePath, type ImportFileDoc, type ImportJobDoc } from '../../lib/import/import-documents'

async function* errorsOf(
  payload: Parameters<Endpoint['handler']>[0]['payload'],
  file: ImportFileDoc,
  job: ImportJobDoc,
) {
  if (!job.mapping || !job.detectedSchema) {
    yield* job.errors ?? []
    return
  }
  const strategy = job.mapping.idStrategy ?? {
    type: 'content-hash' as const,
    hashFields: [],
    duplicateAction: 'skip' as const,
  }
  const { build } = await createJobRowBuilder(payload, file, job, strategy)
  const lastRow = job.progress?.checkpoint?.lastRow ?? 0
  for await (const rows of readRows(importFilePath(file), file.detection!, {
    sheet: job.sheetIndex,
    batchSize: 2000,
  })) {
    for (const row of rows) {
      if (row.rowNumber > lastRow) return
      const built = build(row)
      if (built.errors) yield* built.errors
    }
  }
}

/**
 * `GET /api/import/{importId}/errors.csv?job={jobId}`: every row error of an import (or of one of
 * its sheets) as CSV: sheet, row, column, value, code, message. Computed from the file by the
 * same code that imported it, so it lists all errors, not only the first ones kept on the job.
 */
export const importRowErrorsEndpoint: Endpoint = {
  path: '/import/:importId/errors.csv',
  method: 'get',
  handler: async (req) => {
    try {
      const importId = parseIdParameter(req.routeParams?.importId as string | undefined, 'importId')
      const file = await loadImportForRequest(req, importId)
      const jobParam = new URL(req.url ?? 'http://localhost/').searchParams.get('job')
      const { docs } = await req.payload.find({
        collection: COLLECTION_NAMES.IMPORT_JOBS,
        where: {
          and: [
            { importFile: { equals: file.id } },
            ...(jobParam ? [{ id: { equals: parseIdParameter(jobParam, 'job') } }] : []),
          ],
        },
        depth: 0,
        limit: 1000,
        pagination: false,
        overrideAccess: true,
      })
      const encoder = new TextEncoder()
      const payload = req.payload
      const stream = new ReadableStream<Uint8Array>({
        async start(controller) {
          try {
            controller.enqueue(encoder.encode('\uFEFFsheet,row,column,value,code,message\r\n'))
            for (const job of docs as unknown as ImportJobDoc[]) {
              for await (const error of errorsOf(payload, file, job) as AsyncIterable<RowError>) {
                const line = [job.sheetName, error.row, error.column, error.value, error.code, error.message]
                controller.enqueue(encoder.encode(`${line.map(csvCell).join(',')}\r\n`))
              }
            }
            controller.close()
          } catch (error) {
            payload.logger.error({ err: error, msg: 'Writing the row errors CSV failed' })
            controller.error(error)
          }
        },
      })
      const name = file.filename.replace(/\.[^.]+$/, '').replace(/[^\w.-]+/g, '_')
      return new Response(stream, {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${name}-row-errors.csv"`,
          'Cache-Control': 'no-store',
        },
      })
    } catch (error) {
      return errorResponse(error, (err) => req.payload.logger.error({ err, msg: 'Row errors download failed' }))
    }
  },
}
