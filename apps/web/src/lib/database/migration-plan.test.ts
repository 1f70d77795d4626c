import { describe, expect, it } from 'vitest'

import { migrationsNotShipped, planMigrationsTo } from './migration-plan'

const SHIPPED = ['20260101_a', '20260102_b', '20260103_c', '20260104_d']

describe('planMigrationsTo', () => {
  it('rolls back the applied migrations after the target, newest first', () => {
    expect(planMigrationsTo(SHIPPED, new Set(SHIPPED), '20260102_b')).toEqual({
      apply: [],
      rollBack: ['20260104_d', '20260103_c'],
    })
  })

  it('applies the missing ones up to the target, oldest first, and rolls back only what was applied', () => {
    expect(planMigrationsTo(SHIPPED, new Set(['20260101_a', '20260104_d']), '20260103_c')).toEqual({
      apply: ['20260102_b', '20260103_c'],
      rollBack: ['20260104_d'],
    })
  })

  it('takes "latest" for the newest shipped migration', () => {
    expect(planMigrationsTo(SHIPPED, new Set(['20260101_a']), 'latest')).toEqual({
      apply: ['20260102_b', '20260103_c', '20260104_d'],
      rollBack: [],
    })
  })

  it('has nothing to do when the database is at the target', () => {
    expect(planMigrationsTo(SHIPPED, new Set(SHIPPED.slice(0, 2)), '20260102_b')).toEqual({ apply: [], rollBack: [] })
  })

  it('refuses a name it does not ship, naming the range it ships', () => {
    expect(() => planMigrationsTo(SHIPPED, new Set(), '20260102')).toThrow(
      'No migration is named "20260102". This version ships 4, from 20260101_a to 20260104_d',
    )
  })

  it('refuses a database holding migrations of a newer version, which only that version can undo', () => {
    expect(() => planMigrationsTo(SHIPPED, new Set([...SHIPPED, '20260105_e']), '20260101_a')).toThrow(
      'The database holds migrations this version does not ship: 20260105_e.',
    )
  })
})

describe('migrationsNotShipped', () => {
  it('names the applied migrations this version lacks, sorted', () => {
    expect(migrationsNotShipped(SHIPPED, new Set(['20260106_f', ...SHIPPED, '20260105_e']))).toEqual([
      '20260105_e',
      '20260106_f',
    ])
    expect(migrationsNotShipped(SHIPPED, new Set(SHIPPED.slice(0, 1)))).toEqual([])
  })
})
