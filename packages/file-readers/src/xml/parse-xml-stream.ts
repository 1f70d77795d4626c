import { SaxesParser } from 'saxes'

import { MalformedFile } from '../errors'

/** A SAX parser without namespace processing: tag names keep their prefixes (`table:table`). */
export type XmlParser = SaxesParser<{ xmlns: false; position: true }>

/**
 * Streams XML bytes through a SAX parser whose handlers (set up by `attach`) push results into
 * `out`; yields what each chunk produced. Malformed or truncated XML throws {@link MalformedFile}
 * naming the part, line and column.
 * @example
 * // for await (const rows of parseXmlStream(chunks, 'content.xml', (parser, out) => parser.on('opentag', ...))) ...
 */
export async function* parseXmlStream<T>(
  chunks: AsyncIterable<Uint8Array>,
  part: string,
  attach: (parser: XmlParser, out: T[]) => void,
): AsyncGenerator<T[]> {
  const parser: XmlParser = new SaxesParser({ xmlns: false, position: true })
  const out: T[] = []
  attach(parser, out)
  // Handlers keep the array they were given; swap its contents instead of the array.
  const take = (): T[] => {
    const taken = out.slice()
    out.length = 0
    return taken
  }
  const decoder = new TextDecoder('utf-8')
  const fail = (error: unknown): never => {
    if (!(error instanceof Error) || error.constructor.name !== 'Error') throw error
    // saxes messages start with "undefined:line:column: "; keep the human part.
    const detail = error.message.replace(/^[^:]*:\d+:\d+: /, '')
    throw new MalformedFile(
      `Invalid XML: ${detail}`,
      { part, line: parser.line, column: parser.column + 1 },
      { cause: error },
    )
  }
  for await (const chunk of chunks) {
    try {
      parser.write(decoder.decode(chunk, { stream: true }))
    } catch (error) {
      fail(error)
    }
    if (out.length > 0) yield take()
  }
  try {
    parser.write(decoder.decode())
    parser.close()
  } catch (error) {
    fail(error)
  }
  if (out.length > 0) yield take()
}

/**
 * The local part of a prefixed XML name.
 * @example localName('x:row') // 'row'
 */
export function localName(name: string): string {
  const colon = name.indexOf(':')
  return colon === -1 ? name : name.slice(colon + 1)
}
