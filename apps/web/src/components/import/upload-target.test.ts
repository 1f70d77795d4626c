import { describe, expect, it } from 'vitest'

import { EMPTY_TARGET, uploadTargetOf, type TargetChoice, type TargetResult } from './upload-target'

describe('uploadTargetOf', () => {
  it.each<[string, Partial<TargetChoice>, TargetResult]>([
    ['nothing chosen', {}, { problem: 'Name the new catalog' }],
    ['a blank catalog name', { catalogName: '   ' }, { problem: 'Name the new catalog' }],
    ['a new catalog without dataset name', { catalogName: 'Campaigns' }, { problem: 'Name the new dataset' }],
    [
      'a new catalog and dataset, trimmed',
      { catalogName: ' Campaigns ', datasetName: ' Trump ' },
      { target: { catalogName: 'Campaigns', datasetName: 'Trump' } },
    ],
    [
      'a new catalog ignores a dataset chosen before',
      { catalogName: 'Campaigns', datasetName: 'Trump', datasetMode: 'existing', datasetId: 4 },
      { target: { catalogName: 'Campaigns', datasetName: 'Trump' } },
    ],
    ['an existing catalog not chosen yet', { catalogMode: 'existing' }, { problem: 'Choose a catalog' }],
    [
      'an existing catalog, new dataset',
      { catalogMode: 'existing', catalogId: 3, datasetName: 'Trump' },
      { target: { catalogId: 3, datasetName: 'Trump' } },
    ],
    [
      'an existing dataset not chosen yet',
      { catalogMode: 'existing', catalogId: 3, datasetMode: 'existing' },
      { problem: 'Choose the dataset to add the events to' },
    ],
    [
      'an existing dataset',
      { catalogMode: 'existing', catalogId: 3, datasetMode: 'existing', datasetId: 9 },
      { target: { catalogId: 3, datasetId: 9 } },
    ],
  ])('%s', (_, choice, expected) => {
    expect(uploadTargetOf({ ...EMPTY_TARGET, ...choice })).toEqual(expected)
  })
})
