import { ProviderRequestFailed, redactSecrets } from './provider-errors'
import type { RateLimiter } from './rate-limiter'
import { sleepMs } from './rate-limiter'
import { MAX_RETRY_AFTER_MS, parseRetryAfterMs } from './retry-after'

/** How {@link requestJson} sends one provider's requests. */
export interface JsonRequestContext {
  /** Provider name, for messages and the rate limiter. */
  provider: string
  fetch: typeof fetch
  headers: Record<string, string>
  timeoutMs: number
  maxRetries: number
  rateLimiter?: RateLimiter
  /** Values that must never appear in an error message (API keys). */
  secrets: readonly (string | undefined)[]
  signal?: AbortSignal
  /** Whether a parsed answer is a temporary refusal to retry, like a 429. */
  isRetryableAnswer?: (answer: JsonAnswer) => boolean
}

/** A parsed JSON answer with its HTTP status (any status: the caller reads API-specific errors). */
export interface JsonAnswer {
  status: number
  body: unknown
}

/** First pause before retrying a 429/503/timeout that gave no Retry-After; doubles each retry. */
const BASE_BACKOFF_MS = 500

/** Whether an answer should be retried after a pause: rate limited or temporarily unavailable. */
function isRetryable(status: number): boolean {
  return status === 429 || status === 503
}

/** Failures that were timeouts: retried like a 503. */
const timeouts = new WeakSet<ProviderRequestFailed>()
/** Failures that were temporary refusals in a readable body (Google's OVER_QUERY_LIMIT). */
const temporaryRefusals = new WeakSet<ProviderRequestFailed>()

function endpointOf(url: URL): string {
  return `${url.origin}${url.pathname}`
}

async function fetchOnce(url: URL, context: JsonRequestContext): Promise<JsonAnswer & { retryAfterMs?: number }> {
  const timeout = AbortSignal.timeout(context.timeoutMs)
  const signal = context.signal === undefined ? timeout : AbortSignal.any([context.signal, timeout])
  const fail = (reason: string, status?: number, retryAfterMs?: number): ProviderRequestFailed =>
    new ProviderRequestFailed(context.provider, redactSecrets(reason, context.secrets), status, retryAfterMs)
  let response: Response
  let text: string
  try {
    response = await context.fetch(url, { headers: context.headers, signal })
    text = await response.text()
  } catch (error) {
    if (context.signal?.aborted === true) throw context.signal.reason
    if (timeout.aborted) {
      const timedOut = fail(`no answer from ${endpointOf(url)} within ${context.timeoutMs} ms`)
      timeouts.add(timedOut)
      throw timedOut
    }
    throw fail(`request to ${endpointOf(url)} failed: ${error instanceof Error ? error.message : String(error)}`)
  }
  const retryAfterMs = parseRetryAfterMs(response.headers.get('retry-after'), Date.now())
  if (isRetryable(response.status)) {
    throw fail(
      `${endpointOf(url)} answered HTTP ${response.status} (${response.status === 429 ? 'rate limited' : 'unavailable'})`,
      response.status,
      retryAfterMs,
    )
  }
  let answer: JsonAnswer
  try {
    answer = { status: response.status, body: JSON.parse(text) as unknown }
  } catch {
    throw fail(
      `${endpointOf(url)} answered HTTP ${response.status} with invalid JSON: ${JSON.stringify(text.slice(0, 80))}`,
      response.status,
    )
  }
  if (context.isRetryableAnswer?.(answer) === true) {
    const refusal = fail(
      `${endpointOf(url)} refused for now: ${JSON.stringify(text.slice(0, 160))}`,
      response.status,
      retryAfterMs,
    )
    temporaryRefusals.add(refusal)
    throw refusal
  }
  return answer
}

/** Whether a failure is worth another try: rate limited, unavailable or timed out. */
function shouldRetry(error: ProviderRequestFailed): boolean {
  return (
    timeouts.has(error) || temporaryRefusals.has(error) || (error.status !== undefined && isRetryable(error.status))
  )
}

/**
 * GETs a JSON document from an online provider: waits for the rate limiter before every attempt,
 * retries 429, 503 and timeouts up to `maxRetries` times (honouring Retry-After, capped at 60 s,
 * else backing off 0.5 s, 1 s, 2 s, …), and answers any other status with its parsed body.
 * @throws {@link ProviderRequestFailed} after the last retry, or for invalid JSON and network errors;
 *   rethrows the signal's reason when aborted
 * @example await requestJson(new URL('https://photon.komoot.io/api?q=Berlin'), context) // { status: 200, body: { type: 'FeatureCollection', … } }
 */
export async function requestJson(url: URL, context: JsonRequestContext): Promise<JsonAnswer> {
  for (let attempt = 0; ; attempt++) {
    await context.rateLimiter?.acquire(context.provider, context.signal)
    try {
      return await fetchOnce(url, context)
    } catch (error) {
      if (!(error instanceof ProviderRequestFailed) || !shouldRetry(error) || attempt >= context.maxRetries) throw error
      const delayMs = Math.min(error.retryAfterMs ?? BASE_BACKOFF_MS * 2 ** attempt, MAX_RETRY_AFTER_MS)
      // A shared limiter makes every process pause; without one this request waits alone.
      if (context.rateLimiter?.backOff !== undefined) await context.rateLimiter.backOff(context.provider, delayMs)
      else await sleepMs(delayMs, context.signal)
    }
  }
}
