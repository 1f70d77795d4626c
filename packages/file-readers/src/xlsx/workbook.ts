import { MalformedFile, TooManySheets } from '../errors'
import type { ReadLimits } from '../types'
import { localName, parseXmlStream } from '../xml/parse-xml-stream'
import type { ZipArchive } from '../zip/zip-archive'

/** A worksheet of an XLSX workbook and the zip entry holding its cells. */
export interface XlsxSheet {
  /** 0-based position in the workbook. */
  index: number
  /** Name shown on the sheet's tab. */
  name: string
  /** Zip entry of the sheet XML, e.g. `xl/worksheets/sheet1.xml`. */
  entry: string
}

/** What `xl/workbook.xml` and its relationships say about the workbook. */
export interface XlsxWorkbook {
  /** The sheets, in tab order. */
  sheets: XlsxSheet[]
  /** Whether dates count from 1904 (old Mac Excel) rather than 1900. */
  is1904: boolean
}

/**
 * Resolves a relationship target against the `xl/` folder.
 * @example resolveTarget('worksheets/sheet1.xml') // 'xl/worksheets/sheet1.xml'
 * @example resolveTarget('/xl/worksheets/sheet2.xml') // 'xl/worksheets/sheet2.xml'
 */
export function resolveTarget(target: string): string {
  if (target.startsWith('/')) return target.slice(1)
  const parts = ['xl']
  for (const part of target.split('/')) {
    if (part === '..') parts.pop()
    else if (part !== '.' && part !== '') parts.push(part)
  }
  return parts.join('/')
}

async function collect<T>(chunks: AsyncIterable<T[]>): Promise<T[]> {
  const all: T[] = []
  for await (const items of chunks) all.push(...items)
  return all
}

/**
 * Throws when two sheets point at the same part: Excel never writes that, and every sheet would
 * inflate the part again, multiplying what one small file costs to read.
 */
function checkSheetsHaveOwnParts(sheets: readonly XlsxSheet[]): void {
  const owners = new Map<string, XlsxSheet>()
  for (const sheet of sheets) {
    const owner = owners.get(sheet.entry)
    if (owner !== undefined) {
      throw new MalformedFile(`Sheets "${owner.name}" and "${sheet.name}" both point at ${sheet.entry}`, {
        part: 'xl/_rels/workbook.xml.rels',
      })
    }
    owners.set(sheet.entry, sheet)
  }
}

/**
 * Reads the sheet list and date system of an XLSX archive.
 * @throws {@link MalformedFile} when `xl/workbook.xml` is missing or invalid, or two sheets share a
 * part; {@link TooManySheets} past `limits.maxSheets` (it stops reading there)
 * @example (await readXlsxWorkbook(archive, limits)).sheets[0] // { index: 0, name: 'Events', entry: 'xl/worksheets/sheet1.xml' }
 */
export async function readXlsxWorkbook(archive: ZipArchive, limits: ReadLimits): Promise<XlsxWorkbook> {
  const targets = new Map<string, string>()
  if (archive.has('xl/_rels/workbook.xml.rels')) {
    const relationships = parseXmlStream<[string, string]>(
      archive.read('xl/_rels/workbook.xml.rels', limits),
      'xl/_rels/workbook.xml.rels',
      (parser, out) => {
        parser.on('opentag', (tag) => {
          if (
            localName(tag.name) === 'Relationship' &&
            tag.attributes.Id !== undefined &&
            tag.attributes.Target !== undefined
          ) {
            out.push([tag.attributes.Id, resolveTarget(tag.attributes.Target)])
          }
        })
      },
    )
    for (const [id, target] of await collect(relationships)) targets.set(id, target)
  }
  let is1904 = false
  let sheetCount = 0
  const declared = parseXmlStream<{ name: string; relationId: string }>(
    archive.read('xl/workbook.xml', limits),
    'xl/workbook.xml',
    (parser, out) => {
      parser.on('opentag', (tag) => {
        const name = localName(tag.name)
        if (name === 'workbookPr') {
          const value = tag.attributes.date1904
          is1904 = value === '1' || value === 'true'
        } else if (name === 'sheet') {
          const relationId = Object.entries(tag.attributes).find(
            ([key]) => localName(key) === 'id' && key !== 'sheetId',
          )?.[1]
          sheetCount++
          if (sheetCount > limits.maxSheets) throw new TooManySheets(sheetCount, limits.maxSheets, true)
          out.push({ name: tag.attributes.name ?? '', relationId: relationId ?? '' })
        }
      })
    },
  )
  const sheets = (await collect(declared)).map((sheet, index) => {
    const entry = targets.get(sheet.relationId) ?? `xl/worksheets/sheet${index + 1}.xml`
    return { index, name: sheet.name, entry }
  })
  if (sheets.length === 0) throw new MalformedFile('The workbook lists no sheets', { part: 'xl/workbook.xml' })
  checkSheetsHaveOwnParts(sheets)
  return { sheets, is1904 }
}
