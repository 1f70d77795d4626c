/**
 * The audit log page lists exactly the actions the code records, and the settings page its
 * retention setting.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { AUDIT_ACTION_LIST } from '../../web/src/constants/audit-actions'

const page = readFileSync(path.resolve(import.meta.dirname, '../docs/developers/audit-log.md'), 'utf8')

describe('the audit log page', () => {
  it('lists every audit action once, and no other', () => {
    const section = page.split('## Actions')[1]!.split('\n## ')[0]!
    const listed = [...section.matchAll(/^\| `([a-z-]+\.[a-z-]+)` +\|/gm)].map((match) => match[1])
    expect(listed.sort()).toEqual([...AUDIT_ACTION_LIST].sort())
  })

  it('names the retention setting and the job that applies it', () => {
    expect(page).toContain('CHRONOTOPE_AUDIT_RETENTION_DAYS')
    expect(page).toContain('`prune-audit-log`')
  })
})
