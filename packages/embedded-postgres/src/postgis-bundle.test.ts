import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createGunzip, gzipSync } from 'node:zlib'
import { extract as tarExtract } from 'tar-stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_SHARED_BUFFERS_MB, startParameters } from './open-database'
import { cacheFolderFor, isDropped, PostgisArchiveUnreadable, slimPostgisBundle } from './postgis-bundle'

/**
 * One tar entry: a ustar header and its data padded to 512 bytes. Written by hand, so that
 * tar-stream does not write the input it is tested on.
 */
function entry(name: string, data: string | Buffer, type = '0', linkname = ''): Buffer {
  const body = typeof data === 'string' ? Buffer.from(data) : data
  const header = Buffer.alloc(512)
  header.write(name.slice(0, 100), 0, 'utf8')
  header.write('0000644\0', 100, 'latin1')
  header.write(`${body.length.toString(8).padStart(11, '0')}\0`, 124, 'latin1')
  header.write(type, 156, 'latin1')
  header.write(linkname, 157, 'utf8')
  header.write('ustar\u000000', 257, 'latin1')
  header.fill(' ', 148, 156)
  const checksum = header.reduce((sum, byte) => sum + byte, 0)
  header.write(`${checksum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1')
  return Buffer.concat([header, body, Buffer.alloc((512 - (body.length % 512)) % 512)])
}

function paxRecord(key: string, value: string): string {
  const text = ` ${key}=${value}\n`
  let length = text.length + 1
  while (`${length}${text}`.length !== length) length += 1
  return `${length}${text}`
}

function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex')
}

/** An archive entry as a test compares it: its type, link target and the SHA-256 of its data. */
interface ArchivedEntry {
  readonly type: string
  readonly linkname: string
  readonly sha256: string
}

/** The entries of the gzip tar at `file`, by name, in archive order; hashed, as the real one is 95 MB unpacked. */
async function readArchive(file: string): Promise<Map<string, ArchivedEntry>> {
  const entries = new Map<string, ArchivedEntry>()
  const extract = tarExtract()
  const reading = pipeline(createReadStream(file), createGunzip(), extract)
  for await (const entry of extract) {
    const hash = createHash('sha256')
    for await (const chunk of entry) hash.update(chunk as Buffer)
    const { name, type, linkname } = entry.header
    entries.set(name, { type, linkname: linkname ?? '', sha256: hash.digest('hex') })
  }
  await reading
  return entries
}

describe('isDropped', () => {
  it.each([
    ['lib/postgresql/postgis_raster-3.so', true],
    ['lib/postgresql/postgis_topology-3.so', true],
    ['share/postgresql/extension/postgis_tiger_geocoder--3.6.2.sql', true],
    ['share/postgresql/contrib/postgis-3.6/spatial_ref_sys.sql', true],
    ['share/postgresql/extension/postgis--unpackaged--3.6.2.sql', true],
    ['lib/postgresql/postgis-3.so', false],
    ['share/postgresql/extension/postgis.control', false],
    ['share/postgresql/extension/postgis--3.6.2.sql', false],
    ['share/postgresql/extension/postgis--3.5.0--ANY.sql', false],
    ['share/proj/proj.db', false],
  ])('%s: %s', (name, dropped) => {
    expect(isDropped(name)).toBe(dropped)
  })
})

describe('cacheFolderFor', () => {
  it('is the .cache folder of the node_modules holding the archive', () => {
    expect(cacheFolderFor('/app/node_modules/@electric-sql/pglite-postgis/dist/postgis.tar.gz')).toBe(
      path.join('/app/node_modules', '.cache', 'chronotope'),
    )
  })

  it('refuses an archive outside node_modules', () => {
    expect(() => cacheFolderFor('/tmp/postgis.tar.gz')).toThrow('not inside a node_modules folder')
  })
})

describe('slimPostgisBundle', () => {
  let folder: string
  /** Where the installed archive would be: the cache folder is found from its node_modules. */
  let source: string

  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'postgis-bundle-'))
    source = path.join(folder, 'node_modules', '@electric-sql', 'pglite-postgis', 'dist', 'postgis.tar.gz')
    await mkdir(path.dirname(source), { recursive: true })
  })

  afterEach(async () => {
    await rm(folder, { recursive: true, force: true })
  })

  const longKept = `share/${'k'.repeat(120)}/postgis.control`
  const longDropped = `share/${'d'.repeat(120)}/postgis_raster.control`
  const library = Buffer.from(Array.from({ length: 1500 }, (_, index) => index % 251))
  const archive = Buffer.concat([
    entry('lib/postgresql/postgis-3.so', library),
    entry('lib/postgresql/postgis_raster-3.so', Buffer.alloc(2000, 2)),
    entry('././@LongLink', `${longDropped}\0`, 'L'),
    entry(longDropped.slice(0, 100), 'dropped'),
    entry('././@LongLink', `${longKept}\0`, 'L'),
    entry(longKept.slice(0, 100), 'kept'),
    entry('PaxHeader', paxRecord('path', 'share/postgresql/contrib/postgis-3.6/legacy.sql'), 'x'),
    entry('legacy.sql', 'dropped'),
    entry('share/postgresql/extension/postgis--2.0.0--ANY.sql', '', '2', 'postgis--TEMPLATED--TO--ANY.sql'),
    entry('share/postgresql/extension/empty.sql', ''),
    entry('share/proj/proj.db', Buffer.alloc(512, 3)),
    Buffer.alloc(1024),
  ])

  it('keeps the wanted entries byte for byte and none of the dropped ones', async () => {
    await writeFile(source, gzipSync(archive))
    const slim = await slimPostgisBundle(source)
    expect(path.dirname(slim)).toBe(cacheFolderFor(source))
    const entries = await readArchive(slim)
    expect([...entries.keys()]).toEqual([
      'lib/postgresql/postgis-3.so',
      longKept,
      'share/postgresql/extension/postgis--2.0.0--ANY.sql',
      'share/postgresql/extension/empty.sql',
      'share/proj/proj.db',
    ])
    expect(entries.get('lib/postgresql/postgis-3.so')?.sha256).toBe(sha256(library))
    expect(entries.get(longKept)?.sha256).toBe(sha256(Buffer.from('kept')))
    expect(entries.get('share/proj/proj.db')?.sha256).toBe(sha256(Buffer.alloc(512, 3)))
    expect(entries.get('share/postgresql/extension/empty.sql')?.sha256).toBe(sha256(Buffer.alloc(0)))
    expect(entries.get('share/postgresql/extension/postgis--2.0.0--ANY.sql')).toMatchObject({
      type: 'symlink',
      linkname: 'postgis--TEMPLATED--TO--ANY.sql',
    })
  })

  it('writes the copy once and reuses it', async () => {
    await writeFile(source, gzipSync(archive))
    const slim = await slimPostgisBundle(source)
    await writeFile(slim, 'marker')
    expect(await slimPostgisBundle(source)).toBe(slim)
    expect(await readFile(slim, 'utf8')).toBe('marker')
    expect(await readdir(cacheFolderFor(source))).toEqual([path.basename(slim)])
  })

  // A short timeout, so that a hang fails here rather than after the project's two minutes.
  it.each([
    ['a gzip cut short', () => gzipSync(archive).subarray(0, 600), /unexpected end of file/],
    ['a tar cut short inside its entry', () => gzipSync(archive.subarray(0, 1200)), /Unexpected end of data/],
    ['a corrupt tar header', () => gzipSync(Buffer.alloc(1024, 7)), /Invalid tar header/],
    ['a tar that is not gzipped', () => archive, /incorrect header check/],
  ])(
    'refuses %s, leaving no file in the cache',
    async (_, contents, reason) => {
      await writeFile(source, contents())
      const failure = slimPostgisBundle(source)
      await expect(failure).rejects.toThrow(PostgisArchiveUnreadable)
      await expect(failure).rejects.toThrow(reason)
      await expect(failure).rejects.toThrow(`the PostGIS archive ${source} could not be read`)
      expect(await readdir(cacheFolderFor(source))).toEqual([])
    },
    10_000,
  )

  it('leaves raster and topology out of the installed PostGIS archive, and copies the rest', async () => {
    const require = createRequire(import.meta.url)
    const installed = path.join(path.dirname(require.resolve('@electric-sql/pglite-postgis')), 'postgis.tar.gz')
    const slim = await slimPostgisBundle(installed)
    expect(path.dirname(slim)).toBe(cacheFolderFor(installed))
    expect(await slimPostgisBundle(installed)).toBe(slim)
    const [whole, kept] = await Promise.all([readArchive(installed), readArchive(slim)])
    expect(kept.has('lib/postgresql/postgis-3.so')).toBe(true)
    expect(kept.has('share/postgresql/extension/postgis.control')).toBe(true)
    expect(kept.has('share/proj/proj.db')).toBe(true)
    expect(kept).toEqual(new Map([...whole].filter(([name]) => !isDropped(name))))
  }, 60_000)
})

describe('startParameters', () => {
  it('adds shared_buffers to PGlite’s parameters', () => {
    const parameters = startParameters({})
    expect(parameters.slice(-2)).toEqual(['-c', `shared_buffers=${DEFAULT_SHARED_BUFFERS_MB}MB`])
    expect(parameters).toContain('--single')
    expect(startParameters({ sharedBuffersMb: 128 }).at(-1)).toBe('shared_buffers=128MB')
  })

  it.each([0, -1, 1.5, Number.NaN])('refuses %s megabytes', (sharedBuffersMb) => {
    expect(() => startParameters({ sharedBuffersMb })).toThrow(RangeError)
  })
})
