import { describe, expect, it } from 'vitest'

import { cutSentences } from './event-cuts'
import { rowFields } from './row-fields'

describe('cutSentences', () => {
  it('says nothing for an event stored whole', () => {
    expect(cutSentences({ name: 'Rally' })).toEqual([])
    expect(cutSentences(null)).toEqual([])
    expect(cutSentences({ _cut: 'not a record' })).toEqual([])
  })

  it('names the shortened fields and how the geometry was reduced', () => {
    const data = {
      _cut: {
        note: 'Shortened',
        shortened: ['title', 'notes'],
        moreShortened: 1200,
        geometry: { method: 'thinned', positions: 1_000_000, keptPositions: 1234, bytes: 18_000_000 },
      },
    }
    expect(cutSentences(data)).toEqual([
      'Shortened: title, notes and 1,200 more.',
      'The geometry is thinned from 1,000,000 to 1,234 positions.',
    ])
    const boxed = { _cut: { geometry: { method: 'bounding-box', positions: 20_000, keptPositions: 5 } } }
    expect(cutSentences(boxed)).toEqual(['The geometry (20,000 positions) is kept as its bounding box.'])
  })

  it('is shown as a notice, not as a column of the row', () => {
    const fields = rowFields({ name: 'Rally', _cut: { shortened: ['name'] } })
    expect(fields.map((field) => field.key)).toEqual(['name'])
  })
})
