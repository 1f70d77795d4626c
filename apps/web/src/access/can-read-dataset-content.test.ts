import type { PayloadRequest } from 'payload'
import { describe, expect, it } from 'vitest'

import { canReadDatasetContent } from './can-read-dataset-content'
import { NO_DOCUMENTS } from './no-documents'

function requestSeeing(datasetIds: number[], role?: string): PayloadRequest {
  return {
    user: role ? { id: 9, role } : null,
    context: {},
    payload: { find: () => Promise.resolve({ docs: datasetIds.map((id) => ({ id })) }) },
  } as unknown as PayloadRequest
}

describe('canReadDatasetContent', () => {
  it('lets editors and admins read everything', async () => {
    expect(await canReadDatasetContent({ req: requestSeeing([], 'editor') } as never)).toBe(true)
  })

  it('limits others to the datasets they may see', async () => {
    expect(await canReadDatasetContent({ req: requestSeeing([3, 5]) } as never)).toEqual({ dataset: { in: [3, 5] } })
  })

  it('answers "no documents", not a refusal, when someone may see no dataset at all (a fresh instance)', async () => {
    expect(await canReadDatasetContent({ req: requestSeeing([]) } as never)).toEqual(NO_DOCUMENTS)
  })
})
