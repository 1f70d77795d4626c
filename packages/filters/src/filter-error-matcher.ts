import { expect } from 'vitest'

/**
 * For tests: matches a thrown {@link FilterParameterError} by its parameter and whole message, as
 * an API client sees them in a 400 response; a RegExp for parts written by the JavaScript engine.
 * @example expect(() => parseZoom(new URLSearchParams())).toThrow(filterError('zoom', 'zoom: is required: …'))
 */
export function filterError(parameter: string, message: string | RegExp): unknown {
  return expect.objectContaining({
    name: 'FilterParameterError',
    parameter,
    // Vitest types its asymmetric matchers as `any`.
    message: typeof message === 'string' ? message : (expect.stringMatching(message) as unknown),
  })
}
