import type { TaskConfig } from 'payload'

import { JOB_QUEUES, JOB_TYPES } from '../constants/job-types'
import { attemptWebhookDelivery } from '../lib/webhooks/attempt-delivery'

/**
 * The deliver-webhook job: one attempt at one delivery. A failed attempt that may be retried
 * queues the next job for the delivery's next attempt time (`waitUntil`), so the backoff needs
 * no sleeping worker; Payload's own retries stay off, the delivery counts its attempts itself.
 */
export const deliverWebhookTask: TaskConfig<{
  input: { deliveryId: number }
  output: { status: string }
}> = {
  slug: JOB_TYPES.DELIVER_WEBHOOK,
  label: 'Deliver webhook',
  inputSchema: [{ name: 'deliveryId', type: 'number', required: true }],
  outputSchema: [{ name: 'status', type: 'text', required: true }],
  retries: 0,
  handler: async ({ input, req }) => {
    const outcome = await attemptWebhookDelivery(req.payload, input.deliveryId)
    if (outcome.status === 'retrying' && outcome.nextAttemptAt) {
      await req.payload.jobs.queue({
        task: JOB_TYPES.DELIVER_WEBHOOK,
        input: { deliveryId: input.deliveryId },
        queue: JOB_QUEUES.WEBHOOKS,
        waitUntil: outcome.nextAttemptAt,
      })
    }
    return { output: { status: outcome.status } }
  },
}
