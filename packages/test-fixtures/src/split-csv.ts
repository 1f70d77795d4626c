/**
 * Splits CSV text into records (RFC 4180 quotes, CRLF or LF). A test helper only: the
 * product's reader is `@chronotope/file-readers`.
 * @example splitCsv('a,"b,c"\n1,2') // [['a', 'b,c'], ['1', '2']]
 */
export function splitCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let isQuoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (isQuoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (char === '"') isQuoted = false
      else field += char
    } else if (char === '"') isQuoted = true
    else if (char === ',') {
      record.push(field)
      field = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++
      record.push(field)
      records.push(record)
      record = []
      field = ''
    } else field += char
  }
  if (field.length > 0 || record.length > 0) {
    record.push(field)
    records.push(record)
  }
  return records
}
