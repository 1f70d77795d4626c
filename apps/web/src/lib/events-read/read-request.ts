/**
 * The first step of every events read, REST or GraphQL: the filter state from the parameters and
 * the datasets the caller may see, with bad parameters reported as 400s that name them.
 * @module
 */
import { FilterParameterError, parseFilterState, type FilterState } from '@chronotope/filters'
import type { PayloadRequest } from 'payload'

import { ApiError } from '../api/api-error'
import type { DatasetScope } from './event-conditions'
import { readScope } from './read-scope'

/** A parsed read: its filter state and the datasets in scope. */
export interface ReadRequest {
  readonly state: FilterState
  readonly scope: DatasetScope
}

/** Turns a filter error into the API's 400; other errors pass through unchanged. */
export function asApiError(error: unknown): unknown {
  return error instanceof FilterParameterError
    ? new ApiError(400, 'invalid-parameter', error.message, error.parameter)
    : error
}

/**
 * Parses the filter state and resolves the datasets the caller may see.
 * @throws {@link ApiError} 400 naming the parameter at fault
 */
export async function prepareRead(req: PayloadRequest, params: URLSearchParams): Promise<ReadRequest> {
  try {
    const state = parseFilterState(params)
    return { state, scope: await readScope(req, state) }
  } catch (error) {
    throw asApiError(error)
  }
}
