import type { GlobalConfig } from 'payload'

import { isEditorOrAdmin } from '../access/is-editor-or-admin'
import { AUDIT_ACTIONS } from '../constants/audit-actions'
import { COLLECTION_NAMES, GLOBAL_NAMES } from '../constants/collection-names'
import { auditGlobalChanges } from '../lib/audit/audit-collection-changes'

/** The site's main navigation: links to pages or URLs, edited by editors and admins. */
export const MainMenu: GlobalConfig = {
  slug: GLOBAL_NAMES.MAIN_MENU,
  label: 'Main menu',
  admin: { group: 'Content' },
  access: { read: () => true, update: isEditorOrAdmin },
  hooks: { afterChange: [auditGlobalChanges(GLOBAL_NAMES.MAIN_MENU, AUDIT_ACTIONS.SETTINGS_CHANGED)] },
  fields: [
    {
      name: 'items',
      type: 'array',
      maxRows: 12,
      fields: [
        { name: 'label', type: 'text', required: true },
        {
          name: 'type',
          type: 'radio',
          defaultValue: 'url',
          options: [
            { label: 'Page', value: 'page' },
            { label: 'URL', value: 'url' },
          ],
        },
        {
          name: 'page',
          type: 'relationship',
          relationTo: COLLECTION_NAMES.PAGES,
          admin: { condition: (_, sibling) => sibling?.type === 'page' },
        },
        { name: 'url', type: 'text', admin: { condition: (_, sibling) => sibling?.type === 'url' } },
        { name: 'newTab', type: 'checkbox', defaultValue: false },
      ],
    },
  ],
}
