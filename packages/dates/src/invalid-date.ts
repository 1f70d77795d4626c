/**
 * Thrown when a value cannot be read as a date; the message names the value and why, e.g.
 * `31/02/2021 is not a valid day/month/year date: February has 28 days in 2021`.
 */
export class InvalidDate extends Error {
  /** The value as written (numbers and dates converted to strings). */
  readonly value: string
  /** Why the value is not a date, e.g. `February has 28 days in 2021`. */
  readonly reason: string

  /**
   * @param value - the value as written
   * @param reason - why it is not a date
   * @param kind - what it was read as, e.g. `day/month/year date`
   */
  constructor(value: string, reason: string, kind = 'date') {
    super(`${value === '' ? 'an empty value' : value} is not a valid ${kind}: ${reason}`)
    this.name = 'InvalidDate'
    this.value = value
    this.reason = reason
  }
}

/**
 * Thrown when a numeric date reads both ways (`03/04/2024`: 3 April or 4 March) and its column's
 * order is not known, with `onAmbiguousOrder: 'reject'`: an import never guesses.
 */
export class AmbiguousDateOrder extends InvalidDate {
  /** The value read day first, e.g. `3 April`. */
  readonly dayFirst: string
  /** The value read month first, e.g. `4 March`. */
  readonly monthFirst: string

  /**
   * @param value - the value as written
   * @param dayFirst - its day and month read day first, e.g. `3 April`
   * @param monthFirst - its day and month read month first, e.g. `4 March`
   */
  constructor(value: string, dayFirst: string, monthFirst: string) {
    super(value, `it could be ${dayFirst} (day first) or ${monthFirst} (month first)`, 'numeric date')
    this.name = 'AmbiguousDateOrder'
    this.dayFirst = dayFirst
    this.monthFirst = monthFirst
  }
}
