/**
 * The OpenAPI path of the audit log's CSV export (`/api/audit-log/export.csv`). The log's entries
 * themselves are read through the CMS's REST and GraphQL routes for the `audit-log` collection.
 * @module
 */
import { AUDIT_ACTION_LIST } from '../../constants/audit-actions'
import { AUDIT_CSV_COLUMNS } from '../audit/audit-csv'
import { errorAnswer, query } from './openapi-parts'

const CSV_EXAMPLE =
  '\uFEFF' +
  `${AUDIT_CSV_COLUMNS.join(',')}\r\n` +
  '2026-11-28T09:14:03.120Z,catalog.visibility-changed,1,admin@chronotope.local,203.0.113.7,catalogs,4,Elections,' +
  '"{""isPublic"":{""before"":false,""after"":true}}",\r\n' +
  '2026-11-28T09:12:55.004Z,auth.sign-in-failed,,,198.51.100.23,users,1,admin@chronotope.local,,' +
  '"{""reason"":""wrong-credentials"",""email"":""admin@chronotope.local""}"\r\n'

/** The path of the audit log export. */
export function auditPaths(): Record<string, unknown> {
  return {
    '/api/audit-log/export.csv': {
      get: {
        operationId: 'exportAuditLogCsv',
        summary: 'Export the audit log as CSV',
        description:
          'The audit log’s entries, newest first, that match every filter given: who did what, when, from which ' +
          'address, to what, and the changed fields before → after (JSON in the `changes` column). Every cell is ' +
          'guarded against spreadsheet formulas. Streamed; each client has one export running at a time. Admins only.',
        parameters: [
          query('action', 'One or more actions, separated by commas.', {
            type: 'string',
            examples: ['auth.sign-in-failed,auth.sign-in'],
            description: `Any of ${AUDIT_ACTION_LIST.join(', ')}.`,
          }),
          query('actor', 'The user who acted: their id or email address.', { type: 'string' }),
          query('targetCollection', 'The collection (or global) acted on, e.g. `datasets`.', { type: 'string' }),
          query('targetId', 'The id of the document acted on.', { type: 'string' }),
          query('from', 'Entries at or after this date or time (ISO 8601, e.g. `2026-11-01`).', {
            type: 'string',
          }),
          query('to', 'Entries before this date or time (ISO 8601).', { type: 'string' }),
        ],
        responses: {
          '200': {
            description: `CSV: ${AUDIT_CSV_COLUMNS.join(', ')}`,
            content: { 'text/csv': { schema: { type: 'string' }, example: CSV_EXAMPLE } },
          },
          '400': errorAnswer(
            'An unknown parameter, an unknown action, an actor that is neither id nor email, a bad time.',
          ),
          '401': errorAnswer('Not signed in.'),
          '403': errorAnswer('Signed in, but not an admin.'),
          '429': errorAnswer('This client already has an export running and two waiting.'),
          '503': errorAnswer('Too many exports are waiting; try again after `Retry-After` seconds.'),
        },
      },
    },
  }
}
