/**
 * Built-in number formats that display dates or times: 14–22 and 45–47 everywhere, plus the
 * East Asian locale date formats 27–36 and 50–58.
 */
const BUILTIN_DATE_FORMAT_IDS: ReadonlySet<number> = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 50, 51, 52, 53, 54, 55, 56,
  57, 58,
])

/**
 * Whether a built-in number format id is a date or time format.
 * @example isBuiltinDateFormat(14) // true
 */
export function isBuiltinDateFormat(numFmtId: number): boolean {
  return BUILTIN_DATE_FORMAT_IDS.has(numFmtId)
}

/**
 * Whether a custom number format code displays a date or time: it has y, m, d, h or s outside
 * quoted literals, `[...]` brackets (colours, locales, conditions), escaped `\x` characters and
 * `_x`/`*x` padding.
 * @example isDateFormatCode('dd/mm/yyyy;@') // true
 * @example isDateFormatCode('#,##0.00 "days";[Red]-0') // false
 */
export function isDateFormatCode(code: string): boolean {
  const stripped = code
    .replace(/"[^"]*"/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/[\\_*]./g, '')
  // "General" contains none of the letters, but an "e" exponent or "@" text section is not a date either.
  return /[ymdhs]/i.test(stripped)
}
