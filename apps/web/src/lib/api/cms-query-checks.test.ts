import { describe, expect, it } from 'vitest'

import { checkCmsQuery, InvalidQueryParameter } from './cms-query-checks'

const bounds = { maxLimit: 1000, maxDepth: 10, maxPage: 10_000 }

function problem(query: Record<string, unknown>, kind: 'read' | 'write' = 'read'): string | undefined {
  try {
    checkCmsQuery(query, bounds, kind)
    return undefined
  } catch (error) {
    if (error instanceof InvalidQueryParameter) return error.message
    throw error
  }
}

describe('checkCmsQuery', () => {
  it.each<[Record<string, unknown>, string | undefined]>([
    [{}, undefined],
    [{ limit: '1000', page: '10000', depth: '10', pagination: 'true' }, undefined],
    [{ limit: '0' }, 'limit: must be a whole number from 1 to 1000; got "0"'],
    [{ limit: '-1' }, 'limit: must be a whole number from 1 to 1000; got "-1"'],
    [{ limit: 'NaN' }, 'limit: must be a whole number from 1 to 1000; got "NaN"'],
    [{ limit: '' }, 'limit: must be a whole number from 1 to 1000; got ""'],
    [{ limit: '1.5' }, 'limit: must be a whole number from 1 to 1000; got "1.5"'],
    [{ limit: '1e400' }, 'limit: must be a whole number from 1 to 1000; got "1e400"'],
    [{ limit: '1001' }, 'limit: must be a whole number from 1 to 1000; got "1001"'],
    [{ limit: ['1', '2'] }, 'limit: was given 2 times; give it once'],
    [{ limit: { a: '1' } }, 'limit: must be a single value; got "{\\"a\\":\\"1\\"}"'],
    [{ page: '-1' }, 'page: must be a whole number from 1 to 10000; got "-1"'],
    [{ page: '0' }, 'page: must be a whole number from 1 to 10000; got "0"'],
    [{ depth: '11' }, 'depth: must be a whole number from 0 to 10; got "11"'],
    [{ depth: '0' }, undefined],
    [
      { pagination: 'false' },
      'pagination: cannot be turned off over the API; page through with limit (at most 1000) and page',
    ],
    [{ pagination: 'maybe' }, 'pagination: must be true or false; got "maybe"'],
    [{ joins: 'false' }, undefined],
    [{ joins: { datasets: { limit: '0' } } }, 'joins[datasets][limit]: must be a whole number from 1 to 1000; got "0"'],
    [{ joins: { datasets: 'false' } }, undefined],
    [{ where: 'notjson' }, 'where: must be where[field][operator]=value or a JSON object; got "notjson"'],
    [{ where: '{"title":{"equals":"x"}}' }, undefined],
    [{ where: { id: { in: 'abc' } } }, 'where[id][in]: ids are whole numbers up to 2147483647; got "abc"'],
    [
      { where: { id: { equals: '99999999999' } } },
      'where[id][equals]: ids are whole numbers up to 2147483647; got "99999999999"',
    ],
    [{ where: { id: { in: '1,2,3' }, title: { like: 'x' } } }, undefined],
    [{ where: { id: { exists: 'true' } } }, undefined],
    [
      { where: { location: { within: { type: 'Polygon' } } } },
      'where[location][within]: a Polygon needs coordinates: nested arrays of numbers; got "null"',
    ],
    [
      {
        where: {
          location: {
            within: {
              type: 'Polygon',
              coordinates: [
                [
                  ['0', '0'],
                  ['1', '0'],
                  ['1', '1'],
                  ['0', '0'],
                ],
              ],
            },
          },
        },
      },
      undefined,
    ],
    [
      { where: { or: [{ location: { intersects: 'x' } }] } },
      expect.stringMatching(/^where\[or\]\[0\]\[location\]\[intersects\]: must be a GeoJSON geometry/),
    ],
    [{ where: { location: { near: '10,20,5000' } } }, undefined],
    [
      { where: { location: { near: 'abc' } } },
      expect.stringMatching(/^where\[location\]\[near\]: must be longitude,latitude/),
    ],
  ])('%j → %s', (query, expected) => {
    expect(problem(query)).toEqual(expected)
  })

  it("lets writes keep Payload's limit=0 (the admin's bulk delete), still a whole number", () => {
    expect(problem({ limit: '0' }, 'write')).toBeUndefined()
    expect(problem({ limit: '50000' }, 'write')).toBeUndefined()
    expect(problem({ limit: '-1' }, 'write')).toMatch(/^limit: must be a whole number/)
    expect(problem({ pagination: 'false' }, 'write')).toBeUndefined()
  })

  it('leaves text ids alone', () => {
    expect(() => checkCmsQuery({ where: { id: { equals: 'abc' } } }, bounds, 'read', 'text')).not.toThrow()
  })
})
