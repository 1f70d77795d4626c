/**
 * Who may see and act on an import: its uploader, editors and admins. Everyone else gets a 404,
 * which does not reveal that the import exists.
 * @module
 */
import type { PayloadRequest } from 'payload'

import { isEditorOrAdminUser } from '../../access/roles'
import { ApiError } from '../api/api-error'
import { idOf, loadImportFile, type ImportFileDoc } from './import-documents'

/** The signed-in user of a request, or a 401. */
export function requireUser(req: PayloadRequest): NonNullable<PayloadRequest['user']> {
  if (!req.user) throw new ApiError(401, 'not-signed-in', 'Sign in to import files')
  return req.user
}

/** Whether the request's user uploaded the file, or is an editor or admin. */
export function mayActOnImport(req: PayloadRequest, file: ImportFileDoc): boolean {
  if (!req.user) return false
  return isEditorOrAdminUser(req.user) || idOf(file.owner) === Number(req.user.id)
}

/**
 * Loads the import file behind an import id for the request's user.
 * @throws {@link ApiError} 401 when not signed in, 404 when there is no such import for them
 */
export async function loadImportForRequest(req: PayloadRequest, importId: number): Promise<ImportFileDoc> {
  requireUser(req)
  let file: ImportFileDoc | undefined
  try {
    file = await loadImportFile(req.payload, importId)
  } catch {
    file = undefined
  }
  if (!file || !mayActOnImport(req, file)) {
    throw new ApiError(404, 'import-not-found', `There is no import ${importId} you can see`, 'importId')
  }
  return file
}
