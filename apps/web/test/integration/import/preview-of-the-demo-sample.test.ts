import { describe, expect, it } from 'vitest'

import { findSampleImportFile, SAMPLE_IMPORT_ROWS } from '../../../src/seed/seeders/import-files'
import { ApiClient, testPayload } from '../../helpers/api-client'

describe('GET /api/preview of the demo’s sample upload', () => {
  // The seed stores that file without the format detection an upload records: the preview
  // answered 500 ("Cannot read properties of null") for it.
  it('detects the file now and previews it, as for any upload', async () => {
    const importId = await findSampleImportFile(await testPayload())
    const editor = await ApiClient.as('editor')
    const answer = await editor.get(`/preview?importId=${importId}&rows=2`)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toMatchObject({
      importId,
      detection: { format: 'csv', encoding: 'utf-8', delimiter: ',' },
      headers: ['id', 'date', 'kind', 'city', 'country', 'participants'],
      rowsSampled: SAMPLE_IMPORT_ROWS,
    })
    expect(answer.body.rows).toHaveLength(2)
  })
})
