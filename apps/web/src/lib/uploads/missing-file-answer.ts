/**
 * The answer to a request for an uploaded file that is not on the disk: a 404 naming the file.
 * Payload's own file route answers that case with a 500 ("Something went wrong"), which says the
 * server failed where it only has nothing to give.
 * @module
 */
import { stat } from 'node:fs/promises'
import path from 'node:path'

import type { UploadConfig } from 'payload'

type UploadHandler = NonNullable<UploadConfig['handlers']>[number]

/**
 * An upload collection's file handler (`upload.handlers`) that answers 404 when the asked file is
 * not in the collection's `staticDir`, and otherwise lets Payload serve it. A name that leaves the
 * folder is left to Payload, which refuses it with a 400.
 * @example upload: { staticDir, handlers: [missingFileAnswer(staticDir)] }
 */
export function missingFileAnswer(staticDir: string): UploadHandler {
  const folder = path.resolve(staticDir)
  const answer = async (params: { collection: string; filename: string }): Promise<Response | undefined> => {
    const file = path.resolve(folder, params.filename)
    if (!file.startsWith(folder + path.sep)) return undefined
    const found = await stat(file).catch(() => undefined)
    if (found?.isFile()) return undefined
    return Response.json(
      { errors: [{ message: `There is no file "${params.filename}" in ${params.collection}` }] },
      { status: 404, headers: { 'Cache-Control': 'no-store' } },
    )
  }
  // Payload's type has no `Promise<Response | void>`; it serves the file when no Response comes back.
  return (_req, { params }) => answer(params) as Promise<Response>
}
