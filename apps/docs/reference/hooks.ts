/**
 * The collections' hooks: what happens around a document's change or deletion beyond its fields
 * (a catalog with datasets cannot be deleted, a dataset takes its events with it, the first user
 * becomes an admin, an API key is encrypted before it is stored, …).
 * @module hooks
 */
export { preventDeletingNonEmptyCatalog } from '../../web/src/collections/catalogs/prevent-deleting-non-empty-catalog'
export { deleteDatasetContent } from '../../web/src/collections/datasets/hooks/delete-dataset-content'
export { applyApprovalDecision } from '../../web/src/collections/import-jobs/hooks/apply-approval-decision'
export { encryptApiKey } from '../../web/src/collections/geocoding-providers/hooks/encrypt-api-key'
export { moveEventsWithEntry } from '../../web/src/collections/location-cache/hooks/move-events-with-entry'
export * from '../../web/src/collections/users/hooks/make-first-user-admin'
export * from '../../web/src/collections/users/hooks/throttle-sign-in'
