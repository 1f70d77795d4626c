import pg from 'pg'

/**
 * Connects a `pg` client to a test server. Errors after a deliberate kill are expected, so the
 * client's error events are swallowed instead of crashing the test run.
 * @example const client = await connectClient(server.url)
 */
export async function connectClient(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url })
  client.on('error', () => undefined)
  await client.connect()
  return client
}
