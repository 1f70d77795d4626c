import { beforeAll, describe, expect, it } from 'vitest'

import { describeCoordinateProvenance } from '../../../src/components/event/coordinate-provenance'
import { loadPlacedByHand } from '../../../src/lib/geocoding/placed-by'
import { ApiClient, testPayload } from '../../helpers/api-client'
import { createCatalog } from '../../helpers/demo-users'
import { importFile } from '../../helpers/imports'
import type { Json } from '../../helpers/json'

/**
 * Place names as the files wrote them: other scripts, other languages, a territory filed
 * under its country, street addresses with and without commas, and a misspelling.
 */
const ROWS: ReadonlyArray<[title: string, place: string, truth: [latitude: number, longitude: number] | null]> = [
  ['Moscow in Cyrillic', 'Москва', [55.75, 37.62]],
  ['Moscow with its country', 'москва россия', [55.75, 37.62]],
  ['Cairo in Arabic', 'القاهرة', [30.06, 31.25]],
  ['Cairo with its country', 'القاهرة مصر', [30.06, 31.25]],
  ['Hong Kong filed under China', 'hong kong china', [22.28, 114.16]],
  ['Munich in German', 'München', [48.14, 11.58]],
  ['Cologne in German', 'Köln', [50.93, 6.95]],
  ['Cologne in English', 'Cologne', [50.93, 6.95]],
  ['US address with commas', '123 Main St, New York, NY', [40.71, -74.01]],
  ['US address without commas', '123 Main St New York NY', [40.71, -74.01]],
  ['A square in Berlin', 'Alexanderplatz Berlin', [52.52, 13.4]],
  ['A misspelled city', 'Sprngfield', null],
]

const CSV = [
  'title,date,place',
  ...ROWS.map(([title, place], i) => `${title},2024-01-${String(i + 1).padStart(2, '0')},"${place}"`),
].join('\n')

interface EventRow {
  readonly id: number
  readonly title: string
  readonly location: [number, number] | null
  readonly coordinates: { source?: string; provider?: string; precision?: string; geocodedQuery?: string }
  readonly importJob: number
}

async function eventsOf(importJobId: number): Promise<Map<string, EventRow>> {
  const payload = await testPayload()
  const { docs } = await payload.find({
    collection: 'events',
    where: { importJob: { equals: importJobId } },
    limit: 100,
    depth: 0,
    overrideAccess: true,
  })
  return new Map(docs.map((event) => [String(event.title), event as unknown as EventRow]))
}

describe('the geocoding report of a file with other scripts, street addresses and a misspelling', () => {
  let owner: ApiClient
  let progress: Json
  let job: Json

  beforeAll(async () => {
    owner = await ApiClient.as('user')
    progress = await importFile(
      owner,
      { name: 'protests.csv', bytes: CSV },
      { catalog: await createCatalog('Trust geocoding') },
    )
    job = progress.jobs[0]
  })

  it('places every city written in Cyrillic, Arabic or German, and every street address, at its city', async () => {
    const events = await eventsOf(job.jobId)
    for (const [title, , truth] of ROWS) {
      if (truth === null) continue
      const event = events.get(title)
      expect(event?.coordinates.precision, title).toBe('city')
      expect(event?.location, title).not.toBeNull()
      const [longitude, latitude] = event!.location!
      expect(Math.abs(latitude - truth[0]), `${title}: latitude ${latitude}`).toBeLessThan(0.5)
      expect(Math.abs(longitude - truth[1]), `${title}: longitude ${longitude}`).toBeLessThan(0.5)
    }
  })

  it('counts as found only what it placed; the misspelling is listed with its suggestion, not placed', async () => {
    const { counts, stats, unplacedRows, placeTexts } = job.geocoding
    // The two US addresses differ only in commas: one place.
    expect(counts).toEqual({ places: 11, placed: 10, placedByHand: 0, notPlaced: 1, rowsWithoutPlace: 1 })
    expect(unplacedRows).toBe(1)
    expect(stats.placed).toBe(10)
    expect(stats.notPlaced).toHaveLength(1)
    const [misspelled] = stats.notPlaced
    expect(misspelled.reason).toBe('below-minimum')
    expect(placeTexts[misspelled.query]).toBe('Sprngfield')
    expect(misspelled.candidates[0].label).toMatch(/^Springfield, /)
    expect(misspelled.candidates[0].confidence).toBeLessThan(0.5)
    const unplaced = (await eventsOf(job.jobId)).get('A misspelled city')
    expect(unplaced).toBeDefined()
    expect(unplaced?.location ?? null).toBeNull()
  })

  it('updates the counts when the owner accepts a suggestion, and says the owner placed it', async () => {
    const [misspelled] = job.geocoding.stats.notPlaced
    const suggestion = misspelled.candidates[0]
    const accepted = await owner.post(`/import/${progress.importId}/correct-place`, {
      jobId: job.jobId,
      place: misspelled.query,
      latitude: suggestion.latitude,
      longitude: suggestion.longitude,
      label: suggestion.label,
      precision: suggestion.precision,
    })
    expect(accepted.status).toBe(200)
    const geocoding = accepted.body.jobs[0].geocoding
    expect(geocoding.counts).toEqual({ places: 11, placed: 11, placedByHand: 1, notPlaced: 0, rowsWithoutPlace: 0 })
    expect(geocoding.corrections[0]).toMatchObject({ place: misspelled.query, role: 'owner', wasPlaced: false })

    // Reloading the progress gives the same, current counts.
    const reloaded = await owner.get(`/import/${progress.importId}`)
    expect(reloaded.body.jobs[0].geocoding.counts.placed).toBe(11)

    const event = (await eventsOf(job.jobId)).get('A misspelled city')!
    expect(event.location).toEqual([suggestion.longitude, suggestion.latitude])
    const placedBy = await loadPlacedByHand(await testPayload(), event)
    expect(placedBy).toEqual({ role: 'owner', label: suggestion.label })
    expect(describeCoordinateProvenance(event.coordinates, placedBy.label, placedBy.role)).toBe(
      `Placed by hand at ${suggestion.label} by its owner.`,
    )
  })

  it("names an editor's correction as an editor's, on the import and on the event", async () => {
    const editor = await ApiClient.as('editor')
    // A made-up place, so that the editor's answer, which the location cache keeps, touches no other test.
    const madeUp = `Xq${Date.now().toString(36)}ville`
    const other = await importFile(
      owner,
      { name: 'made-up.csv', bytes: `title,date,place\nA fair,2024-02-01,${madeUp}` },
      { catalog: await createCatalog('Trust geocoding, editor') },
    )
    const place = other.jobs[0].geocoding.stats.notPlaced[0].query
    const fixed = await editor.post(`/import/${other.importId}/correct-place`, {
      place,
      latitude: 39.8,
      longitude: -89.64,
    })
    expect(fixed.status).toBe(200)
    expect(fixed.body.jobs[0].geocoding.corrections[0].role).toBe('editor')
    const event = (await eventsOf(other.jobs[0].jobId)).get('A fair')!
    const { role } = await loadPlacedByHand(await testPayload(), event)
    expect(role).toBe('editor')
    expect(describeCoordinateProvenance(event.coordinates, madeUp, role)).toBe(
      `Placed by hand at ${madeUp} by an editor (for every import of this place).`,
    )
  })
})
