import type { Field, GlobalConfig } from 'payload'

import { isAdmin } from '../access/is-admin'
import { AUDIT_ACTIONS } from '../constants/audit-actions'
import { GLOBAL_NAMES } from '../constants/collection-names'
import { TRUST_LEVEL_LABELS, TRUST_LEVELS, type TrustLevel } from '../constants/trust-levels'
import { auditGlobalChanges } from '../lib/audit/audit-collection-changes'
import { DEFAULT_QUOTAS, QUOTA_LABELS, QUOTA_NAMES } from '../lib/quotas/quota-limits'
import { forgetQuotaLimits } from '../lib/quotas/user-quotas'

function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function levelGroup(level: Exclude<TrustLevel, 'unlimited'>): Field {
  return {
    name: level,
    type: 'group',
    label: `${TRUST_LEVEL_LABELS[level]} users`,
    fields: QUOTA_NAMES.map((name) => ({
      name,
      type: 'number',
      label: sentenceCase(QUOTA_LABELS[name]),
      min: name === 'shortestScheduleMinutes' ? 5 : 0,
      defaultValue: DEFAULT_QUOTAS[level][name] ?? undefined,
      admin: { description: 'Empty: no limit.', width: '33%' },
    })),
  }
}

/**
 * The limits of each trust level (users carry a `trustLevel`): uploads per day, events per import
 * and in total, scheduled imports and how often they may run, API requests per hour. Only admins
 * read and change them; users see their own at `GET /api/usage`. Admins and `unlimited` users
 * have no limits.
 */
export const Quotas: GlobalConfig = {
  slug: GLOBAL_NAMES.QUOTAS,
  label: 'Quotas',
  admin: {
    group: 'Settings',
    description:
      'What users of each trust level may do. Admins and users of the Unlimited level have no limits. ' +
      'A change applies to every web process within 15 seconds.',
  },
  access: { read: isAdmin, update: isAdmin },
  hooks: {
    afterChange: [
      auditGlobalChanges(GLOBAL_NAMES.QUOTAS, AUDIT_ACTIONS.SETTINGS_CHANGED),
      ({ doc }: { doc: Record<string, unknown> }) => {
        forgetQuotaLimits()
        return doc
      },
    ],
  },
  fields: [levelGroup(TRUST_LEVELS.NEW), levelGroup(TRUST_LEVELS.TRUSTED)],
}
