/**
 * Thrown inside an online provider when a request fails after its retries (HTTP error, timeout,
 * invalid JSON, an error status in the body); the provider turns it into a `'failed'` result.
 * The message names the provider, the endpoint and what went wrong, and never the API key.
 */
export class ProviderRequestFailed extends Error {
  override readonly name = 'ProviderRequestFailed'
  /**
   * @param provider - the provider's name, e.g. `"nominatim"`
   * @param reason - what went wrong, already free of secrets
   * @param status - the HTTP status, when the server answered
   * @param retryAfterMs - the pause the server asked for (Retry-After), in ms
   */
  constructor(
    readonly provider: string,
    reason: string,
    readonly status?: number,
    readonly retryAfterMs?: number,
  ) {
    super(`${provider}: ${reason}`)
  }
}

/** Thrown by `createOnlineProvider` when a setting the service requires (such as `apiKey`) is missing. */
export class MissingProviderSetting extends Error {
  override readonly name = 'MissingProviderSetting'
  /**
   * @param provider - the provider type, e.g. `"opencage"`
   * @param setting - the missing setting, e.g. `"apiKey"`
   */
  constructor(
    readonly provider: string,
    readonly setting: string,
  ) {
    super(
      `online geocoding provider "${provider}" needs the setting ${setting}; got none (add it to the provider's document)`,
    )
  }
}

/**
 * Removes secrets (API keys) from a text that may echo a URL or a server message.
 * @example redactSecrets('denied for key=abc123', ['abc123']) // 'denied for key=***'
 */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let redacted = text
  for (const secret of secrets) {
    if (secret !== undefined && secret.length > 0) redacted = redacted.split(secret).join('***')
  }
  return redacted
}
