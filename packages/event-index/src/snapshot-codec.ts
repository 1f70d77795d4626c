/**
 * The bytes of an index snapshot: a segment's columns, one field column, or the search postings,
 * as written to disk so a restarted or second process reads them back instead of asking the
 * database again. A snapshot names the dataset, the events version and the row count it was
 * taken at, and is read back only for exactly those: the caller compares them with the
 * database's current version, so a snapshot can never stand in for newer events.
 *
 * Layout: the 8-byte magic `CHRSNAP1`, the header's byte length (uint32, little-endian), 4 zero
 * bytes, the whole snapshot's byte length (uint64, so a cut file is told apart), the header as
 * JSON, padding to 8 bytes, then each array's bytes, each starting at a multiple of 8,
 * so the arrays are read as views of the file's bytes without a copy. Arrays are little-endian,
 * as on every machine Node runs on. The search postings are stored packed, as they are held in
 * memory (see `text-postings`), so reading them back is a check of their bytes and no copy; so
 * are a segment's times, in blocks (see `time-column`).
 * @module
 */
import { EventSegment } from './event-segment'
import { FieldColumn, type CodeArray } from './field-column'
import { InvalidPostings } from './packed-rows'
import { TextPostings } from './text-postings'
import { TimeColumn } from './time-column'

const MAGIC = 'CHRSNAP1'
// Per part, so a change to one part's layout leaves the others' files usable. Postings are at 2:
// packed (format 1 listed each row as an int32); segments are at 2: times in blocks (format 1 held
// a float64 a row, which a segment no longer does). An older file is refused and read again.
const FORMATS: Readonly<Record<SnapshotPart, number>> = { segment: 2, field: 1, text: 2 }
const ALIGN = 8
// Magic, header length, 4 zero bytes, total length.
const PREFIX_BYTES = 24

/** What a snapshot holds. */
export type SnapshotPart = 'segment' | 'field' | 'text'

/** Which events a snapshot was taken of; it is read back only for the same. */
export interface SnapshotKey {
  readonly datasetId: number
  /** The dataset's events version. */
  readonly version: string
  /** The events the dataset held at that version. */
  readonly size: number
}

/** The snapshot a caller wants: a segment's before its size is known, a field's or postings' after. */
export type SnapshotWanted = Omit<SnapshotKey, 'size'> & { readonly size?: number }

type ArrayKind = 'uint8' | 'int8' | 'int16' | 'int32' | 'uint32' | 'float64'
type NumberArray = Uint8Array | Int8Array | Int16Array | Int32Array | Uint32Array | Float64Array

const ARRAYS = {
  uint8: Uint8Array,
  int8: Int8Array,
  int16: Int16Array,
  int32: Int32Array,
  uint32: Uint32Array,
  float64: Float64Array,
} as const

const kindOf = (array: NumberArray): ArrayKind =>
  (Object.keys(ARRAYS) as ArrayKind[]).find((kind) => array instanceof ARRAYS[kind])!

interface ArrayEntry {
  readonly name: string
  readonly kind: ArrayKind
  readonly length: number
  /** From the start of the data, after the padded header. */
  readonly offset: number
}

interface Header extends SnapshotKey {
  readonly format: number
  readonly part: SnapshotPart
  readonly path?: string
  readonly texts?: readonly string[]
  readonly arrays: readonly ArrayEntry[]
}

/** A snapshot that cannot be read back for the key asked: another version, a cut or foreign file. */
export class SnapshotMismatch extends Error {
  override readonly name = 'SnapshotMismatch'
}

const padded = (bytes: number) => Math.ceil(bytes / ALIGN) * ALIGN

function encode(
  key: SnapshotKey,
  part: SnapshotPart,
  arrays: ReadonlyArray<readonly [string, NumberArray]>,
  extra: { path?: string; texts?: readonly string[] },
): Uint8Array[] {
  const entries: ArrayEntry[] = []
  let offset = 0
  for (const [name, array] of arrays) {
    entries.push({ name, kind: kindOf(array), length: array.length, offset })
    offset += padded(array.byteLength)
  }
  const headerBytes = new TextEncoder().encode(
    JSON.stringify({ format: FORMATS[part], part, ...key, ...extra, arrays: entries }),
  )
  const prefix = new Uint8Array(padded(PREFIX_BYTES + headerBytes.length))
  prefix.set(new TextEncoder().encode(MAGIC), 0)
  const view = new DataView(prefix.buffer)
  view.setUint32(MAGIC.length, headerBytes.length, true)
  view.setBigUint64(16, BigInt(prefix.length + offset), true)
  prefix.set(headerBytes, PREFIX_BYTES)
  const chunks: Uint8Array[] = [prefix]
  for (const [, array] of arrays) {
    chunks.push(new Uint8Array(array.buffer, array.byteOffset, array.byteLength))
    const gap = padded(array.byteLength) - array.byteLength
    if (gap > 0) chunks.push(new Uint8Array(gap))
  }
  return chunks
}

interface Decoded {
  readonly header: Header
  readonly array: {
    (name: string, kind: 'uint8'): Uint8Array
    (name: string, kind: 'int8'): Int8Array
    (name: string, kind: 'int16'): Int16Array
    (name: string, kind: 'int32'): Int32Array
    (name: string, kind: 'uint32'): Uint32Array
    (name: string, kind: 'float64'): Float64Array
    (name: string, kind: ArrayKind): NumberArray
  }
}

function decode(bytes: Uint8Array, key: SnapshotWanted, part: SnapshotPart): Decoded {
  if (bytes.length < PREFIX_BYTES || new TextDecoder().decode(bytes.subarray(0, MAGIC.length)) !== MAGIC)
    throw new SnapshotMismatch('not an index snapshot')
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const headerLength = view.getUint32(MAGIC.length, true)
  const byteLength = view.getBigUint64(16, true)
  if (byteLength !== BigInt(bytes.length))
    throw new SnapshotMismatch(`the snapshot holds ${bytes.length} bytes; it was written with ${byteLength}`)
  if (PREFIX_BYTES + headerLength > bytes.length) throw new SnapshotMismatch('the snapshot header runs past the end')
  let header: Header
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(PREFIX_BYTES, PREFIX_BYTES + headerLength))) as Header
  } catch {
    throw new SnapshotMismatch('the snapshot header is not JSON')
  }
  if (header.part === part && header.format !== FORMATS[part])
    throw new SnapshotMismatch(`snapshot format ${header.format}, expected ${FORMATS[part]}`)
  if (
    header.part !== part ||
    header.datasetId !== key.datasetId ||
    header.version !== key.version ||
    (key.size !== undefined && header.size !== key.size)
  )
    throw new SnapshotMismatch(
      `the snapshot is of ${header.part} ${header.datasetId} v${header.version} (${header.size} events), not ${part} ${key.datasetId} v${key.version}${key.size === undefined ? '' : ` (${key.size})`}`,
    )
  const dataStart = padded(PREFIX_BYTES + headerLength)
  const array = (name: string, kind: ArrayKind): NumberArray => {
    const entry = header.arrays.find((candidate) => candidate.name === name)
    if (!entry || entry.kind !== kind) throw new SnapshotMismatch(`the snapshot has no ${kind} array "${name}"`)
    if (
      !Number.isSafeInteger(entry.offset) ||
      entry.offset < 0 ||
      !Number.isSafeInteger(entry.length) ||
      entry.length < 0
    )
      throw new SnapshotMismatch(`array "${name}" has offset ${entry.offset} and length ${entry.length}`)
    const width = ARRAYS[kind].BYTES_PER_ELEMENT
    const start = dataStart + entry.offset
    if (start + entry.length * width > bytes.length) throw new SnapshotMismatch(`array "${name}" runs past the end`)
    // Views need aligned offsets; a buffer that starts unaligned is copied instead (with the
    // constructor: a Node Buffer's `slice` is a view, not a copy).
    const unaligned = (bytes.byteOffset + start) % width !== 0
    const source = unaligned ? new Uint8Array(bytes.subarray(start, start + entry.length * width)) : bytes
    const at = unaligned ? 0 : bytes.byteOffset + start
    return new ARRAYS[kind](source.buffer as ArrayBuffer, at, entry.length)
  }
  return { header, array: array as Decoded['array'] }
}

const keyOf = (segment: EventSegment): SnapshotKey => ({
  datasetId: segment.datasetId,
  version: segment.version,
  size: segment.size,
})

/**
 * A segment's columns as snapshot bytes, in chunks to write one after another (views of the
 * segment's own arrays, not copies).
 */
export function encodeSegmentSnapshot(segment: EventSegment): Uint8Array[] {
  const { bases, units, offsets, wide, wideStarts } = segment.timeColumn.parts
  return encode(
    keyOf(segment),
    'segment',
    [
      ['ids', segment.ids],
      ['timeBases', bases],
      ['timeUnits', units],
      ['timeOffsets', offsets],
      ['timeWide', wide],
      ['timeWideStarts', wideStarts],
      ['longitudes', segment.longitudes],
      ['latitudes', segment.latitudes],
    ],
    {},
  )
}

/**
 * The segment a snapshot holds.
 * @throws SnapshotMismatch when it is not a segment snapshot of exactly `key`'s dataset and version
 */
export function decodeSegmentSnapshot(bytes: Uint8Array, key: SnapshotWanted): EventSegment {
  const { header, array } = decode(bytes, key, 'segment')
  const ids = array('ids', 'int32')
  if (ids.length !== header.size)
    throw new SnapshotMismatch(`the snapshot holds ${ids.length} events; its header says ${header.size}`)
  try {
    const timeColumn = TimeColumn.fromParts(
      {
        bases: array('timeBases', 'float64'),
        units: array('timeUnits', 'float64'),
        offsets: array('timeOffsets', 'uint32'),
        wide: array('timeWide', 'float64'),
        wideStarts: array('timeWideStarts', 'int32'),
      },
      ids.length,
    )
    const longitudes = array('longitudes', 'float64')
    const latitudes = array('latitudes', 'float64')
    return new EventSegment(key.datasetId, key.version, { ids, timeColumn, longitudes, latitudes })
  } catch (error) {
    throw new SnapshotMismatch(`the snapshot's columns are not a segment: ${(error as Error).message}`)
  }
}

/** One field column of a segment as snapshot bytes. */
export function encodeFieldSnapshot(segment: EventSegment, path: string, column: FieldColumn): Uint8Array[] {
  return encode(keyOf(segment), 'field', [['codes', column.codes]], { path, texts: column.dictionary })
}

/**
 * The field column a snapshot holds, for `segment`.
 * @throws SnapshotMismatch when it is not the column of `path` at the segment's version
 */
export function decodeFieldSnapshot(bytes: Uint8Array, segment: EventSegment, path: string): FieldColumn {
  const { header, array } = decode(bytes, keyOf(segment), 'field')
  if (header.path !== path) throw new SnapshotMismatch(`the snapshot is of field "${header.path}", not "${path}"`)
  // Codes as narrow as the dictionary allows; format 1 files of an older Chronotope hold int32.
  const kind = header.arrays.find((entry) => entry.name === 'codes')?.kind
  const codes = array('codes', kind === 'int8' || kind === 'int16' ? kind : 'int32') as CodeArray
  if (codes.length !== segment.size) throw new SnapshotMismatch(`the snapshot holds ${codes.length} rows`)
  try {
    return FieldColumn.fromCodes(codes, header.texts ?? [])
  } catch (error) {
    throw new SnapshotMismatch((error as Error).message)
  }
}

/**
 * A segment's search postings as snapshot bytes: their two packed arrays as they are (views, not
 * copies).
 */
export function encodeTextSnapshot(segment: EventSegment, postings: TextPostings): Uint8Array[] {
  const { records, starts } = postings.packed
  return encode(
    keyOf(segment),
    'text',
    [
      ['starts', starts],
      ['records', records],
    ],
    {},
  )
}

/**
 * The search postings a snapshot holds, for `segment`: views of the bytes, checked in one pass
 * over them (records in lexeme order, rows ascending and inside the segment) without unpacking.
 * @throws SnapshotMismatch when it is not the postings at the segment's version, or not valid postings
 */
export function decodeTextSnapshot(bytes: Uint8Array, segment: EventSegment): TextPostings {
  const { array } = decode(bytes, keyOf(segment), 'text')
  try {
    return TextPostings.fromPacked(segment.size, {
      records: array('records', 'uint8'),
      starts: array('starts', 'int32'),
    })
  } catch (error) {
    if (!(error instanceof InvalidPostings)) throw error
    throw new SnapshotMismatch(`the snapshot's postings are not valid: ${error.message}`)
  }
}
