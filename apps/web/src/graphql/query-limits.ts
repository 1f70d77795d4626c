/**
 * Bounds on GraphQL queries, checked before anything runs, so no caller can make the server work
 * without limit (20 aliases of `Events(limit: 0)` once took 99 s): depth, aliases and directives
 * (GraphQL Armor's rules), a cost that grows with each list's `limit` (graphql-query-complexity),
 * the REST routes' `limit`/`page` bounds on every list, and no schema introspection for anonymous
 * callers in production. Payload's own complexity rule (`graphQL.maxComplexity`) still runs beside
 * these; it counts fields, not documents.
 * @module
 */
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases'
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth'
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives'
import {
  getArgumentValues,
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  type ASTVisitor,
  type ExecutionArgs,
  type ValidationContext,
  type ValidationRule,
} from 'graphql'
import {
  createComplexityRule,
  fieldExtensionsEstimator,
  simpleEstimator,
  type ComplexityEstimator,
} from 'graphql-query-complexity'

/** The fixed bounds; `limit`'s bound is the `CHRONOTOPE_API_MAX_LIMIT` setting, passed in. */
export const GRAPHQL_BOUNDS = {
  /** Most aliases in one operation (GraphQL Armor's default). */
  maxAliases: 15,
  /** Deepest field nesting: `Events { docs { dataset { catalog { owner { email } } } } }` is 6. */
  maxDepth: 10,
  /** Most directives in one operation. */
  maxDirectives: 20,
  /**
   * Highest cost: each field costs 1 (a relationship 10, as Payload counts it), times the `limit`
   * of every list around it, so `Events(limit: 1000) { docs { id title dataset { name } } }`
   * costs about 14,000 (and takes about a second).
   */
  maxCost: 20_000,
  /** The page size Payload uses when a list names no `limit`. */
  defaultLimit: 10,
} as const

/**
 * Marks a GraphQL field whose resolver parses `limit` and `page` itself (the events read queries),
 * so {@link listArgumentsRule} leaves it alone. Put it in the field's `extensions`.
 * @example { type, args, resolve, extensions: CHECKS_OWN_ARGUMENTS }
 */
export const CHECKS_OWN_ARGUMENTS = { checksOwnArguments: true } as const

/** What {@link graphQLValidationRules} needs to know. */
export interface GraphQLRuleOptions {
  /** Most documents one list may return, e.g. 1000. */
  readonly maxLimit: number
  /** Last page number of a list, e.g. 10,000. */
  readonly maxPage: number
  /** Refuse `__schema`/`__type` to anonymous callers (in production). */
  readonly hideSchemaFromAnonymous: boolean
}

function isWholeNumberBetween(value: unknown, min: number, max: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
}

/**
 * Every list's `limit` must be 1 to `maxLimit` (0 never means "all"), `page` 1 to `maxPage`, and
 * `pagination: false` is refused: the REST routes' bounds, on literals and variables alike.
 * @example validate(schema, parse('{ Events(limit: 0) { docs { id } } }'), [listArgumentsRule(1000, 10000, {})]) // one error naming limit
 */
export function listArgumentsRule(
  maxLimit: number,
  maxPage: number,
  variables: Readonly<Record<string, unknown>> | null | undefined,
): ValidationRule {
  return (context: ValidationContext): ASTVisitor => ({
    Field(node) {
      const field = context.getFieldDef()
      if (!field || (field.extensions as { checksOwnArguments?: unknown }).checksOwnArguments === true) return
      if (!field.args.some((arg) => ['limit', 'page', 'pagination'].includes(arg.name))) return
      let values: Record<string, unknown>
      try {
        values = getArgumentValues(field, node, variables ?? {})
      } catch {
        return // a bad variable is reported by graphql-js's own rules and at execution
      }
      const at = `${node.alias?.value ?? node.name.value}`
      const report = (message: string) => context.reportError(new GraphQLError(`${at}: ${message}`, { nodes: [node] }))
      if (values.limit !== undefined && values.limit !== null && !isWholeNumberBetween(values.limit, 1, maxLimit)) {
        report(`limit must be a whole number from 1 to ${maxLimit}; got ${JSON.stringify(values.limit)}`)
      }
      if (values.page !== undefined && values.page !== null && !isWholeNumberBetween(values.page, 1, maxPage)) {
        report(`page must be a whole number from 1 to ${maxPage}; got ${JSON.stringify(values.page)}`)
      }
      if (values.pagination === false) {
        report(`pagination cannot be turned off; page through with limit (at most ${maxLimit}) and page`)
      }
    },
  })
}

/**
 * A list field costs its `limit` (Payload's default page when absent) times what one document
 * costs; other fields fall through to the next estimator.
 */
const listEstimator: ComplexityEstimator = ({ args, field, childComplexity }) => {
  if (!field.args.some((arg) => arg.name === 'limit')) return undefined
  const limit = typeof args.limit === 'number' && args.limit > 0 ? args.limit : GRAPHQL_BOUNDS.defaultLimit
  return 1 + limit * Math.max(childComplexity, 1)
}

/** Reports a GraphQL Armor rejection as a validation error (the default would throw out of `validate`). */
const reportRejection = {
  propagateOnRejection: false,
  onReject: [(context: ValidationContext | null, error: GraphQLError) => context?.reportError(error)],
}

/** The caller's user, from the context Payload gives GraphQL (`{ req }`). */
function hasUser(contextValue: unknown): boolean {
  return Boolean((contextValue as { req?: { user?: unknown } } | undefined)?.req?.user)
}

/**
 * The validation rules for one GraphQL request, for Payload's `graphQL.validationRules`.
 * @example graphQL: { validationRules: graphQLValidationRules({ maxLimit: 1000, maxPage: 10_000, hideSchemaFromAnonymous: true }) }
 */
export function graphQLValidationRules(options: GraphQLRuleOptions): (args: ExecutionArgs) => ValidationRule[] {
  return (args) => [
    maxAliasesRule({ n: GRAPHQL_BOUNDS.maxAliases, ...reportRejection }),
    maxDepthRule({ n: GRAPHQL_BOUNDS.maxDepth, ...reportRejection }),
    maxDirectivesRule({ n: GRAPHQL_BOUNDS.maxDirectives, ...reportRejection }),
    listArgumentsRule(options.maxLimit, options.maxPage, args.variableValues),
    createComplexityRule({
      maximumComplexity: GRAPHQL_BOUNDS.maxCost,
      variables: args.variableValues ?? {},
      estimators: [listEstimator, fieldExtensionsEstimator(), simpleEstimator({ defaultComplexity: 1 })],
      createError: (max, actual) =>
        new GraphQLError(
          `The query costs ${actual}, above the most allowed (${max}): ask for smaller limits, fewer aliases or fewer fields`,
        ),
    }),
    ...(options.hideSchemaFromAnonymous && !hasUser(args.contextValue) ? [NoSchemaIntrospectionCustomRule] : []),
  ]
}
