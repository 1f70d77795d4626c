/**
 * The write side of a scheduled run's create-events stage. An upload commits its events batch by
 * batch; a scheduled run writes all of them, and what it does to events gone from the source, in
 * one transaction, so a run that fails leaves the dataset exactly as the previous run left it and
 * the people reading it never see half of a run. On the way it notes every unique id the source
 * still has and, for the first {@link LISTED_CHANGES} updated events, what changed.
 * @module
 */
import type { Pool, PoolClient } from 'pg'

import type { EventRow } from '../events/bulk-insert-events'
import { diffEvent, type EventChange, type StoredEventValues } from './event-changes'
import { LISTED_CHANGES, type GoneFromSourceAction } from './scheduled-import-types'

/** An event gone from the source, as the run lists it. */
export interface GoneEvent {
  readonly eventId: number
  readonly uniqueId: string
  readonly title: string | null
}

/** What the run did to events gone from the source. */
export interface GoneOutcome {
  /** Events of the dataset whose row the source no longer has. */
  readonly gone: number
  /** Of those, marked removed or deleted (0 when the schedule keeps them, or held back). */
  readonly removed: number
  /** Events marked removed by an earlier run that the source has again. */
  readonly restored: number
  /** The first {@link LISTED_CHANGES} gone events. */
  readonly listed: readonly GoneEvent[]
  /** Why gone events were kept although the schedule says otherwise, if they were. */
  readonly heldBack?: string
}

interface StoredEventRow {
  id: number
  unique_id: string
  title: string | null
  description: string | null
  event_time: Date | null
  event_end_time: Date | null
  location_name: string | null
  longitude: number | null
  latitude: number | null
  data: unknown
}

const GONE_CONDITION = `e.dataset_id = $1 and e.removed_at is null
  and not exists (select 1 from scheduled_run_seen s where s.unique_id = e.unique_id)`

/** One scheduled run's transaction over the events of its dataset. */
export class ScheduledRunWriter {
  private readonly changes: EventChange[] = []

  private constructor(
    /** The client holding the run's transaction: every write of the run goes through it. */
    readonly client: PoolClient,
    private readonly datasetId: number,
  ) {}

  /** Opens the run's transaction on a connection of its own. */
  static async open(pool: Pool, datasetId: number): Promise<ScheduledRunWriter> {
    const client = await pool.connect()
    try {
      await client.query('begin')
      await client.query(
        'create temporary table if not exists scheduled_run_seen (unique_id text primary key) on commit drop',
      )
      return new ScheduledRunWriter(client, datasetId)
    } catch (error) {
      await client.query('rollback').catch(() => undefined)
      client.release()
      throw error
    }
  }

  /** The updated events listed so far, each with its changed fields. */
  get listedChanges(): readonly EventChange[] {
    return this.changes
  }

  /**
   * Notes a batch before it is written: its unique ids are in the source, and while fewer than
   * {@link LISTED_CHANGES} updates are listed, the stored values of its existing events are
   * compared with the rows about to replace them.
   * @param seenIds - every unique id the batch's rows have, including events kept as edited
   */
  async noteBatch(events: readonly EventRow[], seenIds: readonly string[], listUpdates: boolean): Promise<void> {
    if (seenIds.length > 0) {
      await this.client.query(
        'insert into scheduled_run_seen (unique_id) select unnest($1::text[]) on conflict do nothing',
        [seenIds],
      )
    }
    if (!listUpdates || this.changes.length >= LISTED_CHANGES || events.length === 0) return
    const { rows } = await this.client.query<StoredEventRow>(
      `select id, unique_id, title, description, event_time, event_end_time, location_name,
              st_x(location) as longitude, st_y(location) as latitude, data
         from events where dataset_id = $1 and unique_id = any($2::text[])`,
      [this.datasetId, events.map((event) => event.uniqueId)],
    )
    const stored = new Map(rows.map((row) => [row.unique_id, row]))
    for (const event of events) {
      if (this.changes.length >= LISTED_CHANGES) break
      const row = stored.get(event.uniqueId)
      if (!row) continue
      const before: StoredEventValues = {
        id: row.id,
        uniqueId: row.unique_id,
        title: row.title,
        description: row.description,
        eventTime: row.event_time,
        eventEndTime: row.event_end_time,
        locationName: row.location_name,
        longitude: row.longitude,
        latitude: row.latitude,
        data: row.data,
      }
      const fields = diffEvent(before, event)
      if (fields.length > 0) this.changes.push({ eventId: row.id, uniqueId: row.unique_id, title: event.title, fields })
    }
  }

  /**
   * Brings back events an earlier run marked removed whose rows the source has again, and applies
   * the schedule's choice to events gone from the source. Gone events are kept, whatever the
   * choice, when some rows could not be read: their events may only look gone.
   */
  async settleGoneEvents(action: GoneFromSourceAction, rowsWithErrors: number): Promise<GoneOutcome> {
    const restored = await this.client.query(
      `update events e set removed_at = null where e.dataset_id = $1 and e.removed_at is not null
          and exists (select 1 from scheduled_run_seen s where s.unique_id = e.unique_id)`,
      [this.datasetId],
    )
    const counted = await this.client.query<{ gone: string }>(
      `select count(*) as gone from events e where ${GONE_CONDITION}`,
      [this.datasetId],
    )
    const gone = Number(counted.rows[0]?.gone ?? 0)
    const listed = await this.client.query<{ id: number; unique_id: string; title: string | null }>(
      `select e.id, e.unique_id, e.title from events e where ${GONE_CONDITION} order by e.id limit ${LISTED_CHANGES}`,
      [this.datasetId],
    )
    const outcome = {
      gone,
      restored: restored.rowCount ?? 0,
      listed: listed.rows.map((row) => ({ eventId: row.id, uniqueId: row.unique_id, title: row.title })),
    }
    if (gone === 0 || action === 'keep') return { ...outcome, removed: 0 }
    if (rowsWithErrors > 0) {
      return {
        ...outcome,
        removed: 0,
        heldBack: `${gone} events look gone from the source but were kept: ${rowsWithErrors} rows could not be read, and their events may be among them`,
      }
    }
    const applied =
      action === 'delete'
        ? await this.client.query(`delete from events e where ${GONE_CONDITION}`, [this.datasetId])
        : await this.client.query(`update events e set removed_at = now() where ${GONE_CONDITION}`, [this.datasetId])
    return { ...outcome, removed: applied.rowCount ?? 0 }
  }

  /** Commits the run's writes and returns the connection. */
  async commit(): Promise<void> {
    try {
      await this.client.query('commit')
    } finally {
      this.client.release()
    }
  }

  /** Undoes every write of the run and returns the connection. */
  async rollback(): Promise<void> {
    try {
      await this.client.query('rollback')
    } catch {
      // The connection is broken; releasing it with the error discards it.
    } finally {
      this.client.release()
    }
  }
}
