/**
 * Whether a streaming replica may answer a read: it must have replayed, for every dataset the
 * read touches, the very write the primary saw last. Pure, so it is tested without a database.
 * @module
 */

/** A dataset's events version (`event_index_versions.version`) by dataset id. */
export type DatasetVersions = ReadonlyMap<number, string>

/**
 * True when the replica holds the same events version as the primary for every dataset either
 * lists. Each write to a dataset's events sets its version to a fresh value of a sequence in the
 * same transaction, and a replica replays commits in order, so an equal version means the replica
 * holds exactly the events the primary holds; any difference (behind, or a dataset the primary
 * has since dropped) sends the read to the primary. Equality, not "at least": sequence values are
 * taken before commit, so a later commit can carry a smaller value.
 * @param primary - versions read on the primary for the read's scope
 * @param replica - versions read on the replica for the same scope
 * @example replicaIsCurrent(new Map([[1, '7']]), new Map([[1, '7']])) // true
 */
export function replicaIsCurrent(primary: DatasetVersions, replica: DatasetVersions): boolean {
  if (primary.size !== replica.size) return false
  for (const [datasetId, version] of primary) {
    if (replica.get(datasetId) !== version) return false
  }
  return true
}
