import type { Access, FieldAccess } from 'payload'

/**
 * Access for what only the system writes (the import pipeline, Payload's job runner), through the
 * Local API with `overrideAccess`: no caller of REST, GraphQL or the admin, whatever their role.
 * @example access: { update: nobody }
 */
export const nobody: Access = () => false

/**
 * Field-level variant of {@link nobody}: the field is server-owned and silently kept as it was
 * when a caller sends it.
 * @example { name: 'currentSchema', access: { create: nobodyField, update: nobodyField } }
 */
export const nobodyField: FieldAccess = () => false
