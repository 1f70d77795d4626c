/**
 * The demo's catalogs, datasets, accounts and pages: what a newcomer sees after `npm start`.
 * @module
 */
import type { EventTheme } from './generators/events'

/** A demo account. The passwords are for local use only and are printed in the README. */
export interface DemoUser {
  readonly email: string
  readonly password: string
  readonly name: string
  readonly role: 'admin' | 'editor' | 'user'
  /** Trusted, so the demo can be tried at full size; new sign-ups get the installation's default. */
  readonly trustLevel: 'trusted'
}

/** The demo accounts: one per role. */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: 'admin@chronotope.local',
    password: 'chronotope-admin',
    name: 'Ada Admin',
    role: 'admin',
    trustLevel: 'trusted',
  },
  {
    email: 'editor@chronotope.local',
    password: 'chronotope-editor',
    name: 'Eddie Editor',
    role: 'editor',
    trustLevel: 'trusted',
  },
  {
    email: 'user@chronotope.local',
    password: 'chronotope-user',
    name: 'Uma User',
    role: 'user',
    trustLevel: 'trusted',
  },
]

/** A demo catalog, identified by its slug. */
export interface DemoCatalog {
  readonly slug: string
  readonly name: string
  readonly description: string
  readonly isPublic: boolean
  readonly ownerEmail: string
}

/** The demo catalogs; the newsroom one is private. */
export const DEMO_CATALOGS: readonly DemoCatalog[] = [
  {
    slug: 'elections-and-campaigns',
    name: 'Elections and campaigns',
    description: 'Where candidates went and when: rallies, town halls and debates.',
    isPublic: true,
    ownerEmail: 'admin@chronotope.local',
  },
  {
    slug: 'climate-and-environment',
    name: 'Climate and environment',
    description: 'Natural hazards recorded around the world.',
    isPublic: true,
    ownerEmail: 'admin@chronotope.local',
  },
  {
    slug: 'human-rights-monitoring',
    name: 'Human rights monitoring',
    description: 'Protests, strikes and marches reported by local monitors.',
    isPublic: true,
    ownerEmail: 'editor@chronotope.local',
  },
  {
    slug: 'newsroom-investigations',
    name: 'Newsroom investigations',
    description: 'Working material of an ongoing investigation. Private.',
    isPublic: false,
    ownerEmail: 'editor@chronotope.local',
  },
]

/** A demo dataset with the theme of its generated events and its share of all events. */
export interface DemoDataset {
  readonly slug: string
  readonly name: string
  readonly catalogSlug: string
  readonly description: string
  readonly isPublic: boolean
  readonly ownerEmail: string
  readonly eventShare: number
  readonly theme: EventTheme
}

/** The demo datasets; "Source meetings" is the private one. Shares add up to 1. */
export const DEMO_DATASETS: readonly DemoDataset[] = [
  {
    slug: 'campaign-rallies',
    name: 'Campaign rallies',
    catalogSlug: 'elections-and-campaigns',
    description: 'Campaign events of candidates across the Americas (synthetic demo data).',
    isPublic: true,
    ownerEmail: 'admin@chronotope.local',
    eventShare: 0.15,
    theme: {
      key: 'rally',
      kinds: ['Campaign rally', 'Town hall', 'Fundraiser', 'Debate watch party'],
      years: [2015, 2024],
      regions: ['americas'],
      scatterDeg: 0.3,
      geocoded: true,
      hasDuration: false,
    },
  },
  {
    slug: 'earthquakes',
    name: 'Earthquakes',
    catalogSlug: 'climate-and-environment',
    description: 'Felt earthquakes worldwide (synthetic demo data).',
    isPublic: true,
    ownerEmail: 'admin@chronotope.local',
    eventShare: 0.35,
    theme: {
      key: 'quake',
      kinds: ['Earthquake', 'Aftershock'],
      years: [2010, 2024],
      regions: [],
      scatterDeg: 2.5,
      geocoded: false,
      hasDuration: false,
    },
  },
  {
    slug: 'wildfires',
    name: 'Wildfires',
    catalogSlug: 'climate-and-environment',
    description: 'Wildfires with their start and end (synthetic demo data).',
    isPublic: true,
    ownerEmail: 'admin@chronotope.local',
    eventShare: 0.15,
    theme: {
      key: 'fire',
      kinds: ['Wildfire', 'Bushfire', 'Grass fire'],
      years: [2017, 2024],
      regions: ['americas', 'oceania', 'europe'],
      scatterDeg: 1.2,
      geocoded: false,
      hasDuration: true,
    },
  },
  {
    slug: 'protest-events',
    name: 'Protest events',
    catalogSlug: 'human-rights-monitoring',
    description: 'Protests, strikes and marches by city (synthetic demo data).',
    isPublic: true,
    ownerEmail: 'editor@chronotope.local',
    eventShare: 0.3,
    theme: {
      key: 'protest',
      kinds: ['Protest', 'Strike', 'Sit-in', 'March'],
      years: [2019, 2024],
      regions: [],
      scatterDeg: 0.15,
      geocoded: true,
      hasDuration: false,
    },
  },
  {
    slug: 'source-meetings',
    name: 'Source meetings',
    catalogSlug: 'newsroom-investigations',
    description: 'Where and when reporters met sources. Private: only its owner, editors and admins see it.',
    isPublic: false,
    ownerEmail: 'editor@chronotope.local',
    eventShare: 0.05,
    theme: {
      key: 'meeting',
      kinds: ['Interview', 'Document handover', 'Site visit'],
      years: [2021, 2024],
      regions: ['europe', 'asia'],
      scatterDeg: 0.05,
      geocoded: false,
      hasDuration: true,
    },
  },
]

/** A demo page made of text paragraphs and an optional call to action. */
export interface DemoPage {
  readonly slug: string
  readonly title: string
  readonly summary: string
  readonly paragraphs: readonly string[]
  readonly callToAction?: { heading: string; buttonLabel: string; buttonUrl: string }
}

/** The demo pages. */
export const DEMO_PAGES: readonly DemoPage[] = [
  {
    slug: 'about',
    title: 'About this site',
    summary: 'What you can explore here and where the data comes from.',
    paragraphs: [
      'This Chronotope instance holds demo datasets: campaign events, earthquakes, wildfires and protests, placed on a timeline and a map.',
      'All demo data is synthetic. Import your own spreadsheets to replace it.',
    ],
    callToAction: { heading: 'Explore the events', buttonLabel: 'Open the explorer', buttonUrl: '/explore' },
  },
  {
    slug: 'methodology',
    title: 'Methodology',
    summary: 'How rows become events.',
    paragraphs: [
      'Each imported row becomes an event with a time and a place, a reported duplicate, or a reported row error with its reason.',
      'Every event records where its coordinates came from: the file’s own columns, a geocoder (with precision and confidence), or a person.',
    ],
  },
]
