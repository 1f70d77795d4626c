/**
 * Snapshots of the in-memory event index on disk, in the data folder: after a dataset's events, a
 * data field or the search words have been read from the database, they are written to a file
 * named by the dataset and its events version, and a restarted process, or a second one sharing
 * the folder, reads that file instead of asking the database again. A file is used only for the
 * exact version the database states now (see `snapshot-codec` in `@chronotope/event-index`), so
 * a snapshot never stands in for newer events; older versions' files are deleted as newer ones
 * are written.
 *
 * The folder is per database: `<data>/event-index/<system id>-<timeline>-<database oid>/`, so
 * two databases (or a database restored to an earlier point, which starts a new timeline) never
 * read each other's files, while a streaming replica, which shares all three, reads the primary's.
 * @module
 */
import { createHash, randomBytes } from 'node:crypto'
import { access, mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises'
import path from 'node:path'

import {
  decodeFieldSnapshot,
  decodeSegmentSnapshot,
  decodeTextSnapshot,
  encodeFieldSnapshot,
  encodeSegmentSnapshot,
  encodeTextSnapshot,
  SnapshotMismatch,
  type EventSegment,
  type FieldColumn,
  type TextPostings,
} from '@chronotope/event-index'
import type { Pool } from 'pg'

/** Segments smaller than this are not written: the database reads them in a few milliseconds. */
export const SNAPSHOT_MIN_EVENTS = 10_000

/** How the snapshots are kept. */
export interface SegmentSnapshotOptions {
  /** The folder holding one sub-folder per database (`<data>/event-index`). */
  readonly directory: string
  /** Smallest segment written; default {@link SNAPSHOT_MIN_EVENTS}. */
  readonly minEvents?: number
  /** Told of a snapshot that could not be read, written or removed; the index then reads the database. */
  readonly onError?: (error: unknown, what: string) => void
}

/**
 * The database's identity: its cluster's system identifier, timeline and its own oid; undefined
 * where the server cannot say (then no snapshot is read or written).
 */
export async function databaseIdentity(pool: Pool): Promise<string | undefined> {
  try {
    const { rows } = await pool.query<{ identity: string }>(
      `select s.system_identifier::text || '-' || c.timeline_id::text || '-' || d.oid::text as identity
       from pg_control_system() s, pg_control_checkpoint() c, pg_database d
       where d.datname = current_database()`,
    )
    const identity = rows[0]?.identity
    return identity && /^[0-9-]+$/.test(identity) ? identity : undefined
  } catch {
    return undefined
  }
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT'

async function exists(file: string | undefined): Promise<boolean> {
  if (file === undefined) return false
  return access(file).then(
    () => true,
    () => false,
  )
}

/** A dataset's snapshots of one database. */
export class SegmentSnapshots {
  private identity: Promise<string | undefined> | undefined
  private readonly writing = new Set<string>()
  private readonly pendingWrites = new Set<Promise<void>>()

  constructor(
    private readonly pool: Pool,
    private readonly options: SegmentSnapshotOptions,
  ) {}

  private get minEvents(): number {
    return this.options.minEvents ?? SNAPSHOT_MIN_EVENTS
  }

  // The database's folder, or undefined when snapshots cannot be told apart by database.
  private async folder(): Promise<string | undefined> {
    this.identity ??= databaseIdentity(this.pool)
    const identity = await this.identity
    return identity === undefined ? undefined : path.join(this.options.directory, identity)
  }

  private async fileOf(datasetId: number, version: string, part: string): Promise<string | undefined> {
    const folder = await this.folder()
    return folder === undefined ? undefined : path.join(folder, `dataset-${datasetId}`, `v${version}.${part}`)
  }

  // Reads and decodes a snapshot; a missing file is null, an unusable one is removed and null.
  private async read<T>(file: string | undefined, decode: (bytes: Uint8Array) => T): Promise<T | null> {
    if (file === undefined) return null
    let bytes: Buffer
    try {
      bytes = await readFile(file)
    } catch (error) {
      if (!isMissing(error)) this.options.onError?.(error, `the index snapshot ${file}`)
      return null
    }
    try {
      return decode(bytes)
    } catch (error) {
      if (!(error instanceof SnapshotMismatch)) throw error
      this.options.onError?.(error, `the index snapshot ${file}`)
      await rm(file, { force: true }).catch(() => {})
      return null
    }
  }

  // Writes in the background, once per file, through a temporary file renamed into place, so a
  // reader never sees half a snapshot; then removes the dataset's older versions.
  private write(segment: EventSegment, part: string, encode: () => Uint8Array[]): Promise<void> {
    if (!this.keeps(segment.size)) return Promise.resolve()
    const task = (async () => {
      const file = await this.fileOf(segment.datasetId, segment.version, part)
      if (file === undefined || this.writing.has(file)) return
      this.writing.add(file)
      const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`
      try {
        await mkdir(path.dirname(file), { recursive: true })
        const handle = await open(temporary, 'wx')
        try {
          for (const chunk of encode()) await handle.write(chunk)
        } finally {
          await handle.close()
        }
        await rename(temporary, file)
        await this.removeOlderThan(path.dirname(file), segment.version)
      } catch (error) {
        await rm(temporary, { force: true }).catch(() => {})
        this.options.onError?.(error, `the index snapshot ${file}`)
      } finally {
        this.writing.delete(file)
      }
    })()
    this.pendingWrites.add(task)
    void task.finally(() => this.pendingWrites.delete(task))
    return task
  }

  /** Whether a segment of `events` events is written (smaller ones are not worth a file). */
  keeps(events: number): boolean {
    return events >= this.minEvents
  }

  private async removeOlderThan(folder: string, version: string): Promise<void> {
    const current = BigInt(version)
    for (const name of await readdir(folder)) {
      const match = /^v(\d+)\./.exec(name)
      if (match && BigInt(match[1]!) < current) await rm(path.join(folder, name), { force: true })
    }
  }

  /** Whether the snapshot of `datasetId`'s segment at exactly `version` is on disk (not whether it reads). */
  async hasSegment(datasetId: number, version: string): Promise<boolean> {
    return exists(await this.fileOf(datasetId, version, 'segment'))
  }

  /** Whether the snapshot of `segment`'s field column of `path` is on disk. */
  async hasField(segment: EventSegment, path: string): Promise<boolean> {
    return exists(await this.fileOf(segment.datasetId, segment.version, fieldPart(path)))
  }

  /** The segment of `datasetId` at exactly `version`, from its snapshot; null when there is none. */
  async readSegment(datasetId: number, version: string): Promise<EventSegment | null> {
    return this.read(await this.fileOf(datasetId, version, 'segment'), (bytes) =>
      decodeSegmentSnapshot(bytes, { datasetId, version }),
    )
  }

  /** Writes a segment read from the database; settles once it is on disk (a failure goes to `onError`). */
  writeSegment(segment: EventSegment): Promise<void> {
    return this.write(segment, 'segment', () => encodeSegmentSnapshot(segment))
  }

  /** The field column of `path` for `segment`, from its snapshot; null when there is none. */
  async readField(segment: EventSegment, path: string): Promise<FieldColumn | null> {
    return this.read(await this.fileOf(segment.datasetId, segment.version, fieldPart(path)), (bytes) =>
      decodeFieldSnapshot(bytes, segment, path),
    )
  }

  /** Writes a field column read from the database; settles once it is on disk (a failure goes to `onError`). */
  writeField(segment: EventSegment, path: string, column: FieldColumn): Promise<void> {
    return this.write(segment, fieldPart(path), () => encodeFieldSnapshot(segment, path, column))
  }

  /** The search postings of `segment`, from their snapshot; null when there is none. */
  async readText(segment: EventSegment): Promise<TextPostings | null> {
    return this.read(await this.fileOf(segment.datasetId, segment.version, 'text'), (bytes) =>
      decodeTextSnapshot(bytes, segment),
    )
  }

  /** Writes search postings read from the database; settles once it is on disk (a failure goes to `onError`). */
  writeText(segment: EventSegment, postings: TextPostings): Promise<void> {
    return this.write(segment, 'text', () => encodeTextSnapshot(segment, postings))
  }

  /** Removes the snapshots of every dataset but `datasetIds` (deleted datasets, emptied ones). */
  async forgetAllBut(datasetIds: ReadonlySet<number>): Promise<void> {
    const folder = await this.folder()
    if (folder === undefined) return
    let names: string[]
    try {
      names = await readdir(folder)
    } catch (error) {
      if (!isMissing(error)) this.options.onError?.(error, `the index snapshots in ${folder}`)
      return
    }
    for (const name of names) {
      const match = /^dataset-(\d+)$/.exec(name)
      if (match && !datasetIds.has(Number(match[1])))
        await rm(path.join(folder, name), { recursive: true, force: true }).catch((error: unknown) =>
          this.options.onError?.(error, `the index snapshots in ${path.join(folder, name)}`),
        )
    }
  }

  /** Settles once the writes started so far have ended (for tests and an orderly stop). */
  async written(): Promise<void> {
    await Promise.all(this.pendingWrites)
  }
}

// A field path may hold any character; its file is named by a hash, and the snapshot states the path.
const fieldPart = (fieldPath: string) => `field-${createHash('sha256').update(fieldPath).digest('hex').slice(0, 16)}`
