import { createReadStream } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SHARED_BUFFERS_MB, startParameters } from './open-database'
import { cacheFolderFor, isDropped, slimPostgisBundle, TarFilter } from './postgis-bundle'

/** One tar entry: a ustar header and its data padded to 512 bytes. */
function entry(name: string, data: string | Buffer, type = '0'): Buffer {
  const body = typeof data === 'string' ? Buffer.from(data) : data
  const header = Buffer.alloc(512)
  header.write(name.slice(0, 100), 0, 'utf8')
  header.write('0000644\0', 100, 'latin1')
  header.write(`${body.length.toString(8).padStart(11, '0')}\0`, 124, 'latin1')
  header.write(type, 156, 'latin1')
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

/** The names of a tar archive's entries, long names and pax paths applied. */
function names(archive: Buffer): string[] {
  const found: string[] = []
  let next: string | undefined
  for (let offset = 0; offset + 512 <= archive.length;) {
    const header = archive.subarray(offset, offset + 512)
    if (header.every((byte) => byte === 0)) break
    const size = Number.parseInt(header.subarray(124, 136).toString('latin1').replace(/\0.*$/s, ''), 8)
    const data = archive.subarray(offset + 512, offset + 512 + size).toString('utf8')
    const type = String.fromCharCode(header[156]!)
    if (type === 'L') next = data.replace(/\0.*$/s, '')
    else if (type === 'x') next = /path=([^\n]*)\n/.exec(data)?.[1]
    else {
      found.push(next ?? header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, ''))
      next = undefined
    }
    offset += 512 + Math.ceil(size / 512) * 512
  }
  return found
}

/** Runs `archive` through the filter in chunks of `chunkSize` bytes. */
async function filter(archive: Buffer, chunkSize: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  for (let offset = 0; offset < archive.length; offset += chunkSize)
    chunks.push(archive.subarray(offset, offset + chunkSize))
  const output: Buffer[] = []
  await pipeline(Readable.from(chunks), new TarFilter(isDropped), async function (source) {
    for await (const chunk of source) output.push(chunk as Buffer)
  })
  return Buffer.concat(output)
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

describe('TarFilter', () => {
  const longKept = `share/${'k'.repeat(120)}/postgis.control`
  const longDropped = `share/${'d'.repeat(120)}/postgis_raster.control`
  const archive = Buffer.concat([
    entry('lib/postgresql/postgis-3.so', Buffer.alloc(1500, 1)),
    entry('lib/postgresql/postgis_raster-3.so', Buffer.alloc(2000, 2)),
    entry('././@LongLink', `${longDropped}\0`, 'L'),
    entry(longDropped.slice(0, 100), 'dropped'),
    entry('././@LongLink', `${longKept}\0`, 'L'),
    entry(longKept.slice(0, 100), 'kept'),
    entry('PaxHeader', paxRecord('path', 'share/postgresql/contrib/postgis-3.6/legacy.sql'), 'x'),
    entry('legacy.sql', 'dropped'),
    entry('share/postgresql/extension/postgis--2.0.0--ANY.sql', '', '2'),
    entry('share/proj/proj.db', Buffer.alloc(512, 3)),
    Buffer.alloc(1024),
  ])

  it.each([1, 100, 511, 512, 513, 4096, archive.length])(
    'keeps the wanted entries, chunks of %i bytes',
    async (size) => {
      const slim = await filter(archive, size)
      expect(names(slim)).toEqual([
        'lib/postgresql/postgis-3.so',
        longKept,
        'share/postgresql/extension/postgis--2.0.0--ANY.sql',
        'share/proj/proj.db',
      ])
      expect(slim.length % 512).toBe(0)
      // The end-of-archive blocks are kept.
      expect(slim.subarray(-1024).every((byte) => byte === 0)).toBe(true)
    },
  )

  it('copies kept entries byte for byte', async () => {
    const slim = await filter(archive, 700)
    expect(slim.subarray(0, 512 + 1536)).toEqual(archive.subarray(0, 512 + 1536))
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
  it('leaves raster and topology out of the installed PostGIS archive', async () => {
    const require = createRequire(import.meta.url)
    const source = path.join(path.dirname(require.resolve('@electric-sql/pglite-postgis')), 'postgis.tar.gz')
    const slim = await slimPostgisBundle(source)
    expect(path.dirname(slim)).toBe(cacheFolderFor(source))
    expect(await slimPostgisBundle(source)).toBe(slim)
    const chunks: Buffer[] = []
    await pipeline(createReadStream(slim), createGunzip(), async function (stream) {
      for await (const chunk of stream) chunks.push(chunk as Buffer)
    })
    const listed = names(Buffer.concat(chunks))
    expect(listed).toContain('lib/postgresql/postgis-3.so')
    expect(listed).toContain('share/postgresql/extension/postgis.control')
    expect(listed).toContain('share/proj/proj.db')
    expect(listed.filter(isDropped)).toEqual([])
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
