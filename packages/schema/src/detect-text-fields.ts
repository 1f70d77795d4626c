import { averageLength, distinctShare, isTextColumn, roleScore } from './column-profile'
import type { ColumnProfile } from './column-profile'
import type { FieldRole } from './types'

/** A fallback title column must have at least this share of distinct values. */
const TITLE_MIN_DISTINCT_SHARE = 0.5
/** Fallback titles longer than this on average are descriptions, not titles. */
const TITLE_MAX_AVERAGE_LENGTH = 100
/** The longest text column is a description only when its values average this many characters. */
const DESCRIPTION_MIN_AVERAGE_LENGTH = 30

/** Title and description columns found, with their roles. */
export interface TextDetection {
  title?: string
  description?: string
  roles: Map<string, FieldRole>
}

function byScoreThenDistinct(role: FieldRole) {
  return (a: ColumnProfile, b: ColumnProfile): number =>
    roleScore(b, role) - roleScore(a, role) || distinctShare(b) - distinctShare(a)
}

/**
 * Finds the title and description columns. The title is the best title-named text column
 * (`name`, `title`, `headline`, `titel`, `nombre`…), else the most distinct short text column
 * that is not a place; without one, no column is the title. The description is the best description-named column (`notes`,
 * `summary`, `beschreibung`…), else the text column with the longest values (30+ characters).
 * @example detectTextFields(profilesOf('police-killings'), claimed) // { title: 'name', ... }
 */
export function detectTextFields(profiles: readonly ColumnProfile[], claimed: ReadonlySet<string>): TextDetection {
  const roles = new Map<string, FieldRole>()
  const texts = profiles.filter((profile) => !claimed.has(profile.name) && isTextColumn(profile))
  const describedBetter = (profile: ColumnProfile): boolean =>
    roleScore(profile, 'description') > roleScore(profile, 'title')
  const namedTitle = texts
    .filter((profile) => roleScore(profile, 'title') > 0 && !describedBetter(profile))
    .sort(byScoreThenDistinct('title'))[0]
  const fallbackTitle = texts
    .filter((profile) => profile.decision.type === 'string' && roleScore(profile, 'description') === 0)
    .filter(
      (profile) =>
        distinctShare(profile) >= TITLE_MIN_DISTINCT_SHARE && averageLength(profile) <= TITLE_MAX_AVERAGE_LENGTH,
    )
    .sort((a, b) => distinctShare(b) - distinctShare(a) || averageLength(a) - averageLength(b))[0]
  // A place column is never guessed as the title: it keeps its place role, and an event with no
  // title column is named after its place when it is built (see createEventExtractor).
  const titleColumn = namedTitle ?? fallbackTitle
  const title = titleColumn?.name
  if (titleColumn !== undefined) roles.set(titleColumn.name, 'title')

  const others = texts.filter((profile) => profile !== titleColumn)
  const namedDescription = others
    .filter((profile) => roleScore(profile, 'description') > 0)
    .sort(byScoreThenDistinct('description'))[0]
  const longest = others
    .filter((profile) => averageLength(profile) >= DESCRIPTION_MIN_AVERAGE_LENGTH)
    .sort((a, b) => averageLength(b) - averageLength(a))[0]
  const description = namedDescription ?? longest
  if (description !== undefined) roles.set(description.name, 'description')
  return { title, description: description?.name, roles }
}
