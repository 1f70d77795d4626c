/**
 * Recognises the links people paste for a scheduled import that lead to a web page rather than
 * the data (a Google Sheet's editor, a GitHub file page) and names the address of the data itself.
 * Pure: no network.
 * @module
 */

/** What kind of address a source URL is. */
export type SourceUrlKind =
  'google-sheet-csv' | 'google-sheet-page' | 'github-raw' | 'github-page' | 'gist-raw' | 'gist-page' | 'other'

/** What {@link describeSourceUrl} says about an address. */
export interface SourceUrlDescription {
  /** The kind of address. */
  readonly kind: SourceUrlKind
  /** The address of the data itself, for a page link (`*-page`); otherwise `null`. */
  readonly suggestedUrl: string | null
  /** One sentence for the form or a failed run, for a page link; otherwise `null`. */
  readonly hint: string | null
}

const NOTHING_TO_SAY = (kind: SourceUrlKind): SourceUrlDescription => ({ kind, suggestedUrl: null, hint: null })

/** The sheet (tab) id of a Google Sheets link, from its query or its `#gid=` fragment. */
function sheetGid(url: URL): string | undefined {
  const fromQuery = url.searchParams.get('gid')
  if (fromQuery !== null && /^\d+$/.test(fromQuery)) return fromQuery
  return /(?:^#|&)gid=(\d+)/.exec(url.hash)?.[1]
}

function describeGoogleSheet(url: URL): SourceUrlDescription | undefined {
  // Published: /spreadsheets/d/e/<published id>/pub?output=csv (or pubhtml, pub?output=html).
  const published = /^\/spreadsheets\/d\/e\/([\w-]+)\/(pub|pubhtml)\/?$/.exec(url.pathname)
  if (published !== null) {
    const output = url.searchParams.get('output')
    if (published[2] === 'pub' && (output === 'csv' || output === 'tsv')) return NOTHING_TO_SAY('google-sheet-csv')
    const gid = sheetGid(url)
    const suggestedUrl = `https://docs.google.com/spreadsheets/d/e/${published[1]}/pub?${gid === undefined ? '' : `gid=${gid}&single=true&`}output=csv`
    return {
      kind: 'google-sheet-page',
      suggestedUrl,
      hint: `This is the published sheet's web page; its CSV export is ${suggestedUrl}`,
    }
  }
  // Shared: /spreadsheets/d/<id>/edit, /view, /htmlview, … ; /export?format=csv is already data.
  const shared = /^\/spreadsheets\/d\/([\w-]+)(\/[\w/]*)?$/.exec(url.pathname)
  if (shared === null || shared[1] === 'e') return undefined
  const rest = shared[2] ?? ''
  if (rest === '/export' && ['csv', 'tsv'].includes(url.searchParams.get('format') ?? ''))
    return NOTHING_TO_SAY('google-sheet-csv')
  if (rest.startsWith('/gviz/tq') && /out:csv/.test(url.searchParams.get('tqx') ?? ''))
    return NOTHING_TO_SAY('google-sheet-csv')
  const gid = sheetGid(url) ?? '0'
  const suggestedUrl = `https://docs.google.com/spreadsheets/d/${shared[1]}/export?format=csv&gid=${gid}`
  return {
    kind: 'google-sheet-page',
    suggestedUrl,
    hint:
      `This is the sheet's editor, not its data. Use ${suggestedUrl} (the sheet must be shared with anyone who has ` +
      'the link), or publish it (File → Share → Publish to web → CSV) and use the link Google shows',
  }
}

function describeGitHub(url: URL): SourceUrlDescription | undefined {
  if (url.hostname === 'raw.githubusercontent.com') return NOTHING_TO_SAY('github-raw')
  if (url.hostname === 'gist.githubusercontent.com') return NOTHING_TO_SAY('gist-raw')
  if (url.hostname === 'gist.github.com') {
    const gist = /^\/([\w-]+)\/([0-9a-f]+)\/?$/i.exec(url.pathname)
    if (gist === null) return undefined
    const suggestedUrl = `https://gist.githubusercontent.com/${gist[1]}/${gist[2]}/raw`
    return { kind: 'gist-page', suggestedUrl, hint: `This is the gist's web page; its raw file is ${suggestedUrl}` }
  }
  if (url.hostname !== 'github.com' && url.hostname !== 'www.github.com') return undefined
  // /<owner>/<repository>/blob/<branch or commit>/<path>; `?raw=true` redirects, but to an address that may change.
  const blob = /^\/([\w.-]+)\/([\w.-]+)\/(?:blob|raw)\/(.+)$/.exec(url.pathname)
  if (blob === null) return undefined
  const suggestedUrl = `https://raw.githubusercontent.com/${blob[1]}/${blob[2]}/${blob[3]}`
  return {
    kind: 'github-page',
    suggestedUrl,
    hint: `This is GitHub's page for the file; its raw content is ${suggestedUrl}`,
  }
}

/**
 * Says whether a source address is a page rather than data, and if so, the data's address: a
 * Google Sheets editor or `pubhtml` link → the CSV export; a GitHub `blob/` page →
 * `raw.githubusercontent.com`; a gist page → its raw file. Data links (a published sheet's
 * `pub?output=csv`, a raw GitHub link) and any other address get `kind` only.
 * @example describeSourceUrl('https://github.com/owid/co2-data/blob/master/owid-co2-data.csv').suggestedUrl
 * // 'https://raw.githubusercontent.com/owid/co2-data/master/owid-co2-data.csv'
 */
export function describeSourceUrl(address: string): SourceUrlDescription {
  if (!URL.canParse(address.trim())) return NOTHING_TO_SAY('other')
  const url = new URL(address.trim())
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return NOTHING_TO_SAY('other')
  const host = url.hostname.toLowerCase()
  const found = host === 'docs.google.com' ? describeGoogleSheet(url) : describeGitHub(url)
  return found ?? NOTHING_TO_SAY('other')
}
