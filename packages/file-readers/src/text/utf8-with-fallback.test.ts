import { describe, expect, it } from 'vitest'

import { scanUtf8, Utf8WithFallbackDecoder } from './utf8-with-fallback'

const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values)
const ascii = (text: string): number[] => Array.from(text, (char) => char.charCodeAt(0))

describe('Utf8WithFallbackDecoder', () => {
  it.each([
    { name: 'plain ASCII', input: bytes(...ascii('abc')), text: 'abc', invalid: 0 },
    { name: 'valid UTF-8', input: bytes(0x63, 0x61, 0x66, 0xc3, 0xa9), text: 'café', invalid: 0 },
    { name: 'BOM stripped', input: bytes(0xef, 0xbb, 0xbf, 0x61), text: 'a', invalid: 0 },
    { name: 'lone Latin-1 byte', input: bytes(0x52, 0x75, 0x62, 0xe9, 0x6e), text: 'Rubén', invalid: 1 },
    // The police-killings fixture: "Rub\xcc_\xe5\xa9n" – every invalid byte maps on its own.
    {
      name: 'fixture mojibake',
      input: bytes(0x52, 0x75, 0x62, 0xcc, 0x5f, 0xe5, 0xa9, 0x6e),
      text: 'RubÌ_å©n',
      invalid: 3,
    },
    { name: 'windows-1252 0x80 range', input: bytes(0x93, 0x61, 0x94, 0x80), text: '\u201ca\u201d€', invalid: 3 },
    { name: 'overlong encoding rejected', input: bytes(0xc0, 0xaf), text: 'À¯', invalid: 2 },
    { name: 'surrogate rejected', input: bytes(0xed, 0xa0, 0x80), text: 'í\u00a0€', invalid: 3 },
    { name: 'truncated sequence at the end', input: bytes(0x61, 0xe2, 0x82), text: 'aâ‚', invalid: 2 },
    { name: '4-byte emoji', input: bytes(0xf0, 0x9f, 0x98, 0x80), text: '😀', invalid: 0 },
  ])('decodes $name', ({ input, text, invalid }) => {
    const decoder = new Utf8WithFallbackDecoder()
    expect(decoder.decode(input) + decoder.end()).toBe(text)
    expect(decoder.invalidByteCount).toBe(invalid)
  })

  it('gives the same text whatever the chunk boundaries', () => {
    const input = bytes(
      0xef,
      0xbb,
      0xbf,
      ...ascii('Chape'),
      0xcc,
      0x5f,
      0xe5,
      0xb1,
      0x6f,
      0x20,
      0xc3,
      0xa9,
      0xf0,
      0x9f,
      0x98,
      0x80,
      0x21,
    )
    const whole = new Utf8WithFallbackDecoder()
    const expected = whole.decode(input) + whole.end()
    for (let size = 1; size <= 5; size++) {
      const decoder = new Utf8WithFallbackDecoder()
      let text = ''
      for (let start = 0; start < input.length; start += size)
        text += decoder.decode(input.subarray(start, start + size))
      text += decoder.end()
      expect(text, `chunks of ${size}`).toBe(expected)
      expect(decoder.invalidByteCount).toBe(whole.invalidByteCount)
    }
    expect(expected).toBe('ChapeÌ_å±o é😀!')
  })
})

describe('scanUtf8', () => {
  it.each([
    { input: bytes(...ascii('abc')), expected: { invalidByteCount: 0, multibyteCount: 0 } },
    { input: bytes(0xc3, 0xa9, 0xe9, 0x61), expected: { invalidByteCount: 1, multibyteCount: 1 } },
    // A sequence cut by the end of the sample is not counted as invalid.
    { input: bytes(0x61, 0xe2, 0x82), expected: { invalidByteCount: 0, multibyteCount: 0 } },
  ])('counts $expected', ({ input, expected }) => {
    expect(scanUtf8(input)).toEqual(expected)
  })
})
