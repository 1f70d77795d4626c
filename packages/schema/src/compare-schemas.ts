import { isWideningTypeChange } from './type-compatibility'
import type { SchemaField } from './types'

/** What changed in one field between two schema versions. */
export type SchemaChangeKind = 'field-added' | 'field-removed' | 'type-changed' | 'enum-changed' | 'nullability-changed'

/** Product type "schema change": one change between two schema versions. */
export interface SchemaChange {
  kind: SchemaChangeKind
  field: string
  from?: unknown
  to?: unknown
  /** True when data valid under the previous schema may not be valid under the next. */
  isBreaking: boolean
  reason: string
}

/** Product type "schema comparison": the changes from one schema version to the next. */
export interface SchemaComparison {
  changes: SchemaChange[]
  isBreaking: boolean
  isIdentical: boolean
  summary: string
}

function compareField(previous: SchemaField, next: SchemaField): SchemaChange[] {
  const changes: SchemaChange[] = []
  const name = next.name
  if (previous.type !== next.type) {
    const isBreaking = !isWideningTypeChange(previous.type, next.type)
    changes.push({
      kind: 'type-changed',
      field: name,
      from: previous.type,
      to: next.type,
      isBreaking,
      reason: isBreaking
        ? `"${name}" changed from ${previous.type} to ${next.type}: existing values may not fit the new type`
        : `"${name}" widened from ${previous.type} to ${next.type}: existing values still fit`,
    })
  } else if (next.type === 'enum') {
    const before = new Set(previous.enumValues ?? [])
    const after = new Set(next.enumValues ?? [])
    const removed = [...before].filter((value) => !after.has(value))
    const added = [...after].filter((value) => !before.has(value))
    if (removed.length > 0 || added.length > 0) {
      const parts = [
        ...(added.length > 0 ? [`added ${added.map((value) => `"${value}"`).join(', ')}`] : []),
        ...(removed.length > 0 ? [`removed ${removed.map((value) => `"${value}"`).join(', ')}`] : []),
      ]
      changes.push({
        kind: 'enum-changed',
        field: name,
        from: previous.enumValues ?? [],
        to: next.enumValues ?? [],
        isBreaking: removed.length > 0,
        reason: `"${name}" values ${parts.join('; ')}`,
      })
    }
  }
  if (previous.nullable !== next.nullable) {
    changes.push({
      kind: 'nullability-changed',
      field: name,
      from: previous.nullable,
      to: next.nullable,
      isBreaking: !next.nullable,
      reason: next.nullable
        ? `"${name}" may now be empty`
        : `"${name}" is now required: existing empty values would not fit`,
    })
  }
  return changes
}

function summarize(changes: readonly SchemaChange[]): string {
  if (changes.length === 0) return 'No changes'
  const breaking = changes.filter((change) => change.isBreaking).length
  const counts = new Map<SchemaChangeKind, number>()
  for (const change of changes) counts.set(change.kind, (counts.get(change.kind) ?? 0) + 1)
  const parts = [...counts].map(([kind, count]) => `${count} ${kind.replace('-', ' ')}`)
  return `${changes.length} change${changes.length === 1 ? '' : 's'} (${breaking} breaking): ${parts.join(', ')}`
}

/**
 * Product service "schema versioning": compares two schema versions field by field (matched by
 * name). Removed fields, narrowing type changes (see `isWideningTypeChange`), removed enum values
 * and nullable → required are breaking; added fields, widenings, added enum values and
 * required → nullable are not. Without a previous schema, every field is added.
 * @example compareSchemas(undefined, [field]).changes[0].kind // 'field-added'
 * @example compareSchemas([age('integer')], [age('number')]).isBreaking // false
 */
export function compareSchemas(
  previous: readonly SchemaField[] | undefined,
  next: readonly SchemaField[],
): SchemaComparison {
  const changes: SchemaChange[] = []
  const before = new Map((previous ?? []).map((field) => [field.name, field]))
  const after = new Set(next.map((field) => field.name))
  for (const field of next) {
    const old = before.get(field.name)
    if (old === undefined) {
      changes.push({
        kind: 'field-added',
        field: field.name,
        to: field.type,
        isBreaking: false,
        reason: `"${field.name}" (${field.type}) is new`,
      })
    } else {
      changes.push(...compareField(old, field))
    }
  }
  for (const field of previous ?? []) {
    if (!after.has(field.name)) {
      changes.push({
        kind: 'field-removed',
        field: field.name,
        from: field.type,
        isBreaking: true,
        reason: `"${field.name}" (${field.type}) is no longer in the data`,
      })
    }
  }
  const isBreaking = changes.some((change) => change.isBreaking)
  return {
    changes,
    isBreaking,
    isIdentical: previous !== undefined && changes.length === 0,
    summary:
      previous === undefined
        ? `New schema with ${next.length} field${next.length === 1 ? '' : 's'}`
        : summarize(changes),
  }
}
