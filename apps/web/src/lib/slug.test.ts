import { describe, expect, it } from 'vitest'

import { slugify } from './slug'

describe('slugify', () => {
  it.each([
    ['Climate and environment', 'climate-and-environment'],
    ['Élections présidentielles 2024', 'elections-presidentielles-2024'],
    ['  Spaces   everywhere  ', 'spaces-everywhere'],
    ['São Paulo / Rio', 'sao-paulo-rio'],
    ['<script>alert(1)</script>', 'script-alert-1-script'],
    ['东京', ''],
    ['a'.repeat(200), 'a'.repeat(96)],
  ])('%s → %s', (input, expected) => {
    expect(slugify(input)).toBe(expected)
  })
})
