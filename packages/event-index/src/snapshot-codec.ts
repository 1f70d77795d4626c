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
 * as on every machine Node runs on.
 * @module
 */
import { EventSegment } from './event-segment'
import { FieldColumn } from './field-column'
import { TextPostings } from './text-postings'

const MAGIC = 'CHRSNAP1'
const FORMAT = 1
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

type ArrayKind = 'int32' | 'float64'
type NumberArray = Int32Array | Float64Array

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
    entries.push({ name, kind: array instanceof Int32Array ? 'int32' : 'float64', length: array.length, offset })
    offset += padded(array.byteLength)
  }
  const headerBytes = new TextEncoder().encode(
    JSON.stringify({ format: FORMAT, part, ...key, ...extra, arrays: entries }),
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
    (name: string, kind: 'int32'): Int32Array
    (name: string, kind: 'float64'): Float64Array
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
  if (header.format !== FORMAT) throw new SnapshotMismatch(`snapshot format ${header.format}, expected ${FORMAT}`)
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
    const width = kind === 'int32' ? 4 : 8
    const start = dataStart + entry.offset
    if (start + entry.length * width > bytes.length) throw new SnapshotMismatch(`array "${name}" runs past the end`)
    const at = bytes.byteOffset + start
    // Views need aligned offsets; a buffer that starts unaligned is copied instead.
    if (at % width !== 0) {
      const copy = bytes.slice(start, start + entry.length * width)
      return kind === 'int32' ? new Int32Array(copy.buffer) : new Float64Array(copy.buffer)
    }
    return kind === 'int32'
      ? new Int32Array(bytes.buffer, at, entry.length)
      : new Float64Array(bytes.buffer, at, entry.length)
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
  return encode(
    keyOf(segment),
    'segment',
    [
      ['ids', segment.ids],
      ['times', segment.times],
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
  const columns = {
    ids: array('ids', 'int32'),
    times: array('times', 'float64'),
    longitudes: array('longitudes', 'float64'),
    latitudes: array('latitudes', 'float64'),
  }
  if (columns.ids.length !== header.size)
    throw new SnapshotMismatch(`the snapshot holds ${columns.ids.length} events; its header says ${header.size}`)
  try {
    return new EventSegment(key.datasetId, key.version, columns)
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
  const codes = array('codes', 'int32')
  if (codes.length !== segment.size) throw new SnapshotMismatch(`the snapshot holds ${codes.length} rows`)
  try {
    return FieldColumn.fromCodes(codes, header.texts ?? [])
  } catch (error) {
    throw new SnapshotMismatch((error as Error).message)
  }
}

/** A segment's search postings as snapshot bytes: the lexemes, each list's length, and the rows. */
export function encodeTextSnapshot(segment: EventSegment, postings: TextPostings): Uint8Array[] {
  const lexemes: string[] = []
  const lists: Int32Array[] = []
  for (const [lexeme, rows] of postings.lexemeRows()) {
    lexemes.push(lexeme)
    lists.push(rows)
  }
  const lengths = Int32Array.from(lists, (rows) => rows.length)
  const rows = new Int32Array(lengths.reduce((sum, length) => sum + length, 0))
  let at = 0
  for (const list of lists) {
    rows.set(list, at)
    at += list.length
  }
  return encode(
    keyOf(segment),
    'text',
    [
      ['lengths', lengths],
      ['rows', rows],
    ],
    { texts: lexemes },
  )
}

/**
 * The search postings a snapshot holds, for `segment`; each lexeme's rows are a view of the bytes.
 * @throws SnapshotMismatch when it is not the postings at the segment's version
 */
export function decodeTextSnapshot(bytes: Uint8Array, segment: EventSegment): TextPostings {
  const { header, array } = decode(bytes, keyOf(segment), 'text')
  const lexemes = header.texts ?? []
  const lengths = array('lengths', 'int32')
  const rows = array('rows', 'int32')
  if (lengths.length !== lexemes.length) throw new SnapshotMismatch('the lexemes and their lists differ in number')
  const rowsByLexeme = new Map<string, Int32Array>()
  let at = 0
  for (let index = 0; index < lexemes.length; index++) {
    const length = lengths[index]!
    if (length < 0 || at + length > rows.length) throw new SnapshotMismatch('a postings list runs past the rows')
    const list = rows.subarray(at, at + length)
    for (let entry = 0; entry < list.length; entry++) {
      const row = list[entry]!
      if (row < 0 || row >= segment.size || (entry > 0 && row <= list[entry - 1]!))
        throw new SnapshotMismatch(`the rows of "${lexemes[index]}" are not ascending rows of the segment`)
    }
    rowsByLexeme.set(lexemes[index]!, list)
    at += length
  }
  if (at !== rows.length) throw new SnapshotMismatch('the postings lists do not cover the rows')
  return new TextPostings(segment.size, rowsByLexeme)
}
