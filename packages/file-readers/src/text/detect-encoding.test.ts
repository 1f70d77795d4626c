import { describe, expect, it } from 'vitest'

import { encodeUtf16, encodeWindows1252 } from '../testing/encode-text'
import { createTextDecoder } from './decode-text'
import { detectEncoding } from './detect-encoding'

const sample = 'name;city\nRené;Besançon\nZoë;Kraków?\n'.repeat(20)

describe('detectEncoding', () => {
  it.each([
    {
      name: 'UTF-8 with BOM',
      input: new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('a,b')]),
      encoding: 'utf-8',
      hasBom: true,
    },
    { name: 'UTF-8 without BOM', input: new TextEncoder().encode(sample), encoding: 'utf-8', hasBom: false },
    { name: 'UTF-16LE with BOM', input: encodeUtf16(sample, 'le', true), encoding: 'utf-16le', hasBom: true },
    { name: 'UTF-16BE with BOM', input: encodeUtf16(sample, 'be', true), encoding: 'utf-16be', hasBom: true },
    { name: 'UTF-16LE without BOM', input: encodeUtf16(sample, 'le', false), encoding: 'utf-16le', hasBom: false },
    { name: 'UTF-16BE without BOM', input: encodeUtf16(sample, 'be', false), encoding: 'utf-16be', hasBom: false },
    {
      name: 'windows-1252 text',
      input: encodeWindows1252(sample.replace('ó', 'o')),
      encoding: 'windows-1252',
      hasBom: false,
    },
  ])('detects $name', ({ input, encoding, hasBom }) => {
    const detection = detectEncoding(input)
    expect(detection.encoding).toBe(encoding)
    expect(detection.hasBom).toBe(hasBom)
  })

  it('keeps mostly-valid UTF-8 with a few invalid bytes as UTF-8 and counts them', () => {
    const text = new TextEncoder().encode('name,city\n' + 'Jane,Paris\n'.repeat(500))
    const head = new Uint8Array([...text, 0x52, 0x75, 0x62, 0xe9, 0x6e, 0x0a])
    expect(detectEncoding(head)).toMatchObject({ encoding: 'utf-8', invalidByteCount: 1 })
  })
})

describe('createTextDecoder', () => {
  it.each([
    {
      encoding: 'windows-1252' as const,
      input: Uint8Array.from([0x93, 0x52, 0xe9, 0x6e, 0xe9, 0x94, 0x20, 0x80, 0x35]),
      text: '“Réné” €5',
    },
    { encoding: 'utf-16le' as const, input: encodeUtf16('Kraków', 'le', true), text: 'Kraków' },
    { encoding: 'utf-16be' as const, input: encodeUtf16('Kraków', 'be', false), text: 'Kraków' },
  ])('decodes $encoding across every chunk split', ({ encoding, input, text }) => {
    for (let size = 1; size <= 3; size++) {
      const decoder = createTextDecoder(encoding)
      let decoded = ''
      for (let start = 0; start < input.length; start += size)
        decoded += decoder.decode(input.subarray(start, start + size))
      expect(decoded + decoder.end(), `chunks of ${size}`).toBe(text)
    }
  })
})
