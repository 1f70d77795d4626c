/**
 * When a failed webhook delivery is tried again: after 1 minute, 5 minutes, 30 minutes, 2 hours,
 * then every 6 hours, until 24 hours after the event, when it is given up. Pure.
 * @module
 */

/** The waits between attempts, in seconds; the last one repeats. */
export const WEBHOOK_RETRY_DELAYS_SECONDS: readonly number[] = [60, 5 * 60, 30 * 60, 2 * 3600, 6 * 3600]

/** How long after the event a delivery is still tried, in seconds: 24 hours. */
export const WEBHOOK_RETRY_WINDOW_SECONDS = 24 * 3600

/** A retry schedule: the waits (the last repeats) and how long after the event retries stop. */
export interface WebhookRetrySchedule {
  readonly delaysSeconds: readonly number[]
  readonly windowSeconds: number
}

/** The schedule deliveries use. */
export const WEBHOOK_RETRY_SCHEDULE: WebhookRetrySchedule = {
  delaysSeconds: WEBHOOK_RETRY_DELAYS_SECONDS,
  windowSeconds: WEBHOOK_RETRY_WINDOW_SECONDS,
}

/**
 * When to try a delivery again after its `attempts`-th attempt failed at `now`, or `null` when that
 * would be more than the window after the event (`firstQueuedAt`): the delivery has failed.
 * @example nextWebhookAttemptAt(1, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'))
 * // 2026-01-01T00:01:00.000Z
 */
export function nextWebhookAttemptAt(
  attempts: number,
  firstQueuedAt: Date,
  now: Date,
  schedule: WebhookRetrySchedule = WEBHOOK_RETRY_SCHEDULE,
): Date | null {
  const { delaysSeconds, windowSeconds } = schedule
  const delay = delaysSeconds[Math.min(Math.max(attempts, 1), delaysSeconds.length) - 1] ?? 0
  const next = new Date(now.getTime() + delay * 1000)
  const deadline = firstQueuedAt.getTime() + windowSeconds * 1000
  return next.getTime() > deadline ? null : next
}
