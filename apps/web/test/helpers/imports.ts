/**
 * Uploads files through `POST /api/import/upload` and runs the import pipeline in-process until
 * the queue is empty, as a worker would.
 * @module
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'

import { drainImportQueue } from '../../src/lib/import/import-job-runner'
import { type ApiClient, testPayload, type ApiResponse } from './api-client'
import { FIVETHIRTYEIGHT_DIR } from '@chronotope/test-fixtures'
import type { Json } from './json'

/** The shared real-data fixtures. */
export const FIXTURES_DIR = FIVETHIRTYEIGHT_DIR

/** A file to upload: a fixture name, a path, or bytes with a name. */
export type UploadSource = { readonly path: string } | { readonly name: string; readonly bytes: Uint8Array | string }

/** Uploads a file with form fields (catalog, options…). */
export async function uploadFile(
  client: ApiClient,
  source: UploadSource,
  fields: Record<string, string | number | boolean>,
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  const bytes = 'path' in source ? await readFile(source.path) : source.bytes
  const name = 'path' in source ? path.basename(source.path) : source.name
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value))
  form.append('file', new Blob([bytes as BlobPart]), name)
  return client.postForm('/import/upload', form, headers)
}

/** Runs every queued import job (and the ones they queue) to the end. */
export async function runImports(): Promise<number> {
  return drainImportQueue(await testPayload(), true)
}

/** Uploads a file, runs the pipeline and returns the import progress. */
export async function importFile(
  client: ApiClient,
  source: UploadSource,
  fields: Record<string, string | number | boolean>,
): Promise<Json> {
  const upload = await uploadFile(client, source, fields)
  if (upload.status !== 202) throw new Error(`Upload failed with ${upload.status}: ${JSON.stringify(upload.body)}`)
  await runImports()
  const progress = await client.get(`/import/${upload.body.job.importId}`)
  return progress.body
}
