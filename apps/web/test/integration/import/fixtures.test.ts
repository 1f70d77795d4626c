import { readFile } from 'node:fs/promises'
import path from 'node:path'

import { beforeAll, describe, expect, it } from 'vitest'

import { createCatalog } from '../../helpers/demo-users'
import { ApiClient, testPayload } from '../../helpers/api-client'
import { FIXTURES_DIR, importFile } from '../../helpers/imports'
import { databasePool } from '../../../src/lib/import/progress-tracking'
import type { Json } from '../../helpers/json'

/** Splits a small CSV (quotes allowed, no embedded newlines) into objects. */
async function readCsv(name: string): Promise<Record<string, string>[]> {
  const text = (await readFile(path.join(FIXTURES_DIR, name), 'latin1')).replace(/\r/g, '')
  const [header, ...lines] = text.split('\n').filter(Boolean)
  const split = (line: string) =>
    [...line.matchAll(/("([^"]*(?:""[^"]*)*)"|[^,]*)(,|$)/g)]
      .map((m) => (m[2] ?? m[1] ?? '').replace(/""/g, '"'))
      .slice(0, -1)
  const names = split(header!)
  return lines.map((line) => Object.fromEntries(split(line).map((value, i) => [names[i], value])))
}

async function eventsOf(datasetId: number) {
  const payload = await testPayload()
  const { rows } = await databasePool(payload).query(
    `select source_row, unique_id, title, event_time, time_precision, st_y(location) as lat, st_x(location) as lon,
            coordinates_source, coordinates_provider, coordinates_precision, coordinates_confidence
       from events where dataset_id = $1 order by source_row`,
    [datasetId],
  )
  return rows as Array<Record<string, Json>>
}

describe('importing the real fixture files', () => {
  let user: ApiClient
  let catalogId: number

  beforeAll(async () => {
    user = await ApiClient.as('user')
    catalogId = await createCatalog('Fixture imports')
  })

  it('imports the Trump campaign trail: 106 events, M/D/Y dates, coordinates from lat/lng', async () => {
    const progress = await importFile(
      user,
      { path: path.join(FIXTURES_DIR, 'presidential-campaign-trail_trump.csv') },
      { catalog: catalogId },
    )
    const job = progress.jobs[0]
    expect(progress.status, JSON.stringify(progress)).toBe('completed')
    expect(job.counts).toMatchObject({
      rowsTotal: 106,
      rowsRead: 106,
      eventsCreated: 106,
      duplicatesSkipped: 0,
      rowErrors: 0,
      isBalanced: true,
    })

    const truth = await readCsv('presidential-campaign-trail_trump.csv')
    const events = await eventsOf(job.datasetId)
    expect(events).toHaveLength(106)
    events.forEach((event, index) => {
      const row = truth[index]!
      const [month, day, year] = row.date!.split('/').map(Number)
      expect(new Date(event.event_time).toISOString().slice(0, 10)).toBe(
        `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      )
      expect(event.time_precision).toBe('day')
      expect(event.lat).toBeCloseTo(Number(row.lat), 6)
      expect(event.lon).toBeCloseTo(Number(row.lng), 6)
      expect(event.coordinates_source).toBe('source-columns')
    })
  })

  it('imports police killings: dates from month name, day and year columns; coordinates match the ground truth', async () => {
    const progress = await importFile(
      user,
      { path: path.join(FIXTURES_DIR, 'police-killings_police_killings.csv') },
      { catalog: catalogId },
    )
    const job = progress.jobs[0]
    expect(progress.status, JSON.stringify(progress.jobs[0].failureReason)).toBe('completed')
    expect(job.counts.rowsRead).toBe(467)
    expect(job.counts.isBalanced).toBe(true)
    expect(job.counts.eventsCreated + job.counts.rowErrors).toBe(467)
    const events = await eventsOf(job.datasetId)
    expect(events.length).toBe(job.counts.eventsCreated)
    const truth = await readCsv('police-killings_police_killings.csv')
    for (const event of events) {
      const row = truth[event.source_row - 1]!
      expect(event.lat).toBeCloseTo(Number(row.latitude), 5)
      expect(event.lon).toBeCloseTo(Number(row.longitude), 5)
      // "Unknown" is a missing-value marker: such rows fall back to another text column.
      if (row.name !== 'Unknown') expect(event.title).toBe(row.name)
    }
    const first = events.find((event) => Number(event.source_row) === 1)!
    expect(new Date(first.event_time).toISOString().slice(0, 10)).toBe('2015-02-23')
  })

  it('geocodes the GOP candidate visits (City + State, no coordinates) with the offline geocoder', async () => {
    const progress = await importFile(
      user,
      { path: path.join(FIXTURES_DIR, 'gop-candidate-visits-2024_candidate_visits.csv') },
      { catalog: catalogId },
    )
    const job = progress.jobs[0]
    expect(progress.status, JSON.stringify(job.failureReason)).toBe('completed')
    expect(job.counts).toMatchObject({ rowsRead: 1741, isBalanced: true })
    expect(job.geocoding.stats.total).toBe(job.geocoding.places)
    const events = await eventsOf(job.datasetId)
    const geocoded = events.filter((event) => event.coordinates_source === 'geocoded')
    expect(geocoded.length / events.length).toBeGreaterThan(0.9)
    for (const event of geocoded) {
      expect(event.coordinates_provider).toBe('offline')
      expect(['city', 'region', 'postal']).toContain(event.coordinates_precision)
      expect(Number(event.coordinates_confidence)).toBeGreaterThan(0)
    }
  })
})
