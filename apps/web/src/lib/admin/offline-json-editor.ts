/**
 * Gives every `json` field of a collection or global the offline JSON editor, however deeply it
 * is nested (groups, arrays, rows, tabs, blocks), so no admin screen loads Monaco from a CDN.
 * @module
 */
import type { CollectionConfig, Field, GlobalConfig } from 'payload'

/** The admin component path of the offline JSON editor. */
export const JSON_FIELD_COMPONENT = '/components/admin/json-field#JsonField'

function withEditor(field: Field): Field {
  if (field.type === 'json') {
    return {
      ...field,
      admin: { ...field.admin, components: { ...field.admin?.components, Field: JSON_FIELD_COMPONENT } },
    }
  }
  if (field.type === 'code') {
    // Code fields use Monaco too; a JSON-agnostic text area is the same editor without the check.
    return { ...field, type: 'textarea' } as Field
  }
  if ('fields' in field && Array.isArray(field.fields)) return { ...field, fields: field.fields.map(withEditor) }
  if (field.type === 'tabs') {
    return { ...field, tabs: field.tabs.map((tab) => ({ ...tab, fields: tab.fields.map(withEditor) })) }
  }
  if (field.type === 'blocks' && field.blocks) {
    return { ...field, blocks: field.blocks.map((block) => ({ ...block, fields: block.fields.map(withEditor) })) }
  }
  return field
}

/**
 * Returns the collection or global with the offline editor on every JSON field.
 * @example collections.map(withOfflineJsonEditor)
 */
export function withOfflineJsonEditor<T extends CollectionConfig | GlobalConfig>(config: T): T {
  return { ...config, fields: config.fields.map(withEditor) }
}
