import { describe, expect, it } from 'vitest'

import type { EventRow } from '../events/bulk-insert-events'
import type { StoredMapping } from './import-documents'
import { keepHandEdits, sourceColumnsOf, type EditedEvent } from './keep-hand-edits'

const MAPPING: StoredMapping = {
  title: 'title',
  startTime: { field: 'date' },
  location: { kind: 'address', address: { city: 'city' }, confidence: 1, reason: 'city column' },
}

const EDIT = { by: 3, role: 'owner' as const, at: '2026-11-27T10:00:00.000Z' }

function row(cells: Record<string, string>, overrides: Partial<EventRow> = {}): EventRow {
  return {
    datasetId: 1,
    uniqueId: 'id:p1',
    title: cells.title ?? null,
    description: null,
    eventTime: new Date(`${cells.date}T00:00:00Z`),
    eventEndTime: null,
    timePrecision: 'day',
    longitude: null,
    latitude: null,
    locationName: cells.city ?? null,
    coordinateSource: 'none',
    coordinatePrecision: null,
    coordinateConfidence: null,
    coordinateSourceColumns: null,
    coordinateProvider: null,
    data: { ...cells, crowd: Number(cells.crowd) },
    original: cells,
    contentHash: null,
    importJobId: 1,
    sourceRow: 1,
    ...overrides,
  }
}

const CELLS = { title: 'Strike', date: '2024-04-07', city: 'Nantes', crowd: '80' }

function edited(handEdits: EditedEvent['handEdits'], overrides: Partial<EventRow> = {}): EditedEvent {
  return { ...row(CELLS, overrides), id: 9, handEdits, original: CELLS }
}

describe('keepHandEdits', () => {
  it('keeps a hand edit while the file’s cells for it are as last imported', () => {
    const outcome = keepHandEdits(row(CELLS), edited({ title: EDIT }, { title: 'Strike at the port' }), MAPPING, false)
    expect(outcome).toMatchObject({ kind: 'write', kept: ['title'], released: [] })
    expect(outcome.kind === 'write' && outcome.row.title).toBe('Strike at the port')
  })

  it('keeps a point set by hand with all of its provenance', () => {
    const placed = { longitude: -1.55, latitude: 47.22, coordinateSource: 'manual' as const, coordinateConfidence: 1 }
    const outcome = keepHandEdits(row(CELLS), edited({ location: EDIT }, placed), MAPPING, false)
    expect(outcome.kind === 'write' && outcome.row).toMatchObject(placed)
  })

  it('leaves the event alone when the file changed a value someone edited to something else', () => {
    const incoming = row({ ...CELLS, crowd: '120' })
    const existing = edited({ 'data.crowd': EDIT }, { data: { ...CELLS, crowd: 90 } })
    expect(keepHandEdits(incoming, existing, MAPPING, false)).toEqual({
      kind: 'left-alone',
      conflicts: [{ field: 'data.crowd', handValue: 90, fileValue: 120 }],
    })
  })

  it('takes the file’s value when asked, releasing the hand edit', () => {
    const incoming = row({ ...CELLS, crowd: '120' })
    const existing = edited({ 'data.crowd': EDIT }, { data: { ...CELLS, crowd: 90 } })
    const outcome = keepHandEdits(incoming, existing, MAPPING, true)
    expect(outcome).toMatchObject({ kind: 'write', kept: [], released: ['data.crowd'] })
    expect(outcome.kind === 'write' && (outcome.row.data as { crowd: number }).crowd).toBe(120)
  })

  it('releases a hand edit the file now agrees with', () => {
    const incoming = row({ ...CELLS, crowd: '90' })
    const existing = edited({ 'data.crowd': EDIT }, { data: { ...CELLS, crowd: 90 } })
    expect(keepHandEdits(incoming, existing, MAPPING, false)).toMatchObject({ kind: 'write', released: ['data.crowd'] })
  })

  it('keeps hand edits of events imported before cells were kept', () => {
    const existing = { ...edited({ title: EDIT }, { title: 'Strike at the port' }), original: null }
    const outcome = keepHandEdits(row({ ...CELLS, title: 'Strike!' }), existing, MAPPING, false)
    expect(outcome.kind === 'write' && outcome.row.title).toBe('Strike at the port')
  })
})

describe('sourceColumnsOf', () => {
  it.each<[string, string[] | undefined]>([
    ['title', ['title']],
    ['description', []],
    ['eventTime', ['date']],
    ['location', ['city']],
    ['data.crowd', ['crowd']],
  ])('%s comes from %j', (path, columns) => {
    expect(sourceColumnsOf(path, MAPPING)).toEqual(columns)
  })

  it('cannot tell a GeoJSON geometry’s change', () => {
    expect(sourceColumnsOf('location', { location: { kind: 'geometry', confidence: 1, reason: '' } })).toBeUndefined()
  })
})
