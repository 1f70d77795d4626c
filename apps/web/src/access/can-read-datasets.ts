import type { Access } from 'payload'

import { datasetVisibilityWhere } from './visible-datasets'

/**
 * Datasets are readable by anyone when they and their catalog are public; otherwise by their
 * owner, the catalog's owner, editors and admins.
 * @example access: { read: canReadDatasets }
 */
export const canReadDatasets: Access = ({ req }) => datasetVisibilityWhere(req.user)
