import type { CollectionSlug, Payload } from 'payload'

import { requiredCollections } from '../configuration'
import type { SeedCollection, SeedConfiguration } from '../types'

/** What every seeder gets: Payload and the resolved configuration. */
export interface SeedContext {
  readonly payload: Payload
  readonly config: SeedConfiguration
}

/** How many documents a seeder created, and how many it found already there. */
export interface SeederResult {
  created: number
  existing: number
}

/** A seeder needs documents another seeder makes, and they are not there. */
export class SeedDependencyMissing extends Error {
  constructor(collection: SeedCollection, key: string, needed: SeedCollection) {
    const chain = [...requiredCollections(collection), collection]
    super(
      `Cannot seed ${collection}: ${needed} "${key}" does not exist. Seed ${needed} first (npm run seed -- --collections ${chain.join(',')}).`,
    )
    this.name = 'SeedDependencyMissing'
  }
}

/**
 * The id of the document whose `field` equals `value`, or undefined. Seeders find their earlier
 * work this way, which is what makes seeding idempotent.
 */
export async function findIdBy(
  payload: Payload,
  collection: CollectionSlug,
  field: string,
  value: string | number,
): Promise<number | undefined> {
  const { docs } = await payload.find({
    collection,
    where: { [field]: { equals: value } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
    select: {},
    ...(collection === 'pages' ? { draft: true } : {}),
  })
  return docs[0]?.id as number | undefined
}
