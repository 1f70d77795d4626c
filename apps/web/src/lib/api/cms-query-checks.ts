/**
 * Checks of the query parameters a caller sends to the CMS's generic REST routes (`/api/{collection}`,
 * `/api/{collection}/{id}`, `/versions`, `/api/globals/{slug}`), before Payload turns them into SQL:
 * `limit`, `page`, `depth`, `pagination`, `joins[field][limit|page]` and `where`. Payload itself would
 * read `limit=0` as "every document" and pass `limit=1.5` or `page=-1` on to the database (a 500).
 * Pure: no Payload, no I/O.
 * @module
 */

import type { DocumentIdType } from './document-ids'

/** A query parameter the CMS routes cannot use; answered as a 400 naming it. */
export class InvalidQueryParameter extends Error {
  /** The HTTP status Payload's error handler answers with. */
  readonly status = 400
  /** A stable machine-readable code. */
  readonly code = 'invalid-parameter'

  /**
   * @param parameter - the parameter as the caller wrote it, e.g. `limit` or `joins[datasets][limit]`
   * @param reason - why it cannot be used, naming the rule and the value
   */
  constructor(
    readonly parameter: string,
    reason: string,
  ) {
    super(`${parameter}: ${reason}`)
    this.name = 'InvalidQueryParameter'
  }
}

/** The bounds every outside caller of the CMS routes works within. */
export interface CmsQueryBounds {
  /** Most documents one read may return (`limit`), e.g. 1000. */
  readonly maxLimit: number
  /** Deepest relationship population (`depth`), e.g. 10. */
  readonly maxDepth: number
  /** Last page number (`page`); deeper paging needs a narrower `where`. */
  readonly maxPage: number
}

/** Whether the request reads (GET) or writes; writes may keep Payload's `limit=0`, see {@link checkCmsQuery}. */
export type CmsRequestKind = 'read' | 'write'

const MAX_QUOTED_LENGTH = 60
const WHOLE_NUMBER = /^\d{1,16}$/

/**
 * A value as it appears in an error message: JSON-quoted, cut after 60 characters.
 * @example quote('1.5') // '"1.5"'
 */
export function quote(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return JSON.stringify(text.length > MAX_QUOTED_LENGTH ? `${text.slice(0, MAX_QUOTED_LENGTH)}…` : text)
}

function single(parameter: string, value: unknown): string {
  if (typeof value === 'string') return value
  if (Array.isArray(value)) throw new InvalidQueryParameter(parameter, `was given ${value.length} times; give it once`)
  throw new InvalidQueryParameter(parameter, `must be a single value; got ${quote(value)}`)
}

function wholeNumber(parameter: string, value: unknown, min: number, max: number): number {
  const text = single(parameter, value).trim()
  const number = WHOLE_NUMBER.test(text) ? Number(text) : Number.NaN
  if (!(number >= min && number <= max)) {
    throw new InvalidQueryParameter(parameter, `must be a whole number from ${min} to ${max}; got ${quote(text)}`)
  }
  return number
}

function checkPaging(prefix: string, query: Record<string, unknown>, bounds: CmsQueryBounds, kind: CmsRequestKind) {
  const name = (key: string) => (prefix ? `${prefix}[${key}]` : key)
  if (query.limit !== undefined) {
    // Payload's admin deletes and restores a selection with `limit=0`; writes are access-checked
    // document by document and cannot be made by anonymous callers.
    if (kind === 'write') wholeNumber(name('limit'), query.limit, 0, Number.MAX_SAFE_INTEGER)
    else wholeNumber(name('limit'), query.limit, 1, bounds.maxLimit)
  }
  if (query.page !== undefined) wholeNumber(name('page'), query.page, 1, bounds.maxPage)
}

/**
 * Checks the query of a CMS REST request as Payload parsed it (`qs` syntax: `joins[datasets][limit]`
 * arrives as a nested object): reads return at most `maxLimit` documents per page (`limit` 1 to
 * `maxLimit`; 0 never means "all", and `pagination=false` is refused), `page` runs from 1 to
 * `maxPage`, `depth` from 0 to `maxDepth`, and `where` is a JSON object whose ids and geometries
 * can be read ({@link checkWhereValues}).
 * @throws {@link InvalidQueryParameter} naming the first parameter at fault
 * @example checkCmsQuery({ limit: '0' }, { maxLimit: 1000, maxDepth: 10, maxPage: 10000 }, 'read') // throws: limit: must be a whole number from 1 to 1000; got "0"
 */
export function checkCmsQuery(
  query: Record<string, unknown>,
  bounds: CmsQueryBounds,
  kind: CmsRequestKind,
  idType: DocumentIdType = 'number',
): void {
  checkPaging('', query, bounds, kind)
  if (query.depth !== undefined) wholeNumber('depth', query.depth, 0, bounds.maxDepth)
  if (query.pagination !== undefined) {
    const pagination = single('pagination', query.pagination)
    if (pagination !== 'true' && pagination !== 'false') {
      throw new InvalidQueryParameter('pagination', `must be true or false; got ${quote(pagination)}`)
    }
    if (pagination === 'false' && kind === 'read') {
      throw new InvalidQueryParameter(
        'pagination',
        `cannot be turned off over the API; page through with limit (at most ${bounds.maxLimit}) and page`,
      )
    }
  }
  if (query.joins !== undefined && query.joins !== 'false') {
    if (!isRecord(query.joins))
      throw new InvalidQueryParameter('joins', `must be false or joins[field][limit]=…; got ${quote(query.joins)}`)
    for (const [field, join] of Object.entries(query.joins)) {
      if (join === 'false' || join === false) continue
      if (!isRecord(join))
        throw new InvalidQueryParameter(`joins[${field}]`, `must be false or an object; got ${quote(join)}`)
      checkPaging(`joins[${field}]`, join, bounds, 'read')
      if (join.where !== undefined)
        checkWhereValues(`joins[${field}][where]`, readWhere(`joins[${field}][where]`, join.where))
    }
  }
  if (query.where !== undefined) checkWhereValues('where', readWhere('where', query.where), idType)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** `where` comes as a nested object (`where[title][equals]=x`) or as one JSON string (`where={"title":…}`). */
function readWhere(parameter: string, where: unknown): Record<string, unknown> {
  if (typeof where === 'string') {
    let parsed: unknown
    try {
      parsed = JSON.parse(where)
    } catch {
      throw new InvalidQueryParameter(
        parameter,
        `must be where[field][operator]=value or a JSON object; got ${quote(where)}`,
      )
    }
    if (!isRecord(parsed)) throw new InvalidQueryParameter(parameter, `must be a JSON object; got ${quote(where)}`)
    return parsed
  }
  if (!isRecord(where))
    throw new InvalidQueryParameter(parameter, `must be where[field][operator]=value; got ${quote(where)}`)
  return where
}

const GEOMETRY_OPERATORS = new Set(['within', 'intersects'])
const GEOMETRY_TYPES = new Set(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon'])
/** Deepest nesting of `and`/`or` we follow; deeper `where`s are refused rather than walked. */
const MAX_WHERE_NESTING = 32

/** Operators whose value is compared with the id itself (`like` and `exists` take other values). */
const ID_OPERATORS = new Set([
  'equals',
  'not_equals',
  'in',
  'not_in',
  'all',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
])
const INT4 = 2_147_483_647

/**
 * Checks the values the database would otherwise fail on with a 500: a serial `id` compared with
 * anything but a whole number (`where[id][in]=abc`, `where[id][equals]=99999999999`); `within` and
 * `intersects` without a GeoJSON geometry (`type` and numeric `coordinates`); `near` without
 * `longitude,latitude` (and optional maximum and minimum distances in metres).
 * @throws {@link InvalidQueryParameter} naming the path, e.g. `where[location][within]`
 * @example checkWhereValues('where', { location: { within: { type: 'Polygon' } } }) // throws
 */
export function checkWhereValues(
  parameter: string,
  where: Record<string, unknown>,
  idType: DocumentIdType = 'number',
  nesting = 0,
): void {
  if (nesting > MAX_WHERE_NESTING)
    throw new InvalidQueryParameter(parameter, `nests and/or deeper than ${MAX_WHERE_NESTING} levels`)
  for (const [key, value] of Object.entries(where)) {
    const path = `${parameter}[${key}]`
    if (key === 'and' || key === 'or') {
      const branches = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : []
      branches.forEach((branch, index) => {
        if (isRecord(branch)) checkWhereValues(`${path}[${index}]`, branch, idType, nesting + 1)
      })
      continue
    }
    if (!isRecord(value)) continue
    for (const [operator, operand] of Object.entries(value)) {
      if (GEOMETRY_OPERATORS.has(operator)) checkGeometry(`${path}[${operator}]`, operand)
      else if (operator === 'near') checkNear(`${path}[near]`, operand)
      else if (key === 'id' && idType === 'number' && ID_OPERATORS.has(operator))
        checkIds(`${path}[${operator}]`, operand)
    }
  }
}

function checkIds(parameter: string, operand: unknown): void {
  const values = typeof operand === 'string' ? operand.split(',') : Array.isArray(operand) ? operand : [operand]
  for (const value of values) {
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : undefined
    if (text === undefined || !/^-?\d{1,10}$/.test(text) || Math.abs(Number(text)) > INT4) {
      throw new InvalidQueryParameter(parameter, `ids are whole numbers up to ${INT4}; got ${quote(value)}`)
    }
  }
}

function checkGeometry(parameter: string, geometry: unknown): void {
  const value = typeof geometry === 'string' ? parseJson(geometry) : geometry
  const type = isRecord(value) ? value.type : undefined
  if (typeof type !== 'string' || !GEOMETRY_TYPES.has(type)) {
    throw new InvalidQueryParameter(
      parameter,
      `must be a GeoJSON geometry: type (${[...GEOMETRY_TYPES].join(', ')}) and coordinates; got ${quote(geometry)}`,
    )
  }
  const coordinates = (value as Record<string, unknown>).coordinates
  if (!isNumericNesting(coordinates)) {
    throw new InvalidQueryParameter(
      parameter,
      `a ${type} needs coordinates: nested arrays of numbers; got ${quote(coordinates ?? null)}`,
    )
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

function isNumericNesting(value: unknown, depth = 0): boolean {
  if (!Array.isArray(value) || value.length === 0 || depth > 4) return false
  return value.every((item) => (Array.isArray(item) ? isNumericNesting(item, depth + 1) : isFiniteNumber(item)))
}

function isFiniteNumber(value: unknown): boolean {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof number === 'number' && Number.isFinite(number)
}

function checkNear(parameter: string, near: unknown): void {
  const parts = typeof near === 'string' ? near.split(',') : Array.isArray(near) ? near : []
  if (parts.length < 2 || parts.length > 4 || !parts.every(isFiniteNumber)) {
    throw new InvalidQueryParameter(
      parameter,
      `must be longitude,latitude with an optional maximum and minimum distance in metres; got ${quote(near)}`,
    )
  }
}
