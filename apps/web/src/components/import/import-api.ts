/**
 * The import UI's calls to Chronotope's API, from the browser with the sign-in cookie: upload,
 * preview, progress, import actions, and the catalogs, datasets and import jobs to choose from.
 * Every failure becomes an {@link ImportApiError} carrying the API's own message for the user.
 * @module
 */
import type { FormatDetectionResult, SheetInfo } from '@chronotope/file-readers'

import type { EventMapping, ImportChoice, ImportProgressResponse, SchemaField, SourceRowValues } from './import-types'
import type { RememberedChoices, StartImportBody } from './start-options'

/** A failed API call: the HTTP status, the API's error code and its message, shown verbatim. */
export class ImportApiError extends Error {
  /**
   * @param status - the HTTP status, 0 when the server could not be reached
   * @param code - the API's error code, e.g. `upload-too-large`
   */
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly parameter?: string,
  ) {
    super(message)
    this.name = 'ImportApiError'
  }
}

async function failureOf(response: Response, what: string): Promise<ImportApiError> {
  let body: { error?: unknown; code?: unknown; parameter?: unknown; errors?: Array<{ message?: unknown }> } = {}
  try {
    body = (await response.json()) as typeof body
  } catch {
    // Not JSON (a proxy's error page, say): the status alone has to do.
  }
  const message =
    typeof body.error === 'string'
      ? body.error
      : typeof body.errors?.[0]?.message === 'string'
        ? body.errors[0].message
        : `${what} failed with HTTP ${response.status}`
  return new ImportApiError(
    response.status,
    typeof body.code === 'string' ? body.code : `http-${response.status}`,
    message,
    typeof body.parameter === 'string' ? body.parameter : undefined,
  )
}

async function call<T>(url: string, what: string, init: RequestInit = {}): Promise<T> {
  let response: Response
  try {
    response = await fetch(url, { credentials: 'include', cache: 'no-store', ...init })
  } catch (error) {
    throw new ImportApiError(
      0,
      'network-error',
      `${what} failed: Chronotope did not answer (${(error as Error).message})`,
    )
  }
  if (!response.ok) throw await failureOf(response, what)
  return (await response.json()) as T
}

/** Where an upload goes: an existing catalog or a new one, and an existing dataset or a new one. */
export type UploadTarget =
  | { readonly catalogId: number; readonly datasetId: number }
  | { readonly catalogId: number; readonly datasetName: string }
  | { readonly catalogName: string; readonly datasetName: string }

/** The job the upload endpoint answers with. */
export interface UploadedImport {
  readonly importId: number
  readonly fileName: string
  readonly format: string
  readonly status: string
  readonly isStarted: boolean
}

/**
 * Uploads a file without starting it (`autoStart=false`), so the user sees the preview first.
 * @throws {@link ImportApiError} with the API's message (too large, unsupported type, not yours…)
 */
export async function uploadImportFile(file: File, target: UploadTarget): Promise<UploadedImport> {
  const form = new FormData()
  if ('catalogId' in target) form.append('catalog', String(target.catalogId))
  else form.append('catalogName', target.catalogName)
  if ('datasetId' in target) form.append('dataset', String(target.datasetId))
  else form.append('datasetName', target.datasetName)
  form.append('autoStart', 'false')
  form.append('file', file, file.name)
  const { job } = await call<{ job: UploadedImport }>('/api/import/upload', 'The upload', {
    method: 'POST',
    body: form,
  })
  return job
}

/** The answer of `GET /api/preview`. */
export interface ImportPreview {
  readonly importId: number
  readonly fileName: string
  readonly detection: FormatDetectionResult
  readonly sheets: readonly SheetInfo[]
  readonly sheet: number | string
  readonly headers: readonly string[]
  readonly rowsSampled: number
  /** Rows read after the sample only to decide date columns' day/month order. */
  readonly rowsScannedForDates: number
  readonly schema: {
    readonly fields: readonly SchemaField[]
    readonly mapping: EventMapping
    /** How each date column is read: decided from its values, or to be chosen before starting. */
    readonly choices: readonly ImportChoice[]
    readonly warnings: ReadonlyArray<{ readonly code: string; readonly field?: string; readonly message: string }>
  }
  /** For an import into a dataset: how its last import read the file, which the mapping starts from. */
  readonly remembered: {
    readonly datasetId: number
    readonly datasetName: string
    readonly importId: number
    readonly at: string
    readonly kept: readonly string[]
    readonly dropped: readonly string[]
    readonly options: RememberedChoices
  } | null
  readonly rows: ReadonlyArray<{ readonly rowNumber: number; readonly values: SourceRowValues }>
}

/** Loads the preview of one sheet of an uploaded file: detection, schema and the first rows. */
export function fetchImportPreview(importId: number, sheet: number, rows = 10): Promise<ImportPreview> {
  return call(`/api/preview?importId=${importId}&sheet=${sheet}&rows=${rows}`, 'Loading the preview')
}

/** Loads an import's progress. */
export function fetchImportProgress(importId: number, signal?: AbortSignal): Promise<ImportProgressResponse> {
  return call(`/api/import/${importId}`, 'Loading the progress', signal ? { signal } : {})
}

/** The actions on an import; each answers with the progress. */
export type ImportAction = 'start' | 'retry' | 'cancel' | 'review' | 'approve' | 'reject' | 'correct-place'

/** The body of an action: start options, or a job id and a rejection reason. */
export type ImportActionBody =
  | StartImportBody
  | { readonly jobId?: number; readonly reason?: string }
  | {
      readonly jobId: number
      readonly place: string
      readonly latitude: number
      readonly longitude: number
      readonly label?: string
      readonly precision?: string
    }

/** Runs an action on an import (`POST /api/import/{importId}/{action}`). */
export function postImportAction(
  importId: number,
  action: ImportAction,
  body: ImportActionBody = {},
): Promise<ImportProgressResponse> {
  return call(`/api/import/${importId}/${action}`, `The ${action} request`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

/** A catalog or dataset as the target picker lists it. */
export interface TargetOption {
  readonly id: number
  readonly name: string
  readonly owner: number | null
}

interface PayloadList {
  docs: Array<{ id: number; name?: string; owner?: number | { id: number } | null }>
}

function toOptions(list: PayloadList): TargetOption[] {
  return list.docs.map((doc) => ({
    id: doc.id,
    name: doc.name ?? `#${doc.id}`,
    owner: doc.owner && typeof doc.owner === 'object' ? doc.owner.id : (doc.owner ?? null),
  }))
}

/** The catalogs a user may import into: their own, or every one for editors and admins. */
export async function listTargetCatalogs(userId: number, isCurator: boolean): Promise<TargetOption[]> {
  const owner = isCurator ? '' : `&where[owner][equals]=${userId}`
  return toOptions(
    await call<PayloadList>(`/api/catalogs?limit=200&depth=0&sort=name${owner}`, 'Loading your catalogs'),
  )
}

/** The datasets of a catalog a user may import into. */
export async function listTargetDatasets(
  catalogId: number,
  userId: number,
  isCurator: boolean,
): Promise<TargetOption[]> {
  const owner = isCurator ? '' : `&where[owner][equals]=${userId}`
  const url = `/api/datasets?limit=200&depth=0&sort=name&where[catalog][equals]=${catalogId}${owner}`
  return toOptions(await call<PayloadList>(url, 'Loading the datasets'))
}

/** An import job waiting for an editor, as the pending approvals list shows it. */
export interface PendingApproval {
  readonly jobId: number
  readonly importId: number
  readonly label: string
  readonly sheetName: string | null
  readonly updatedAt: string | null
}

/** The import jobs awaiting approval (editors and admins see all of them). */
export async function listPendingApprovals(): Promise<PendingApproval[]> {
  const url = '/api/import-jobs?where[status][equals]=awaiting-approval&depth=0&limit=100&sort=-updatedAt'
  const list = await call<{ docs: Array<Record<string, unknown>> }>(url, 'Loading the pending approvals')
  return list.docs.map((doc) => {
    const file = doc.importFile
    return {
      jobId: Number(doc.id),
      importId: Number(file && typeof file === 'object' ? (file as { id: unknown }).id : file),
      label: typeof doc.label === 'string' ? doc.label : `Import job ${String(doc.id)}`,
      sheetName: typeof doc.sheetName === 'string' ? doc.sheetName : null,
      updatedAt: typeof doc.updatedAt === 'string' ? doc.updatedAt : null,
    }
  })
}
