import { describe, expect, it } from 'vitest'

import { describeDeletion, type DeletionImpact } from './describe-deletion'

const IMPORT: DeletionImpact = {
  kind: 'import',
  name: 'protests.csv',
  events: 0,
  schemaVersions: 0,
  importJobs: 2,
  importFiles: 1,
  eventsKept: 294,
  datasets: ['Protests', 'Rallies'],
}

describe('describeDeletion', () => {
  it.each<[string, DeletionImpact, string[]]>([
    [
      'an import whose events stay',
      IMPORT,
      [
        'Deletes the uploaded file "protests.csv" and its 2 import jobs (its progress, row errors and history).',
        'The 294 events it imported stay in datasets "Protests" and "Rallies"; delete the dataset to remove them.',
      ],
    ],
    [
      'an import whose dataset is gone',
      { ...IMPORT, importJobs: 1, eventsKept: 0, datasets: [] },
      [
        'Deletes the uploaded file "protests.csv" and its 1 import job (its progress, row errors and history).',
        'No events go with it.',
      ],
    ],
    [
      'a dataset with its imports',
      { ...IMPORT, kind: 'dataset', name: 'Protests', events: 1200, schemaVersions: 1, importJobs: 1, importFiles: 1 },
      [
        'Deletes dataset "Protests" with its 1,200 events, 1 schema version, 1 import job and 1 uploaded file.',
        'Anyone with a link to its events or to a view of it will find nothing there. This cannot be undone.',
      ],
    ],
  ])('%s', (_name, impact, expected) => {
    expect(describeDeletion(impact)).toEqual(expected)
  })
})
