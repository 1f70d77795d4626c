/**
 * What a delete takes with it, in words a person reads before confirming. Pure: the deletion
 * endpoints, the dataset page and the admin all show these sentences.
 * @module
 */

/** The counts behind one delete: what goes with the document, and what stays. */
export interface DeletionImpact {
  /** `dataset` or `import` (an import file with its import jobs). */
  readonly kind: 'dataset' | 'import'
  /** The dataset's name or the import's file name. */
  readonly name: string
  /** Events deleted with it (a dataset's events; an import deletes none). */
  readonly events: number
  /** Schema versions deleted with it (datasets only). */
  readonly schemaVersions: number
  /** Import jobs (one per sheet, with their row errors and history) deleted with it. */
  readonly importJobs: number
  /** Uploaded files deleted with it: the import's own file, or a dataset's imports that fed only it. */
  readonly importFiles: number
  /** Events an import created that stay in their datasets (imports only). */
  readonly eventsKept: number
  /** The names of the datasets those kept events are in (imports only). */
  readonly datasets: readonly string[]
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`
}

function list(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('')
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`
}

/**
 * The sentences that say what a delete removes and what it keeps.
 * @example describeDeletion({ kind: 'import', name: 'a.csv', events: 0, schemaVersions: 0, importJobs: 1, importFiles: 1, eventsKept: 5, datasets: ['A'] })
 * // ['Deletes the uploaded file "a.csv" and its 1 import job (its progress, row errors and history).',
 * //  'The 5 events it imported stay in dataset "A"; delete the dataset to remove them.']
 */
export function describeDeletion(impact: DeletionImpact): string[] {
  if (impact.kind === 'import') {
    const sentences = [
      `Deletes the uploaded file "${impact.name}" and its ${plural(impact.importJobs, 'import job')} (its progress, row errors and history).`,
    ]
    if (impact.eventsKept > 0) {
      const where =
        impact.datasets.length === 1
          ? `dataset "${impact.datasets[0]}"`
          : `datasets ${list(impact.datasets.map((name) => `"${name}"`))}`
      sentences.push(
        `The ${plural(impact.eventsKept, 'event')} it imported stay in ${where}; delete the dataset to remove them.`,
      )
    } else {
      sentences.push('No events go with it.')
    }
    return sentences
  }
  const parts = [plural(impact.events, 'event'), plural(impact.schemaVersions, 'schema version')]
  if (impact.importJobs > 0) parts.push(plural(impact.importJobs, 'import job'))
  if (impact.importFiles > 0) parts.push(plural(impact.importFiles, 'uploaded file'))
  return [
    `Deletes dataset "${impact.name}" with its ${list(parts)}.`,
    'Anyone with a link to its events or to a view of it will find nothing there. This cannot be undone.',
  ]
}
