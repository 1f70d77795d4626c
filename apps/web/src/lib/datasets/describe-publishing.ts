/**
 * What publishing a dataset makes visible, in words the owner reads beside the switch. Pure.
 * @module
 */

/** The facts behind the publish switch of one dataset. */
export interface PublishingFacts {
  /** Whether the dataset itself is marked public. */
  readonly isPublic: boolean
  /** The dataset's events. */
  readonly events: number
  /** Those of them with a place on the map. */
  readonly placedEvents: number
  /** The names of the row's columns (the event fields). */
  readonly fields: readonly string[]
  /** The catalog's name. */
  readonly catalogName: string
  /** Whether the catalog is public (a dataset is visible only when its catalog is too). */
  readonly isCatalogPublic: boolean
  /** Whether the owner may make the catalog public too. */
  readonly mayPublishCatalog: boolean
}

function count(value: number, one: string, many = `${one}s`): string {
  return `${value.toLocaleString('en')} ${value === 1 ? one : many}`
}

/** Whether anyone, signed in or not, can see the dataset now. */
export function isVisibleToAnyone(facts: Pick<PublishingFacts, 'isPublic' | 'isCatalogPublic'>): boolean {
  return facts.isPublic && facts.isCatalogPublic
}

/**
 * What the dataset's state means now, in one sentence.
 * @example describeVisibility({ isPublic: false, isCatalogPublic: true, ... }) // 'Private: only you, editors and admins can see it.'
 */
export function describeVisibility(facts: PublishingFacts): string {
  if (isVisibleToAnyone(facts))
    return 'Public: anyone can explore it, open its events and embed it, without signing in.'
  if (facts.isPublic)
    return `Marked public, but hidden: its catalog "${facts.catalogName}" is private, so only you, editors and admins can see it.`
  return 'Private: only you, editors and admins can see it.'
}

/**
 * What flipping the switch will do, said before it is done.
 * @example describePublishing({ isPublic: false, events: 294, placedEvents: 275, fields: ['City', 'Crowd'], catalogName: 'Protests', isCatalogPublic: true, mayPublishCatalog: true })
 * // ['Anyone, without signing in, will see its 294 events: titles, times, the 275 places on the map and every field (City, Crowd), in the explore view, on each event page, in embeds and exports.']
 */
export function describePublishing(facts: PublishingFacts): string[] {
  if (facts.isPublic && facts.isCatalogPublic) {
    return [
      `Its ${count(facts.events, 'event')} will be visible only to you, editors and admins again. Shared links and embeds of it will show nothing to anyone else.`,
    ]
  }
  const fields = facts.fields.length > 0 ? ` and every field (${facts.fields.join(', ')})` : ''
  const sentences = [
    `Anyone, without signing in, will see its ${count(facts.events, 'event')}: titles, times, the ${count(facts.placedEvents, 'place')} on the map${fields}, in the explore view, on each event page, in embeds and exports.`,
  ]
  if (!facts.isCatalogPublic) {
    sentences.push(
      facts.mayPublishCatalog
        ? `Its catalog "${facts.catalogName}" becomes public too (its other datasets stay private until they are published).`
        : `Its catalog "${facts.catalogName}" is private and not yours: the dataset stays hidden until an editor makes the catalog public.`,
    )
  }
  return sentences
}
