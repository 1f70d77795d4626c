/**
 * Where PostgreSQL's timestamp text becomes a JavaScript value for Payload, for every reader
 * (REST, GraphQL, the local API, the admin, versions, jobs) and every writer.
 *
 * Payload keeps its date columns (`timestamp(3) with time zone`) as text in Drizzle and then calls
 * `new Date(text)`, which reads `0079-08-24 00:00:00+00` as 1979, `0012-…` as 2024-12-08, and
 * `0491-09-12 00:00:00+00 BC` as an Invalid Date (a 500 from every route that reads the event).
 * Writing `-000489-…`, the ISO 8601 the API returns for 490 BC, fails, since PostgreSQL reads
 * `-000489` as a time zone. So each such column maps its text to exact ISO 8601 and back here,
 * once, with `@chronotope/dates`.
 * @module
 */
import { formatPostgresTimestamp, isoFromPostgresTimestamp, postgresTimestampFromText } from '@chronotope/dates'
import { getTableColumns, is, type Table } from '@payloadcms/db-postgres/drizzle'
import { PgTimestampString } from '@payloadcms/db-postgres/drizzle/pg-core'

import type { PostgresSchemaHook } from './spatial-indexes'

/**
 * A timestamp as PostgreSQL writes it (text in any session TimeZone, or a Date from a driver
 * that parsed it) → ISO 8601 as `Date.prototype.toISOString` writes it, expanded years included.
 * @example readTimestamp('0491-09-12 00:00:00+00 BC') // '-000490-09-12T00:00:00.000Z'
 */
export function readTimestamp(value: unknown): unknown {
  if (typeof value === 'string') return isoFromPostgresTimestamp(value)
  return value instanceof Date ? value.toISOString() : value
}

/**
 * A timestamp as Payload passes it (ISO 8601 text, a Date) → text PostgreSQL reads as the same
 * instant; other text is left for PostgreSQL to read or refuse.
 * @example writeTimestamp('-000489-01-01T00:00:00.000Z') // '0490-01-01T00:00:00.000Z BC'
 */
export function writeTimestamp(value: unknown): unknown {
  if (value instanceof Date) return formatPostgresTimestamp(value)
  if (typeof value === 'string') return postgresTimestampFromText(value) ?? value
  return value
}

/**
 * Payload `afterSchemaInit` hook: gives every timestamp column Payload keeps as text
 * (`PgTimestampString`) the exact mapping of {@link readTimestamp} and {@link writeTimestamp}. The
 * column type and SQL stay the same, so migrations are unchanged.
 */
export const mapTimestampsExactly: PostgresSchemaHook = ({ schema }) => {
  for (const table of Object.values(schema.tables) as Table[]) {
    for (const column of Object.values(getTableColumns(table))) {
      // Own properties shadow the class's methods for this column only.
      if (is(column, PgTimestampString))
        Object.assign(column, { mapFromDriverValue: readTimestamp, mapToDriverValue: writeTimestamp })
    }
  }
  return schema
}
