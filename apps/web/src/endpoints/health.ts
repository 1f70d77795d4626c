import type { Endpoint } from 'payload'

import { database } from '../config/database'
import { readRouterOf } from '../lib/database/read-database'
import { eventIndexOf } from '../lib/events-read/event-index/indexed-selection'
import { checkHealth } from '../lib/health/check-health'
import { migrations } from '../migrations'
import packageJson from '../../package.json'

/**
 * `GET /api/health`: the health check result, with HTTP 503 when this process cannot serve
 * requests (status `error`) and 200 otherwise, `warning` included: a load balancer that took web
 * processes out for a stuck job queue would not start a worker. Public, so load balancers and
 * uptime monitors can call it; it reveals no data.
 */
export const healthEndpoint: Endpoint = {
  path: '/health',
  method: 'get',
  handler: async (req) => {
    const replica = readRouterOf(req.payload)
    const result = await checkHealth(req.payload, {
      isEmbedded: database?.kind === 'embedded',
      shippedMigrations: migrations.map((migration) => migration.name),
      version: packageJson.version,
      eventIndex: await eventIndexOf(req.payload).health(),
      readReplica: replica.status().configured ? () => replica.health() : undefined,
    })
    return Response.json(result, {
      status: result.status === 'error' ? 503 : 200,
      headers: { 'Cache-Control': 'no-store' },
    })
  },
}
