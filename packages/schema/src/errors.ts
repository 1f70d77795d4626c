// Imported for the {@link} references in the TSDoc below, which the API reference resolves.
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- see above
import type { FieldType } from './types'
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- see above
import type { SchemaBuilderState } from './schema-builder'

/**
 * Thrown when a saved {@link SchemaBuilderState} cannot continue: another version, or another
 * file's headers. The message names what differs.
 */
export class InvalidSchemaBuilderState extends Error {
  /** What is wrong with the state. */
  readonly reason: string

  /** Builds the error from the reason the state was rejected. */
  constructor(reason: string) {
    super(`The saved schema builder state cannot be continued: ${reason}`)
    this.name = 'InvalidSchemaBuilderState'
    this.reason = reason
  }
}

/**
 * Thrown when a field passed to `createRowTransformer` has a type that is not a {@link FieldType}
 * (for example a schema saved by a newer version).
 */
export class UnknownFieldType extends Error {
  /** The field's name. */
  readonly field: string
  /** The type found. */
  readonly type: string

  /** Builds the error naming the field and its type. */
  constructor(field: string, type: string) {
    super(
      `Field "${field}" has type "${type}", expected one of string, number, integer, boolean, date, enum, id, coordinate, mixed`,
    )
    this.name = 'UnknownFieldType'
    this.field = field
    this.type = type
  }
}
