/**
 * An import through the HTTP API of a running Chronotope, as the browser tests make one: upload
 * the file, then poll its progress until it ends. Loads no Payload (unlike ./imports).
 * @module
 */
import type { Json } from './json'

/** How long an import may take before the poll gives up and returns the last progress. */
const IMPORT_DEADLINE_MS = 180_000

/**
 * Uploads `file` with `fields` to `POST /api/import/upload` as the holder of `token` and resolves
 * with the import's progress once it has completed or failed (or the deadline passed).
 * @throws when the upload is not accepted (202)
 * @example (await importOverHttp(baseUrl, token, { name: 'a.csv', bytes }, { catalogName: 'A' })).status // 'completed'
 */
export async function importOverHttp(
  baseUrl: string,
  token: string,
  file: { readonly name: string; readonly bytes: BlobPart },
  fields: Readonly<Record<string, string>>,
): Promise<Json> {
  const headers = { authorization: `JWT ${token}` }
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append('file', new Blob([file.bytes]), file.name)
  const upload = await fetch(`${baseUrl}/api/import/upload`, { method: 'POST', headers, body: form })
  if (upload.status !== 202) throw new Error(`The upload answered ${upload.status}: ${await upload.text()}`)
  const { job } = (await upload.json()) as { job: { importId: number } }
  const progressOf = async (): Promise<Json> =>
    (await fetch(`${baseUrl}/api/import/${job.importId}`, { headers })).json()
  let progress = await progressOf()
  for (const deadline = Date.now() + IMPORT_DEADLINE_MS; Date.now() < deadline;) {
    if (progress.status === 'completed' || progress.status === 'failed') break
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    progress = await progressOf()
  }
  return progress
}
