import { describe, expect, it } from 'vitest'

import { seed } from '../../../src/seed'
import { DEMO_DATASETS } from '../../../src/seed/demo-content'
import { testPayload } from '../../helpers/api-client'

describe('seeding', () => {
  it('is idempotent: a second run creates nothing', async () => {
    const payload = await testPayload()
    const before = (await payload.count({ collection: 'events' })).totalDocs
    const summary = await seed(payload, { environment: 'test' })
    for (const [collection, result] of Object.entries(summary)) {
      expect(result, collection).toMatchObject({ created: 0 })
    }
    expect((await payload.count({ collection: 'events' })).totalDocs).toBe(before)
  })

  it('fills every demo dataset with events spread over years and places', async () => {
    const payload = await testPayload()
    for (const demo of DEMO_DATASETS) {
      const dataset = (await payload.find({ collection: 'datasets', where: { slug: { equals: demo.slug } } })).docs[0]!
      const events = await payload.find({
        collection: 'events',
        where: { dataset: { equals: dataset.id } },
        limit: 0,
        pagination: false,
        depth: 0,
      })
      expect(events.totalDocs, demo.slug).toBeGreaterThan(0)
      const years = new Set(events.docs.map((event) => String(event.eventTime).slice(0, 4)))
      expect(years.size, `${demo.slug} years`).toBeGreaterThan(1)
      expect(events.docs.every((event) => Array.isArray(event.location))).toBe(true)
    }
  })

  it('with reset, replaces the generated events by a new count', async () => {
    const payload = await testPayload()
    const summary = await seed(payload, {
      environment: 'test',
      collections: ['events'],
      reset: true,
      generator: { eventCount: 40 },
    })
    expect(summary.events).toEqual({ created: 40, existing: 0 })
    const datasets = await payload.find({
      collection: 'datasets',
      where: { slug: { in: DEMO_DATASETS.map((d) => d.slug) } },
      limit: 0,
      pagination: false,
    })
    const count = await payload.count({
      collection: 'events',
      where: { dataset: { in: datasets.docs.map((d) => d.id) } },
    })
    expect(count.totalDocs).toBe(40)
  })
})
