import { describe, expect, it } from 'vitest'

import { AUDIT_CSV_COLUMNS, auditCsvLine } from './audit-csv'

describe('auditCsvLine', () => {
  it('writes one entry in the columns’ order, JSON for changes and details, formulas defused', () => {
    const line = auditCsvLine({
      id: 1,
      createdAt: '2026-11-28T09:14:03.120Z',
      action: 'catalog.deleted',
      actorId: 7,
      actorEmail: 'admin@example.org',
      actorAddress: null,
      targetCollection: 'catalogs',
      targetId: '4',
      targetLabel: "=cmd|' /C calc'!A0",
      changes: { isPublic: { before: false, after: true } },
      details: null,
    })
    expect(line).toBe(
      '2026-11-28T09:14:03.120Z,catalog.deleted,7,admin@example.org,,catalogs,4,' +
        `"'=cmd|' /C calc'!A0",` +
        '"{""isPublic"":{""before"":false,""after"":true}}",\r\n',
    )
    expect(line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)).toHaveLength(AUDIT_CSV_COLUMNS.length)
  })
})
