import { inject, describe, expect, it } from 'vitest'

import { anonymous } from '../../helpers/api-client'

describe('GET /api/health', () => {
  it('reports a healthy database with PostGIS, current migrations and a readable job queue', async () => {
    const { status, body } = await anonymous.get('/health')
    expect(status).toBe(200)
    expect(body.status).toBe('ok')
    expect(body.database).toMatchObject({ status: 'ok', kind: inject('databaseKind') })
    expect(body.database.postgisVersion).toMatch(/^3\./)
    expect(body.database.postgresVersion).toMatch(/^\d+/)
    expect(body.migrations).toMatchObject({ status: 'ok', pending: [] })
    expect(body.migrations.applied).toBeGreaterThan(0)
    expect(body.jobQueue.status).toBe('ok')
  })
})
