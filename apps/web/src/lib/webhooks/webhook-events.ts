/**
 * The events outgoing webhooks send and the JSON each delivery's body holds:
 * `{ id, event, createdAt, data }`. Pure.
 * @module
 */

/** The events a webhook may subscribe to. */
export const WEBHOOK_EVENTS = {
  IMPORT_COMPLETED: 'import.completed',
  IMPORT_FAILED: 'import.failed',
  SCHEDULE_PAUSED: 'schedule.paused',
  DATASET_UPDATED: 'dataset.updated',
} as const

/** One event name. */
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[keyof typeof WEBHOOK_EVENTS]

/** What each event is, for the admin's choices and the docs. */
export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEvent, string>> = {
  'import.completed': 'Import completed',
  'import.failed': 'Import failed',
  'schedule.paused': 'Scheduled import paused',
  'dataset.updated': 'Dataset updated',
}

/**
 * Whether a value is one of the {@link WEBHOOK_EVENTS}.
 * @example isWebhookEvent('import.completed') // true
 */
export function isWebhookEvent(value: unknown): value is WebhookEvent {
  return typeof value === 'string' && (Object.values(WEBHOOK_EVENTS) as string[]).includes(value)
}

/** What an import did, summed over its sheets. */
export interface ImportCounts {
  readonly created: number
  readonly updated: number
  readonly unchanged: number
  /** Duplicate rows skipped. */
  readonly skipped: number
  /** Events kept as people edited them although the file changed the same values. */
  readonly leftAlone: number
  /** Rows that could not become events. */
  readonly errors: number
}

/** `data` of `import.completed` and `import.failed`. */
export interface ImportEventData {
  readonly importId: number
  readonly fileName: string | null
  readonly status: 'completed' | 'failed'
  readonly catalogId: number | null
  readonly datasetIds: readonly number[]
  readonly counts: ImportCounts
  /** Why it failed (`import.failed` only). */
  readonly failureReason?: string | null
  readonly links: { readonly status: string; readonly api: string }
}

/** `data` of `dataset.updated`: an import changed the dataset's events. */
export interface DatasetUpdatedData {
  readonly datasetId: number
  readonly datasetName: string | null
  readonly importId: number
  readonly counts: ImportCounts
  readonly links: { readonly dataset: string; readonly events: string; readonly api: string }
}

/** `data` of `schedule.paused`: a scheduled import paused itself after failing in a row. */
export interface SchedulePausedData {
  readonly scheduledImportId: number
  readonly name: string
  /** Why the last run failed, in words. */
  readonly reason: string
  /** Failures in a row that paused it. */
  readonly failures: number
  readonly datasetId: number | null
  readonly links?: Readonly<Record<string, string>>
}

/** The `data` of each event. */
export interface WebhookEventDataMap {
  readonly 'import.completed': ImportEventData
  readonly 'import.failed': ImportEventData
  readonly 'dataset.updated': DatasetUpdatedData
  readonly 'schedule.paused': SchedulePausedData
}

/** The JSON body of a delivery. */
export interface WebhookPayload<E extends WebhookEvent = WebhookEvent> {
  /** The event's id (`evt_…`): the same in every delivery and redelivery of it, to drop duplicates. */
  readonly id: string
  readonly event: E
  /** When the event happened, ISO 8601. */
  readonly createdAt: string
  readonly data: WebhookEventDataMap[E]
}

/**
 * The absolute links of an event's payload, under the app's public URL.
 * @example webhookLinks('https://c.example/').importStatus(12) // 'https://c.example/import?importId=12'
 */
export function webhookLinks(serverUrl: string) {
  const base = serverUrl.replace(/\/+$/, '')
  return {
    importStatus: (importId: number) => `${base}/import?importId=${importId}`,
    importApi: (importId: number) => `${base}/api/import/${importId}`,
    dataset: (datasetId: number) => `${base}/datasets/${datasetId}`,
    datasetApi: (datasetId: number) => `${base}/api/datasets/${datasetId}`,
    datasetEvents: (datasetId: number) => `${base}/api/events?datasets=${datasetId}`,
  }
}
