/**
 * Receives a multipart upload as a stream: the file goes straight to a temporary file on disk
 * (never whole into memory), with the size limit enforced while it streams.
 * @module
 */
import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web'

import busboy from 'busboy'

import { ApiError } from '../api/api-error'

/** A file received from a multipart request, stored in a temporary file. */
export interface ReceivedFile {
  /** Where the bytes are; the caller deletes it with {@link discardUpload}. */
  readonly tempPath: string
  /** The file name the client sent, without any folders. */
  readonly originalName: string
  /** The MIME type the client claimed (not trusted: the format detector decides). */
  readonly declaredMimeType: string
  /** Size in bytes. */
  readonly size: number
}

/** A received multipart request: its text fields and its one file. */
export interface ReceivedUpload {
  readonly fields: Readonly<Record<string, string>>
  readonly file: ReceivedFile
}

const MAX_FIELD_BYTES = 64 * 1024

function megabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`
}

function tooLarge(maxBytes: number): ApiError {
  return new ApiError(
    413,
    'upload-too-large',
    `The file is larger than the upload limit of ${megabytes(maxBytes)}; split it, or ask an admin to raise CHRONOTOPE_UPLOAD_MAX_MB`,
    'file',
  )
}

/**
 * Streams a multipart/form-data request's `file` part into `tempDir` and collects its other fields.
 * @throws {@link ApiError} 413 when the file exceeds `maxBytes`, 400 when there is no file or the
 * request is not multipart
 */
export async function receiveUpload(
  request: Request,
  options: { readonly tempDir: string; readonly maxBytes: number },
): Promise<ReceivedUpload> {
  const contentType = request.headers.get('content-type') ?? ''
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    throw new ApiError(400, 'not-multipart', 'Send the file as multipart/form-data with a "file" field', 'file')
  }
  const declaredLength = Number(request.headers.get('content-length'))
  // Multipart framing and the other fields add a little; anything far above the limit is refused unread.
  if (Number.isFinite(declaredLength) && declaredLength > options.maxBytes + 1024 * 1024) {
    throw tooLarge(options.maxBytes)
  }
  if (!request.body) throw new ApiError(400, 'missing-file', 'The request has no body; send a "file" field', 'file')
  await mkdir(options.tempDir, { recursive: true })

  const fields: Record<string, string> = {}
  let file: ReceivedFile | undefined
  let failure: ApiError | undefined
  const writes: Promise<void>[] = []
  const parser = busboy({
    headers: Object.fromEntries(request.headers.entries()),
    limits: { files: 1, fileSize: options.maxBytes, fieldSize: MAX_FIELD_BYTES, fields: 50 },
  })
  parser.on('field', (name, value, info) => {
    if (info.valueTruncated) failure ??= new ApiError(400, 'field-too-long', `The field "${name}" is too long`, name)
    fields[name] = value
  })
  parser.on('file', (name, stream, info) => {
    if (name !== 'file' || file) {
      stream.resume()
      return
    }
    const tempPath = path.join(options.tempDir, `${randomUUID()}.upload`)
    let size = 0
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length
    })
    stream.on('limit', () => {
      failure ??= tooLarge(options.maxBytes)
    })
    const originalName = path.basename(info.filename || 'upload')
    file = { tempPath, originalName, declaredMimeType: info.mimeType, size: 0 }
    writes.push(
      pipeline(stream, createWriteStream(tempPath)).then(() => {
        file = { tempPath, originalName, declaredMimeType: info.mimeType, size }
      }),
    )
  })
  parser.on('filesLimit', () => {
    failure ??= new ApiError(400, 'too-many-files', 'Send one file per upload', 'file')
  })
  try {
    await pipeline(Readable.fromWeb(request.body as unknown as NodeWebReadableStream), parser)
    await Promise.all(writes)
  } catch (error) {
    failure ??= new ApiError(
      400,
      'malformed-upload',
      `The upload could not be read: ${(error as Error).message}`,
      'file',
    )
  }
  if (failure || !file) {
    if (file) await discardUpload(file)
    throw (
      failure ?? new ApiError(400, 'missing-file', 'The request has no "file" field; choose a file to upload', 'file')
    )
  }
  return { fields, file }
}

/** Deletes a received file's temporary copy. */
export async function discardUpload(file: ReceivedFile): Promise<void> {
  await rm(file.tempPath, { force: true })
}
