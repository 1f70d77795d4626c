/**
 * Puts bounds on the CMS's generic REST routes for every collection and global, those Payload adds
 * itself included (payload-jobs, payload-locked-documents, payload-preferences, payload-migrations,
 * versions): each built-in endpoint checks the caller's query ({@link checkCmsQuery}) and its
 * document id ({@link isDocumentId}) before Payload runs it, lists wait for a turn at the
 * {@link heavyWork} gate, a path that exists answers a wrong method with 405 and `Allow`, and a
 * write's body must be one the CMS reads ({@link unreadableBody}, {@link unparsableBody}; upload
 * file names without control characters). Only outside callers pass through endpoints: the server's own
 * local-API calls (`limit: 0, pagination: false` in the health check, seeders, jobs) are untouched.
 * @module
 */
import type { Endpoint, PayloadRequest, SanitizedConfig } from 'payload'

import { cmsErrorBody, UnknownDocument } from './cms-error-shape'
import { checkCmsQuery, type CmsQueryBounds } from './cms-query-checks'
import { describeDocumentIds, isDocumentId, type DocumentIdType } from './document-ids'
import { heavyWork } from './heavy-work-gate'
import { refuseControlCharacterFileNames, unparsableBody, unreadableBody } from './request-body-guard'

/**
 * `custom` of an endpoint that reads and checks its own parameters (the events read API), so
 * {@link boundCmsEndpoints} leaves it as it is.
 * @example { path: '/list', method: 'get', handler, custom: CHECKS_OWN_PARAMETERS }
 */
export const CHECKS_OWN_PARAMETERS = { checksOwnParameters: true } as const

type Method = Endpoint['method']
const ROUTED_METHODS: readonly Method[] = ['get', 'post', 'patch', 'put', 'delete']

function checksOwnParameters(endpoint: Endpoint): boolean {
  return (endpoint.custom as { checksOwnParameters?: unknown } | undefined)?.checksOwnParameters === true
}

/** The methods each parameterless path (`/list`, `/count`, `/me`) answers, e.g. `/list` → `GET`. */
function methodsByStaticPath(endpoints: readonly Endpoint[]): Map<string, Set<Method>> {
  const methods = new Map<string, Set<Method>>()
  for (const { path, method } of endpoints) {
    if (path.includes(':') || path.includes('*')) continue
    methods.set(path, (methods.get(path) ?? new Set()).add(method))
  }
  return methods
}

function allowHeader(methods: ReadonlySet<Method>): string {
  return [...methods].map((method) => method.toUpperCase()).join(', ')
}

function methodNotAllowed(req: PayloadRequest, path: string, methods: ReadonlySet<Method>): Response {
  const allow = allowHeader(methods)
  const message = `${req.method ?? 'This method'} is not allowed on ${new URL(req.url ?? 'http://localhost/').pathname}; use ${allow}`
  return Response.json(cmsErrorBody(message, 'method-not-allowed', undefined, 'MethodNotAllowed'), {
    status: 405,
    headers: { Allow: allow, 'Cache-Control': 'no-store' },
  })
}

/** 405 endpoints for the methods a parameterless path lacks; placed last, so they answer only what nothing else does. */
function methodNotAllowedEndpoints(endpoints: readonly Endpoint[]): Endpoint[] {
  const added: Endpoint[] = []
  for (const [path, methods] of methodsByStaticPath(endpoints)) {
    for (const method of ROUTED_METHODS) {
      if (methods.has(method)) continue
      added.push({ path, method, handler: (req) => methodNotAllowed(req, path, methods) })
    }
  }
  return added
}

interface EntityRoutes {
  /** `events` or `globals/main-menu`, for messages. */
  readonly label: string
  /** The id type of the entity's documents, or undefined for a global (which has none). */
  readonly idType: (req: PayloadRequest) => DocumentIdType | undefined
  readonly staticPaths: Map<string, Set<Method>>
}

/** Checks the id of `/:id`, `/:id/duplicate`, `/access/:id?` and `/versions/:id` (versions have serial ids). */
function checkRouteId(req: PayloadRequest, endpoint: Endpoint, routes: EntityRoutes): Response | undefined {
  const id = (req.routeParams as { id?: unknown } | undefined)?.id
  if (typeof id !== 'string') return undefined
  const idType = endpoint.path.startsWith('/versions/') ? req.payload.db.defaultIDType : routes.idType(req)
  if (!idType || isDocumentId(id, idType)) return undefined
  // `DELETE /api/events/list`: the path is another endpoint's, not a document's.
  const methods = endpoint.path === '/:id' ? routes.staticPaths.get(`/${id}`) : undefined
  if (methods) return methodNotAllowed(req, `/${id}`, methods)
  throw new UnknownDocument(`${routes.label}/${id}`, describeDocumentIds(idType))
}

/** The lists: they wait for a turn at the {@link heavyWork} gate. */
const LIST_PATHS = new Set(['/', '/versions'])

function bounded(endpoint: Endpoint, routes: EntityRoutes, bounds: CmsQueryBounds): Endpoint {
  const handler = endpoint.handler
  const isList = endpoint.method === 'get' && LIST_PATHS.has(endpoint.path)
  return {
    ...endpoint,
    handler: async (req) => {
      const kind = endpoint.method === 'get' ? 'read' : 'write'
      checkCmsQuery(req.query ?? {}, bounds, kind, routes.idType(req))
      const refused = checkRouteId(req, endpoint, routes) ?? (kind === 'write' ? unreadableBody(req) : undefined)
      if (refused) return refused
      if (isList) return heavyWork.respond(async () => handler(req))
      try {
        return await handler(req)
      } catch (error) {
        const answer = kind === 'write' ? unparsableBody(error) : undefined
        if (answer) return answer
        throw error
      }
    },
  }
}

function boundEndpoints(endpoints: Endpoint[], routes: Omit<EntityRoutes, 'staticPaths'>, bounds: CmsQueryBounds) {
  const withRoutes = { ...routes, staticPaths: methodsByStaticPath(endpoints) }
  return [
    ...endpoints.map((endpoint) => (checksOwnParameters(endpoint) ? endpoint : bounded(endpoint, withRoutes, bounds))),
    ...methodNotAllowedEndpoints(endpoints),
  ]
}

/**
 * Routes Payload adds to every collection though the collection does not use them: `/versions`
 * without versions (restoring one fails inside Payload with a 500) and `/verify/:id` of an auth
 * collection that verifies no email addresses (its query names a column that does not exist).
 * They answer 404 instead.
 */
function withoutUnusedRoutes(endpoints: Endpoint[], collection: SanitizedConfig['collections'][number]): Endpoint[] {
  const unused = (path: string): string | undefined => {
    if (!collection.versions && (path === '/versions' || path.startsWith('/versions/')))
      return `${collection.slug} keeps no versions`
    if (path === '/verify/:id' && !(collection.auth && collection.auth.verify))
      return `${collection.slug} verify no email addresses`
    return undefined
  }
  return endpoints.map((endpoint) => {
    const message = unused(endpoint.path)
    if (!message) return endpoint
    const answer = () =>
      Response.json(cmsErrorBody(message, 'not-found', undefined, 'NotFound'), {
        status: 404,
        headers: { 'Cache-Control': 'no-store' },
      })
    return { ...endpoint, handler: answer }
  })
}

/**
 * Applies the bounds to a sanitized config (after `buildConfig`, when Payload has added its own
 * collections and default endpoints): every collection's and global's endpoints are checked, except
 * those marked {@link CHECKS_OWN_PARAMETERS}, and every parameterless path answers a wrong method
 * with 405. `maxDepth` defaults to the config's own `maxDepth`.
 * @example export default buildConfig({ ... }).then((config) => boundCmsEndpoints(config, { maxLimit: 1000, maxPage: 10_000 }))
 */
export function boundCmsEndpoints(
  config: SanitizedConfig,
  bounds: Omit<CmsQueryBounds, 'maxDepth'> & Partial<Pick<CmsQueryBounds, 'maxDepth'>>,
): SanitizedConfig {
  const full: CmsQueryBounds = { maxDepth: config.maxDepth, ...bounds }
  for (const collection of config.collections) {
    if (collection.upload) {
      collection.hooks.beforeOperation = [...collection.hooks.beforeOperation, refuseControlCharacterFileNames]
    }
    if (!collection.endpoints) continue
    const slug = collection.slug
    collection.endpoints = boundEndpoints(
      withoutUnusedRoutes(collection.endpoints, collection),
      {
        label: slug,
        idType: (req) => req.payload.collections[slug]?.customIDType ?? req.payload.db.defaultIDType,
      },
      full,
    )
  }
  for (const global of config.globals) {
    if (!global.endpoints) continue
    global.endpoints = boundEndpoints(
      global.endpoints,
      { label: `globals/${global.slug}`, idType: () => undefined },
      full,
    )
  }
  // SanitizedConfig types its root endpoints with every optional key required; they are Endpoints.
  config.endpoints = [
    ...config.endpoints,
    ...methodNotAllowedEndpoints(config.endpoints),
  ] as SanitizedConfig['endpoints']
  return config
}
