/**
 * The commit-guidelines page's examples against the commit hook's own checker: every good example
 * passes, and every "mistake to avoid" is rejected for the reason the page gives.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'

import { checkCommitMessage, type CommitRuleId } from '@chronotope/commit-conventions'
import { describe, expect, it } from 'vitest'

const page = readFileSync(
  path.resolve(import.meta.dirname, '../docs/developers/development/commit-guidelines.md'),
  'utf8',
)

function section(title: string): string {
  const start = page.indexOf(`\n## ${title}\n`)
  if (start < 0) throw new Error(`the page has no "${title}" section`)
  const end = page.indexOf('\n## ', start + 1)
  return page.slice(start, end < 0 ? undefined : end)
}

const goodExamples = [...section('Examples').matchAll(/```\n([\s\S]*?)\n```/g)].map((match) => match[1]!)

/** Each row of "Mistakes to avoid", by its first cell: a message that shows the mistake, and the rule that must reject it. */
const MISTAKES: Record<string, { message: string; rule: CommitRuleId }> = {
  '`Added date detection`': { message: 'Added date detection', rule: 'bad-title-format' },
  '`feature(import): detect the date order`': {
    message: 'feature(import): detect the date order',
    rule: 'unknown-type',
  },
  '`Fix(import): detect the date order`': { message: 'Fix(import): detect the date order', rule: 'unknown-type' },
  '`fix(Import): detect the date order`': { message: 'fix(Import): detect the date order', rule: 'scope-format' },
  '`fix(import): added the date order`': {
    message: 'fix(import): added the date order',
    rule: 'subject-not-imperative',
  },
  '`fix(import): Detect the date order`': {
    message: 'fix(import): Detect the date order',
    rule: 'subject-uppercase-start',
  },
  '`fix(import): detect the date order.`': {
    message: 'fix(import): detect the date order.',
    rule: 'subject-trailing-period',
  },
  '`fix(import):detect the date order`': { message: 'fix(import):detect the date order', rule: 'bad-title-format' },
  'a title over 72 characters': {
    message: `fix(import): detect the date order of each column from the first ${'x'.repeat(10)} rows`,
    rule: 'title-too-long',
  },
  'a body line over 100 characters': {
    message: `fix(import): detect the date order\n\n${'The detector reads every row. '.repeat(4)}`,
    rule: 'body-line-too-long',
  },
  'a body that starts right under the title': {
    message: 'fix(import): detect the date order\nThe detector reads every row.',
    rule: 'missing-blank-line',
  },
  '`* a bullet`': { message: 'fix(import): detect the date order\n\n* a bullet', rule: 'bullet-style' },
  '`Breaking change: …`': {
    message: 'fix(import): detect the date order\n\nBreaking change: dates are read day first.',
    rule: 'breaking-change-paragraph',
  },
}

/** Words the page's reason must use for each rule, so the page says why the hook refuses. */
const REASON_WORDS: Partial<Record<CommitRuleId, RegExp>> = {
  'bad-title-format': /type\(scope\): subject|space is needed after the colon/,
  'unknown-type': /not allowed|must be lowercase/,
  'scope-format': /scope/,
  'subject-not-imperative': /imperative/,
  'subject-uppercase-start': /start lowercase/,
  'subject-trailing-period': /period/,
  'title-too-long': /too long/,
  'body-line-too-long': /wrap/,
  'missing-blank-line': /blank line/,
  'bullet-style': /bullet points start with/,
  'breaking-change-paragraph': /BREAKING CHANGE:/,
}

const mistakeRows = new Map(
  [...section('Mistakes to avoid').matchAll(/^\| (.+?) \| (.+) \|$/gm)]
    .filter(([, cell]) => cell !== 'message' && !/^-+$/.test(cell!))
    .map(([, cell, reason]) => [cell!, reason!]),
)

describe('the commit guidelines page', () => {
  it('has good examples, and each passes the commit hook', () => {
    expect(goodExamples.length).toBeGreaterThanOrEqual(3)
    for (const example of goodExamples) expect(checkCommitMessage(example).problems, example).toEqual([])
  })

  it('lists exactly the mistakes this test knows how to show', () => {
    expect([...mistakeRows.keys()].sort()).toEqual(Object.keys(MISTAKES).sort())
  })

  it.each(Object.entries(MISTAKES))('rejects %s for the reason the page gives', (cell, { message, rule }) => {
    expect(mistakeRows.get(cell)).toMatch(REASON_WORDS[rule]!)
    const result = checkCommitMessage(message)
    expect(result.valid).toBe(false)
    expect(result.problems.map((problem) => problem.rule)).toContain(rule)
  })
})
