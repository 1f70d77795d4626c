/**
 * What bringing a database's schema to one shipped migration takes (`npm run migrate -- --to
 * <name>`): the migrations to apply, oldest first, and those to roll back, newest first. Pure, so
 * the order and the refusals are tested without a database.
 * @module
 */

/** The steps that bring a database to a target migration. */
export interface MigrationPlan {
  /** Shipped migrations up to the target that the database lacks, oldest first. */
  readonly apply: readonly string[]
  /** Applied migrations after the target, newest first: each `down` undoes its `up`. */
  readonly rollBack: readonly string[]
}

/**
 * Plans the way to the schema of migration `target`.
 * @param shipped - the names of the migrations this version ships, oldest first
 * @param applied - the names the database records as applied
 * @param target - a shipped migration's name, or `latest` for the newest
 * @throws when `target` is not shipped, or when the database holds migrations this version does
 *   not ship (a newer version applied them, and only its code can roll them back)
 * @example planMigrationsTo(['a', 'b', 'c'], new Set(['a', 'b', 'c']), 'a') // { apply: [], rollBack: ['c', 'b'] }
 */
export function planMigrationsTo(
  shipped: readonly string[],
  applied: ReadonlySet<string>,
  target: string,
): MigrationPlan {
  const index = target === 'latest' ? shipped.length - 1 : shipped.indexOf(target)
  if (index < 0) {
    throw new Error(
      `No migration is named "${target}". This version ships ${shipped.length}, from ${shipped[0]} to ${shipped.at(-1)} (apps/web/src/migrations); --to takes one of their names or "latest".`,
    )
  }
  const unknown = migrationsNotShipped(shipped, applied)
  if (unknown.length > 0) {
    throw new Error(
      `The database holds migrations this version does not ship: ${unknown.join(', ')}. A newer version applied them; roll them back with that version (npm run migrate -- --to ${shipped.at(-1)}) before using this one.`,
    )
  }
  return {
    apply: shipped.slice(0, index + 1).filter((name) => !applied.has(name)),
    rollBack: shipped
      .slice(index + 1)
      .filter((name) => applied.has(name))
      .reverse(),
  }
}

/**
 * The migrations the database records that this version does not ship, sorted: a newer version
 * applied them, and this one's code may not fit the schema they made.
 * @example migrationsNotShipped(['a', 'b'], new Set(['a', 'b', 'c'])) // ['c']
 */
export function migrationsNotShipped(shipped: readonly string[], applied: ReadonlySet<string>): string[] {
  const known = new Set(shipped)
  return [...applied].filter((name) => !known.has(name)).sort()
}
