import { MalformedFile } from '../errors'
import type { ReadLimits } from '../types'
import { localName, parseXmlStream } from '../xml/parse-xml-stream'
import type { ZipArchive } from '../zip/zip-archive'

const SHARED_STRINGS = 'xl/sharedStrings.xml'

/**
 * Decodes the `_xHHHH_` escapes OOXML uses for characters XML cannot hold (e.g. `_x000D_`).
 * @example decodeOoxmlEscapes('a_x000D_b') // 'a\rb'
 */
export function decodeOoxmlEscapes(text: string): string {
  if (!text.includes('_x')) return text
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

/**
 * Reads the shared string table: one string per `<si>`, rich-text runs concatenated and phonetic
 * (`<rPh>`) runs left out. Absent table → [].
 * @throws {@link MalformedFile} when there are more than `limits.maxSharedStrings` strings
 * @example await readSharedStrings(archive, limits) // ['date', 'city', 'Erie, PA']
 */
export async function readSharedStrings(archive: ZipArchive, limits: ReadLimits): Promise<string[]> {
  if (!archive.has(SHARED_STRINGS)) return []
  const strings: string[] = []
  const chunks = parseXmlStream<string>(archive.read(SHARED_STRINGS, limits), SHARED_STRINGS, (parser, out) => {
    let text = ''
    let isInText = false
    let phoneticDepth = 0
    parser.on('opentag', (tag) => {
      const name = localName(tag.name)
      if (name === 'si') text = ''
      else if (name === 'rPh') phoneticDepth++
      else if (name === 't' && phoneticDepth === 0) isInText = !tag.isSelfClosing
    })
    parser.on('text', (value) => {
      if (isInText) text += value
    })
    parser.on('closetag', (tag) => {
      const name = localName(tag.name)
      if (name === 't') isInText = false
      else if (name === 'rPh') phoneticDepth--
      else if (name === 'si') out.push(decodeOoxmlEscapes(text))
    })
  })
  for await (const batch of chunks) {
    for (const value of batch) strings.push(value)
    if (strings.length > limits.maxSharedStrings) {
      throw new MalformedFile(`The workbook has more than ${limits.maxSharedStrings} shared strings, the limit`, {
        part: SHARED_STRINGS,
      })
    }
  }
  return strings
}
