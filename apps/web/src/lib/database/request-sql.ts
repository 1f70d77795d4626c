/**
 * Runs SQL in the request's own transaction, so a hook's write commits or rolls back together
 * with the document change that caused it.
 * @module
 */
import { sql, type SQL } from 'drizzle-orm'
import type { PayloadRequest } from 'payload'

/** Runs one parameterised statement (`$1`, `$2`…) and answers how many rows it changed. */
export type StatementRunner = (text: string, params: readonly unknown[]) => Promise<number>

/** Turns `text` with `$n` placeholders into a drizzle query with bound parameters. */
export function toDrizzleSql(text: string, params: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/)
  const chunks: SQL[] = []
  parts.forEach((part, index) => {
    if (index % 2 === 0) chunks.push(sql.raw(part))
    else chunks.push(sql`${params[Number(part) - 1]}`)
  })
  return sql.join(chunks)
}

interface DrizzleLike {
  execute(query: SQL): Promise<{ rowCount?: number | null }>
}

/** A runner bound to the request's transaction, or to the database when there is none. */
export async function requestStatementRunner(req: PayloadRequest): Promise<StatementRunner> {
  const adapter = req.payload.db as unknown as {
    drizzle: DrizzleLike
    sessions?: Record<string | number, { db: DrizzleLike }>
  }
  const transactionId = req.transactionID ? await req.transactionID : undefined
  const db = (transactionId !== undefined && adapter.sessions?.[transactionId]?.db) || adapter.drizzle
  return async (text, params) => (await db.execute(toDrizzleSql(text, params))).rowCount ?? 0
}
