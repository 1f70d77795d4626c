/**
 * The signed-in visitor's newest imports for the home page: the files they uploaded, with status
 * and the dataset each one filled, read with their own access.
 * @module
 */
import type { Payload, PayloadRequest } from 'payload'

import { COLLECTION_NAMES } from '../../constants/collection-names'

/** One uploaded file as the home page lists it. */
export interface RecentImport {
  /** The import file's id: `/import?importId={id}` shows its progress. */
  readonly id: number
  readonly filename: string
  /** The import status: pending, processing, awaiting-approval, completed, failed, cancelled. */
  readonly status: string
  /** When it was uploaded (ISO 8601). */
  readonly createdAt: string
  /** The datasets its sheets were imported into. */
  readonly datasetIds: readonly number[]
}

/**
 * The user's own newest uploads, newest first.
 * @param limit - how many; 5 by default
 * @example await recentImports(payload, user) // [{ id: 12, filename: 'rallies.csv', status: 'completed', ... }]
 */
export async function recentImports(
  payload: Payload,
  user: NonNullable<PayloadRequest['user']>,
  limit = 5,
): Promise<RecentImport[]> {
  const files = await payload.find({
    collection: COLLECTION_NAMES.IMPORT_FILES,
    user,
    overrideAccess: false,
    // Editors may read every upload; the home page lists the visitor's own.
    where: { owner: { equals: user.id } },
    sort: '-createdAt',
    limit,
    depth: 0,
    select: { filename: true, status: true, createdAt: true },
  })
  if (files.docs.length === 0) return []
  const jobs = await payload.find({
    collection: COLLECTION_NAMES.IMPORT_JOBS,
    user,
    overrideAccess: false,
    where: { importFile: { in: files.docs.map((file) => file.id) } },
    limit: 100,
    depth: 0,
    select: { importFile: true, dataset: true },
  })
  const datasetsByFile = new Map<number, number[]>()
  for (const job of jobs.docs) {
    const fileId = Number(job.importFile)
    const datasetId = job.dataset == null ? null : Number(job.dataset)
    if (datasetId === null || !Number.isFinite(fileId)) continue
    const list = datasetsByFile.get(fileId) ?? []
    if (!list.includes(datasetId)) list.push(datasetId)
    datasetsByFile.set(fileId, list)
  }
  return files.docs.map((file) => ({
    id: Number(file.id),
    filename: typeof file.filename === 'string' && file.filename ? file.filename : `Upload ${file.id}`,
    status: typeof file.status === 'string' ? file.status : 'pending',
    createdAt: String(file.createdAt),
    datasetIds: datasetsByFile.get(Number(file.id)) ?? [],
  }))
}
