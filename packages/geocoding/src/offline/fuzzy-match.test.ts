import { describe, expect, it } from 'vitest'

import { editDistance, findSimilarNames, maxEditsForLength } from './fuzzy-match'

describe('editDistance', () => {
  it.each([
    ['phoenix', 'phoenix', 2, 0],
    ['pheonix', 'phoenix', 2, 1],
    ['bedfor', 'bedford', 2, 1],
    ['hemstead', 'hempstead', 2, 1],
    ['cincinatti', 'cincinnati', 2, 2],
    ['tuscon', 'tucson', 2, 1],
    ['dayton', 'boston', 2, 3],
    ['a', 'abcdef', 2, 3],
    ['', 'ab', 2, 2],
  ])('%j ↔ %j (max %i) → %i', (a, b, max, expected) => {
    expect(editDistance(a, b, max)).toBe(expected)
    expect(editDistance(b, a, max)).toBe(expected)
  })
})

describe('maxEditsForLength', () => {
  it.each([
    [3, 0],
    [4, 0],
    [5, 1],
    [8, 1],
    [9, 2],
    [20, 2],
  ])('%i letters → %i edits', (length, expected) => {
    expect(maxEditsForLength(length)).toBe(expected)
  })
})

describe('findSimilarNames', () => {
  it.each([
    ['pheonix', ['phoenix', 'phenix city', 'phoenixville'], [{ name: 'phoenix', edits: 1 }]],
    ['cincinatti', ['cincinnati', 'cinnaminson'], [{ name: 'cincinnati', edits: 2 }]],
    ['rome', ['home', 'rome'], []],
    ['salem', ['salem', 'salen', 'sale'], [{ name: 'salen', edits: 1 }]],
  ])('%j among %j → %j', (name, names, expected) => {
    expect(findSimilarNames(name, names)).toEqual(expected)
  })
})
