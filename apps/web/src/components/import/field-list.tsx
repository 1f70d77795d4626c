'use client'
import { ROLE_GROUPS, roleLabel, type ColumnRole, type ColumnRoles } from './column-roles'
import { formatCount, formatShare, shorten } from './import-format'
import type { SchemaField } from './import-types'

const TYPE_LABELS: Record<SchemaField['type'], string> = {
  string: 'Text',
  number: 'Number',
  integer: 'Whole number',
  boolean: 'Yes/no',
  date: 'Date',
  enum: 'Category',
  id: 'Identifier',
  coordinate: 'Coordinate',
  mixed: 'Mixed',
}

function rangeOf(field: SchemaField): string {
  const { min, max } = field.statistics
  if (min === undefined || max === undefined) return '–'
  // ISO dates from the statistics: midnight is a plain date, other times keep hours and minutes.
  const show = (value: number | string) =>
    typeof value === 'number'
      ? formatCount(value)
      : value.replace(/T00:00:00(\.000)?Z$/, '').replace(/T(\d\d:\d\d)(:\d\d)?(\.\d+)?Z$/, ' $1')
  return min === max ? show(min) : `${show(min)} – ${show(max)}`
}

function dateNote(field: SchemaField): string | null {
  const format = field.dateFormat
  if (!format) return null
  if (format.isAmbiguousOrder) return 'order unclear'
  return format.order ? `read as ${format.order.split('').join('/')}` : null
}

/**
 * The detected columns: type, statistics from the sampled rows (empty share, distinct values,
 * examples, range) and a role selector per column that says what the column means for an event.
 */
export function FieldList({
  fields,
  roles,
  onRoleChange,
}: {
  fields: readonly SchemaField[]
  roles: ColumnRoles
  onRoleChange: (column: string, role: ColumnRole) => void
}) {
  return (
    <div className="table-scroll" role="region" aria-label="Detected columns" tabIndex={0}>
      <table className="import-table import-fields">
        <thead>
          <tr>
            <th scope="col">Column</th>
            <th scope="col">Detected type</th>
            <th scope="col">Role in the event</th>
            <th scope="col">Empty</th>
            <th scope="col">Distinct</th>
            <th scope="col">Range</th>
            <th scope="col">Examples</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => {
            const role = roles[field.name] ?? 'none'
            const note = dateNote(field)
            return (
              <tr key={field.name} className={role === 'none' ? undefined : 'has-role'}>
                <th scope="row" className="import-column-name">
                  {field.name}
                </th>
                <td>
                  {TYPE_LABELS[field.type] ?? field.type}
                  {note && <span className="import-subtle"> · {note}</span>}
                </td>
                <td>
                  <select
                    aria-label={`Role of column ${field.name}`}
                    value={role}
                    onChange={(event) => onRoleChange(field.name, event.target.value as ColumnRole)}
                  >
                    <option value="none">{roleLabel('none')}</option>
                    {ROLE_GROUPS.map((group) => (
                      <optgroup key={group.label} label={group.label}>
                        {group.roles.map((option) => (
                          <option key={option.role} value={option.role}>
                            {option.label}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </select>
                </td>
                <td className="numeric">{formatShare(field.statistics.nullRate)}</td>
                <td className="numeric">
                  {formatCount(field.statistics.distinctCount)}
                  {field.statistics.isDistinctCountExact ? '' : '+'}
                </td>
                <td className="import-range">{rangeOf(field)}</td>
                <td className="import-examples" title={field.statistics.examples.join('\n')}>
                  {field.statistics.examples
                    .slice(0, 3)
                    .map((example) => shorten(example, 28))
                    .join(' · ') || '–'}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
