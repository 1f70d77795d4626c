import type { ReadLimits } from '../types'
import { localName, parseXmlStream } from '../xml/parse-xml-stream'
import type { ZipArchive } from '../zip/zip-archive'
import { isBuiltinDateFormat, isDateFormatCode } from './date-format'

const STYLES = 'xl/styles.xml'

/**
 * Reads `xl/styles.xml` and tells, for each cell style index (the `s` attribute of a cell),
 * whether it displays a date: its `numFmtId` is a built-in date format or a custom format whose
 * code has date/time letters. Absent styles → [].
 * @example await readDateStyles(archive, limits) // [false, true, false]
 */
export async function readDateStyles(archive: ZipArchive, limits: ReadLimits): Promise<boolean[]> {
  if (!archive.has(STYLES)) return []
  const customFormats = new Map<number, boolean>()
  const cellFormatIds: number[] = []
  const chunks = parseXmlStream<never>(archive.read(STYLES, limits), STYLES, (parser) => {
    let isInCellXfs = false
    parser.on('opentag', (tag) => {
      const name = localName(tag.name)
      if (name === 'numFmt') {
        const id = Number(tag.attributes.numFmtId)
        customFormats.set(id, isDateFormatCode(tag.attributes.formatCode ?? ''))
      } else if (name === 'cellXfs') {
        isInCellXfs = !tag.isSelfClosing
      } else if (name === 'xf' && isInCellXfs) {
        cellFormatIds.push(Number(tag.attributes.numFmtId ?? 0))
      }
    })
    parser.on('closetag', (tag) => {
      if (localName(tag.name) === 'cellXfs') isInCellXfs = false
    })
  })
  for await (const _ of chunks) {
    // Handlers fill the maps; nothing is emitted.
  }
  return cellFormatIds.map((id) => customFormats.get(id) ?? isBuiltinDateFormat(id))
}
