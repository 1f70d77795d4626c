import { describe, expect, it } from 'vitest'
import { findNonImperativeWord } from './imperative-mood.ts'

describe('findNonImperativeWord', () => {
  it.each([
    ['added the filter', 'added', 'past-tense', 'add'],
    ['Added the filter', 'Added', 'past-tense', 'add'],
    ['updated the readme', 'updated', 'past-tense', 'update'],
    ['dropped support for Node 18', 'dropped', 'past-tense', 'drop'],
    ['simplified parsing', 'simplified', 'past-tense', 'simplify'],
    ['wrote the docs', 'wrote', 'past-tense', 'write'],
    ['refactored, then fixed', 'refactored', 'past-tense', 'refactor'],
    ['frobnicated the cache', 'frobnicated', 'past-tense', undefined],
    ['adds the filter', 'adds', 'third-person', 'add'],
    ['fixes the filter', 'fixes', 'third-person', 'fix'],
    ['has no effect', 'has', 'third-person', 'have'],
    ['queries the index', 'queries', 'third-person', 'query'],
    ['adding the filter', 'adding', 'gerund', 'add'],
    ['updating: the readme', 'updating', 'gerund', 'update'],
    ['stopping the worker', 'stopping', 'gerund', 'stop'],
    ['frobnicating the cache', 'frobnicating', 'gerund', undefined],
  ])('%s', (subject, word, form, imperative) => {
    expect(findNonImperativeWord(subject)).toEqual({ word, form, imperative })
  })

  it.each([
    'add the filter',
    'embed the map',
    'seed the demo events',
    'reseed the demo events',
    'speed up clustering',
    'feed the worker',
    'need fewer queries',
    'shred temporary files',
    'proceed after a failed row',
    'bring back the legend',
    'string cells keep zeros',
    'ring buffer for logs',
    'ping the provider',
    'thing',
    'use the cache',
    'red markers for errors',
    'parseDate takes an order',
    'README for imports',
    'GeoJSON export',
    '',
  ])('accepts "%s"', (subject) => {
    expect(findNonImperativeWord(subject)).toBeUndefined()
  })
})
