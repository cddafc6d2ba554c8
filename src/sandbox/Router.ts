/**
 * Route matching of the sandbox, like the live service: literal path segments match in any case
 * (`/Bulk/` = `/BULK/`, FACTS.md), parameters keep their original case; then the method, the
 * `X-HTTP-Method-Override`, a query flag and a form content type select among routes sharing a
 * path (SPEC.md "Common rules").
 *
 * @since 0.1.0
 */
import type { Route } from "./Route.js"

type Segment = { readonly literal: string } | { readonly param: string }

/**
 * A route with its parsed pattern.
 *
 * @since 0.1.0
 * @category models
 */
export interface CompiledRoute {
  readonly route: Route
  readonly segments: ReadonlyArray<Segment>
}

/**
 * The routing table.
 *
 * @since 0.1.0
 * @category models
 */
export interface RouteTable {
  readonly routes: ReadonlyArray<CompiledRoute>
}

/**
 * What a request asks for, as far as routing is concerned.
 *
 * @since 0.1.0
 * @category models
 */
export interface RoutingKey {
  readonly method: string
  /** The path below the environment prefix, as sent (percent-encoded). */
  readonly path: string
  readonly override: string | undefined
  readonly query: URLSearchParams
  readonly contentType: string | undefined
}

/**
 * The outcome of routing: a route with its parameters, an unknown path, or a known path that does
 * not answer this method / override / flag.
 *
 * @since 0.1.0
 * @category models
 */
export type RouteMatch =
  | { readonly _tag: "Matched"; readonly route: Route; readonly params: Readonly<Record<string, string>> }
  | { readonly _tag: "NotFound" }
  | { readonly _tag: "Unsupported" }

/**
 * The non-empty segments of a path (`/IDs/` and `/IDs` are the same path).
 *
 * @since 0.1.0
 * @category combinators
 */
export const segmentsOf = (path: string): ReadonlyArray<string> => path.split("/").filter((s) => s !== "")

const decode = (segment: string): string => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/**
 * Compiles a table; patterns are `/Literal/:param/...`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const compile = (routes: ReadonlyArray<Route>): RouteTable => ({
  routes: routes.map((route) => ({
    route,
    segments: segmentsOf(route.path).map((s): Segment => s.startsWith(":") ? { param: s.slice(1) } : { literal: s.toLowerCase() })
  }))
})

const matchPath = (compiled: CompiledRoute, segments: ReadonlyArray<string>): Record<string, string> | undefined => {
  if (compiled.segments.length !== segments.length) return undefined
  const params: Record<string, string> = {}
  for (let i = 0; i < segments.length; i++) {
    const pattern = compiled.segments[i]!
    const actual = decode(segments[i]!)
    if ("literal" in pattern) {
      if (pattern.literal !== actual.toLowerCase()) return undefined
    } else {
      params[pattern.param] = actual
    }
  }
  return params
}

/** Literal segments beat parameters, position by position (`/Cashbill/States` before `/Cashbill/:mgtKey`). */
const specificity = (a: CompiledRoute, b: CompiledRoute): number => {
  for (let i = 0; i < a.segments.length; i++) {
    const left = "literal" in a.segments[i]! ? 1 : 0
    const right = "literal" in b.segments[i]! ? 1 : 0
    if (left !== right) return right - left
  }
  return 0
}

const isForm = (contentType: string | undefined): boolean =>
  contentType !== undefined && contentType.trim().toLowerCase().startsWith("application/x-www-form-urlencoded")

/**
 * Finds the route of a request. Among routes answering it, the most specific path wins, then a
 * route whose query flag is present, then a route for form bodies.
 *
 * @since 0.1.0
 * @category combinators
 */
export const match = (table: RouteTable, key: RoutingKey): RouteMatch => {
  const segments = segmentsOf(key.path)
  const onPath: Array<{ readonly compiled: CompiledRoute; readonly params: Record<string, string> }> = []
  for (const compiled of table.routes) {
    const params = matchPath(compiled, segments)
    if (params !== undefined) onPath.push({ compiled, params })
  }
  if (onPath.length === 0) return { _tag: "NotFound" }
  const override = key.override?.toUpperCase()
  const flags = new Set(Array.from(key.query.keys(), (k) => k.toLowerCase()))
  const form = isForm(key.contentType)
  const answering = onPath.filter(({ compiled: { route } }) =>
    route.method === key.method.toUpperCase() &&
    (route.override?.toUpperCase() ?? undefined) === override &&
    (route.queryFlag === undefined || flags.has(route.queryFlag.toLowerCase())) &&
    (route.contentType === undefined || form)
  )
  if (answering.length === 0) return { _tag: "Unsupported" }
  const rank = (route: Route) => (route.queryFlag !== undefined ? 2 : 0) + (route.contentType !== undefined ? 1 : 0)
  answering.sort((a, b) => specificity(a.compiled, b.compiled) || rank(b.compiled.route) - rank(a.compiled.route))
  const best = answering[0]!
  return { _tag: "Matched", route: best.compiled.route, params: best.params }
}
