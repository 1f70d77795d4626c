/**
 * Checks a scheduled import before it is saved: a valid schedule (the `@chronotope/schedules`
 * rules), a target the user may import into (their own catalog and a dataset of it; editors and
 * admins any), an id column when events are recognised by one, and the owner's quotas (how many
 * schedules, how often they run).
 * @module
 */
import { validateSchedule, type ScheduleSpec } from '@chronotope/schedules'
import { ValidationError, type CollectionBeforeValidateHook, type PayloadRequest } from 'payload'

import { relationId } from '../../../access/relation-id'
import { isEditorOrAdminUser } from '../../../access/roles'
import { COLLECTION_NAMES } from '../../../constants/collection-names'
import { toScheduleSpec } from '../../../lib/scheduled-imports/scheduled-import-types'
import { enforceScheduleQuotas } from '../../../lib/quotas/schedule-quotas'

interface FieldError {
  readonly path: string
  readonly message: string
}

type Doc = Record<string, unknown>

// The value the document will have: the incoming one, else the stored one (updates are partial).
function merged(data: Doc | undefined, original: Doc | undefined, field: string): unknown {
  return data && field in data ? data[field] : original?.[field]
}

async function targetErrors(
  req: PayloadRequest,
  catalog: unknown,
  dataset: unknown,
  owner: unknown,
): Promise<FieldError[]> {
  const catalogId = relationId(catalog)
  if (catalogId === undefined) return [{ path: 'catalog', message: 'Choose the catalog the events go into' }]
  const mayUseAny = isEditorOrAdminUser(req.user)
  const ownerId = relationId(owner) ?? req.user?.id
  const found = await req.payload.find({
    collection: COLLECTION_NAMES.CATALOGS,
    where: { id: { equals: catalogId } },
    depth: 0,
    limit: 1,
    overrideAccess: true,
    select: { owner: true },
    req,
  })
  const catalogDoc = found.docs[0]
  if (!catalogDoc || (!mayUseAny && relationId(catalogDoc.owner) !== ownerId)) {
    return [{ path: 'catalog', message: `No catalog ${catalogId} of yours; choose one of your catalogs` }]
  }
  const datasetId = relationId(dataset)
  if (datasetId === undefined) return []
  const datasets = await req.payload.find({
    collection: COLLECTION_NAMES.DATASETS,
    where: { id: { equals: datasetId } },
    depth: 0,
    limit: 1,
    overrideAccess: true,
    select: { owner: true, catalog: true },
    req,
  })
  const datasetDoc = datasets.docs[0]
  if (!datasetDoc || (!mayUseAny && relationId(datasetDoc.owner) !== ownerId)) {
    return [
      { path: 'dataset', message: `No dataset ${datasetId} of yours; choose one of your datasets or leave it empty` },
    ]
  }
  if (relationId(datasetDoc.catalog) !== catalogId) {
    return [{ path: 'dataset', message: `Dataset ${datasetId} is not in catalog ${catalogId}` }]
  }
  return []
}

/**
 * The collection's `beforeValidate` hook: refuses a save whose schedule, target or id column is
 * wrong, naming each field and what to change. The server's own updates (the scheduler's state)
 * pass through unchecked.
 */
export const checkScheduledImport: CollectionBeforeValidateHook = async ({ data, originalDoc, req, operation }) => {
  if (!data || req.context?.scheduler === true) return data
  const original = originalDoc as Doc | undefined
  const errors: FieldError[] = []
  const touches = (...fields: string[]) => operation === 'create' || fields.some((field) => field in data)

  let schedule: ScheduleSpec | undefined
  if (touches('schedule')) {
    schedule = toScheduleSpec({ ...(original?.schedule as Doc | undefined), ...(data.schedule as Doc | undefined) })
    for (const problem of validateSchedule(schedule)) {
      errors.push({ path: `schedule.${problem.field}`, message: problem.message })
    }
  }
  if (touches('catalog', 'dataset')) {
    errors.push(
      ...(await targetErrors(
        req,
        merged(data, original, 'catalog'),
        merged(data, original, 'dataset'),
        merged(data, original, 'owner'),
      )),
    )
  }
  const idField = merged(data, original, 'idField')
  if (merged(data, original, 'idStrategy') === 'external' && !(typeof idField === 'string' && idField.trim())) {
    errors.push({ path: 'idField', message: 'Name the column that holds each row’s id' })
  }
  if (errors.length > 0) throw new ValidationError({ collection: COLLECTION_NAMES.SCHEDULED_IMPORTS, errors })
  await enforceScheduleQuotas(req, {
    ownerId: relationId(merged(data, original, 'owner')) ?? req.user?.id,
    isNew: operation === 'create',
    schedule,
  })
  return data
}
