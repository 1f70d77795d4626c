import { describe, expect, it } from 'vitest'

import { auditFilterWhere } from './audit-filters'

const where = (query: string) => auditFilterWhere(new URLSearchParams(query))

function refusal(query: string) {
  try {
    where(query)
  } catch (error) {
    return { status: (error as { status: number }).status, parameter: (error as { parameter: string }).parameter }
  }
  return undefined
}

describe('auditFilterWhere', () => {
  it('reads every filter into one where', () => {
    expect(
      where(
        'action=auth.sign-in,auth.sign-in-failed&actor=Admin@Example.org&targetCollection=users&targetId=7&from=2026-11-01&to=2026-11-28T12:00:00Z',
      ),
    ).toEqual({
      and: [
        { action: { in: ['auth.sign-in', 'auth.sign-in-failed'] } },
        { actorEmail: { equals: 'admin@example.org' } },
        { targetCollection: { equals: 'users' } },
        { targetId: { equals: '7' } },
        { createdAt: { greater_than_equal: '2026-11-01T00:00:00.000Z' } },
        { createdAt: { less_than: '2026-11-28T12:00:00.000Z' } },
      ],
    })
  })

  it('reads an actor given by id', () => {
    expect(where('actor=12')).toEqual({ and: [{ actorId: { equals: 12 } }] })
  })

  it('takes no filters', () => {
    expect(where('')).toEqual({ and: [] })
  })

  it.each([
    ['action=auth.everything', 'action'],
    ['actor=someone', 'actor'],
    ['targetCollection=Robert%27);DROP', 'targetCollection'],
    ['from=yesterday', 'from'],
    ['from=2026-11-28&to=2026-11-01', 'to'],
    ['where[action][equals]=x', 'where[action][equals]'],
  ])('answers 400 naming the parameter for %s', (query, parameter) => {
    expect(refusal(query)).toEqual({ status: 400, parameter })
  })
})
