/**
 * Moves a received upload into the import files folder under a name no other file has. The
 * upload route detected the format from the content itself, so the file skips Payload's own
 * upload sniffing (which mistakes some UTF-16 text for audio).
 * @module
 */
import { constants } from 'node:fs'
import { copyFile, mkdir, rm } from 'node:fs/promises'
import path from 'node:path'

import { IMPORT_FILES_DIR } from './import-documents'

/**
 * A file name safe on every file system: no folders, no control or reserved characters.
 * @example safeFileName('../../etc/pass?wd.csv') // 'pass_wd.csv'
 */
export function safeFileName(name: string): string {
  const base = path.basename(name.replace(/\\/g, '/'))
  const cleaned = base
    .replace(/[\p{Cc}<>:"/\\|?*]+/gu, '_')
    .replace(/^\.+/, '')
    .trim()
  return cleaned.slice(-200) || 'upload'
}

/** Moves `tempPath` into the import files folder as `name` (or `name-1`, `name-2`… when taken); returns the name. */
export async function storeImportFile(tempPath: string, name: string): Promise<string> {
  await mkdir(IMPORT_FILES_DIR, { recursive: true })
  const safe = safeFileName(name)
  const extension = path.extname(safe)
  const stem = safe.slice(0, safe.length - extension.length)
  for (let n = 0; ; n++) {
    const candidate = n === 0 ? safe : `${stem}-${n}${extension}`
    const target = path.join(IMPORT_FILES_DIR, candidate)
    try {
      // COPYFILE_EXCL fails when the name is taken, so two uploads never overwrite each other.
      await copyFile(tempPath, target, constants.COPYFILE_EXCL)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue
      throw error
    }
    await rm(tempPath, { force: true })
    return candidate
  }
}
