import { afterAll, expect, it } from 'vitest'

import { databasePool } from '../../../src/lib/import/progress-tracking'
import { testPayload } from '../../helpers/api-client'
import { resetSessionTimeZone, setSessionTimeZone } from '../../helpers/session-time-zone'

// The same expectations when the sessions' TimeZone is not UTC: PostgreSQL then writes offsets
// such as -03 and, for years before standard time, local mean time (-03:06:28), which every
// reader must turn into the same instants. Set before Payload opens its first connection.
await setSessionTimeZone('America/Sao_Paulo')
afterAll(resetSessionTimeZone)

it("runs Payload's sessions in America/Sao_Paulo", async () => {
  const { rows } = await databasePool(await testPayload()).query<{ TimeZone: string }>('show timezone')
  expect(rows[0]!.TimeZone).toBe('America/Sao_Paulo')
})

await import('./times-of-every-era.suite')
