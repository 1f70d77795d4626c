import { describe, expect, it } from 'vitest'

import { detectFormat } from './detect-format'
import { UnsupportedFormat } from './errors'
import { buildZip } from './testing/build-zip'
import { encodeUtf16, encodeWindows1252 } from './testing/encode-text'

const text = (value: string): Uint8Array => new TextEncoder().encode(value)
const ODS_MIMETYPE = 'application/vnd.oasis.opendocument.spreadsheet'

describe('detectFormat', () => {
  it.each([
    {
      name: 'CSV',
      head: text('date,city\n1/2/2016,Erie\n'),
      expected: { format: 'csv', mimeType: 'text/csv', delimiter: ',', quote: '"', encoding: 'utf-8', hasBom: false },
    },
    { name: 'semicolon CSV', head: text('date;city\n1/2/2016;Erie\n'), expected: { format: 'csv', delimiter: ';' } },
    {
      name: 'TSV',
      head: text('date\tcity\n1/2/2016\tErie\n'),
      expected: { format: 'csv', delimiter: '\t', mimeType: 'text/tab-separated-values' },
    },
    {
      name: 'CSV with BOM',
      head: new Uint8Array([0xef, 0xbb, 0xbf, ...text('a,b\n1,2\n')]),
      expected: { format: 'csv', hasBom: true, encoding: 'utf-8' },
    },
    {
      name: 'UTF-16LE CSV',
      head: encodeUtf16('a;b\n1;2\n', 'le', true),
      expected: { format: 'csv', encoding: 'utf-16le', delimiter: ';' },
    },
    {
      name: 'UTF-16BE CSV without BOM',
      head: encodeUtf16('a,b\n1,2\n', 'be', false),
      expected: { format: 'csv', encoding: 'utf-16be', hasBom: false },
    },
    {
      name: 'windows-1252 CSV',
      head: encodeWindows1252('ville;pays\nMontréal;Canada\nQuébec;Canada\nGenève;Suisse\n'),
      expected: { format: 'csv', encoding: 'windows-1252' },
    },
    { name: 'JSON array', head: text('  [{"a": 1}]'), expected: { format: 'json', mimeType: 'application/json' } },
    { name: 'JSON object', head: text('{"data": [{"a": 1}]}'), expected: { format: 'json' } },
    {
      name: 'NDJSON',
      head: text('{"a": 1}\n{"a": 2}\n'),
      expected: { format: 'json', mimeType: 'application/x-ndjson' },
    },
    {
      name: 'FeatureCollection',
      head: text('{"type": "FeatureCollection", "features": ['),
      expected: { format: 'geojson', mimeType: 'application/geo+json' },
    },
    {
      name: 'FeatureCollection with type last',
      head: text('{"features": [{"type": "Feature"}], "type": "FeatureCollection"}'),
      expected: { format: 'geojson' },
    },
    {
      name: 'single Feature',
      head: text('{"type":"Feature","geometry":null,"properties":{}}'),
      expected: { format: 'geojson' },
    },
    {
      name: 'JSON with a nested Feature type',
      head: text('{"data": [{"type": "Feature"}]}'),
      expected: { format: 'json' },
    },
    {
      name: 'OLE compound file',
      head: new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...Buffer.from('Workbook', 'utf16le')]),
      expected: { format: 'xls', mimeType: 'application/vnd.ms-excel' },
    },
    {
      name: 'XLSX zip',
      head: buildZip([
        { name: '[Content_Types].xml', data: '<x/>' },
        { name: 'xl/workbook.xml', data: '<workbook/>' },
      ]),
      expected: { format: 'xlsx' },
    },
    {
      name: 'ODS zip',
      head: buildZip([
        { name: 'mimetype', data: ODS_MIMETYPE, isStored: true },
        { name: 'content.xml', data: '<x/>' },
      ]),
      expected: { format: 'ods', mimeType: ODS_MIMETYPE },
    },
  ])('detects $name', ({ head, expected }) => {
    expect(detectFormat(head)).toMatchObject(expected)
  })

  it.each([
    { name: 'an empty file', head: new Uint8Array(0), message: 'the file is empty' },
    { name: 'only whitespace', head: text('  \n\n '), message: 'only whitespace' },
    { name: 'a PDF', head: text('%PDF-1.7\n%âãÏÓ'), message: 'PDF document' },
    { name: 'a PNG', head: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), message: 'PNG image' },
    { name: 'a gzip', head: new Uint8Array([0x1f, 0x8b, 0x08, 0x00]), message: 'gzip' },
    {
      name: 'binary junk',
      head: Uint8Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256),
      message: 'binary data',
    },
    { name: 'HTML', head: text('<!doctype html><html>'), message: 'XML or HTML' },
    {
      name: 'a zip of something else',
      head: buildZip([{ name: 'notes.txt', data: 'hi' }]),
      message: 'zip archive without a spreadsheet (entries: notes.txt)',
    },
    { name: 'a docx', head: buildZip([{ name: 'word/document.xml', data: '<w/>' }]), message: 'Word document' },
    {
      name: 'an ODF text document',
      head: buildZip([{ name: 'mimetype', data: 'application/vnd.oasis.opendocument.text', isStored: true }]),
      message: 'not a spreadsheet',
    },
  ])('rejects $name with UnsupportedFormat', ({ head, message }) => {
    expect(() => detectFormat(head)).toThrow(UnsupportedFormat)
    expect(() => detectFormat(head)).toThrow(message)
  })

  it('lists the supported formats in the error', () => {
    expect(() => detectFormat(new Uint8Array(0))).toThrow(
      'Supported formats: CSV/TSV, XLSX, XLS, ODS, JSON, NDJSON and GeoJSON',
    )
  })

  it('decides by content, using the name only to break ties', () => {
    expect(detectFormat(text('a,b\n1,2\n'), 'events.xlsx').format).toBe('csv')
    // A zip whose workbook entry lies beyond the head: the .xlsx name breaks the tie.
    const headOnly = buildZip([{ name: '[Content_Types].xml', data: '<x/>' }])
    expect(detectFormat(headOnly, 'events.xlsx').format).toBe('xlsx')
    expect(() => detectFormat(headOnly, 'events.zip')).toThrow(UnsupportedFormat)
    expect(detectFormat(text('city\nErie\n'), 'cities.tsv').delimiter).toBe('\t')
  })

  it('counts invalid UTF-8 bytes in mostly-UTF-8 text', () => {
    const head = new Uint8Array([
      ...text('name,agency\n' + 'Jane,Police\n'.repeat(400)),
      ...text('Sheriff'),
      0xcc,
      0x5f,
      0x0a,
    ])
    expect(detectFormat(head)).toMatchObject({ format: 'csv', encoding: 'utf-8', invalidByteCount: 1 })
  })
})
