/**
 * The sandbox's router, built once from the operation declarations (docs/decisions.md "Sandbox choices", docs/service.md
 * "Requests"). Like the live service:
 *
 * - literal path segments match in any case (`/Bulk/` = `/BULK/`); parameters keep their
 *   original case and are URL-decoded;
 * - a literal segment is tried before a parameter at the same place, whatever the declaration
 *   order, and a parameter with a shape (`oneOf`, then `length`) before a parameter of any shape;
 *   when the more specific path answers nothing for the request, the next one is tried
 *   (`POST /Cashbill/States` with override DELETE deletes the receipt `States`);
 * - on one path and method, the operation is selected by its exact key: the override header (an
 *   empty header counts as none), a form content type, and the selector query parameters present
 *   (bare flags such as `?Detail`, values such as `TG=POPUP`, names and values in any case). A
 *   request carrying the selectors of two operations matches neither;
 * - a request is never answered by an operation whose selectors it does not carry: a query
 *   parameter, a selector's value or an override header that no operation on that path and method
 *   declares makes it `Unsupported`, with a reason naming it (`unknown query parameter Logs`,
 *   `unknown TG=NONSENSE`).
 *
 * The table is a tree of path segments: a lookup walks the request's segments, never scanning the
 * declarations. Two declarations that could match the same request are refused when the table is
 * built. The same router serves the catalogue's operations (`Route.ts`) and the admin plane
 * (`Admin.ts`): anything with a declaration of this shape can be routed.
 */
import type * as Operation from "../../core/Operation.js"

/**
 * What the router reads of a declaration: its method, path segments, selectors (query flags and
 * values, override, a form body). A catalogue operation is one; so is an admin route.
 */
export interface Declared {
  readonly name: string
  readonly method: string
  readonly path: string
  readonly segments: ReadonlyArray<Operation.Segment>
  readonly query: ReadonlyArray<Operation.QueryItem>
  readonly override: string | undefined
  readonly body: { readonly _tag: string }
}

/** Something to route to: a declaration and whatever answers it. */
export interface Routable {
  readonly operation: Declared
}

interface Endpoint<R> {
  readonly route: R
  readonly key: string
}

/** The routes of one method on one path: their selector vocabulary and exact keys. */
interface Group<R> {
  /** Selector names (lower case) → whether each is a bare flag or takes a value. */
  readonly selectors: Map<string, "flag" | "value">
  /** Every query parameter name any of them declares (lower case): selectors and parameters. */
  readonly names: Set<string>
  /** Names (lower case) of query parameters whose value is an input (`fromParam`), not a selector. */
  readonly inputs: Set<string>
  /** The values of each value selector (`tg` → `POPUP`, …), upper case. */
  readonly values: Map<string, Set<string>>
  /** The override headers declared here, upper case. */
  readonly overrides: Set<string>
  /** The path as declared (for messages). */
  readonly path: string
  readonly byKey: Map<string, Endpoint<R>>
}

interface Node<R> {
  readonly literals: Map<string, Node<R>>
  /** Parameter branches, most specific shape first. */
  readonly params: Array<{ readonly shape: Operation.ParamShape; readonly node: Node<R> }>
  readonly methods: Map<string, Group<R>>
}

/** The routing table. */
export interface RouteTable<R extends Routable> {
  readonly routes: ReadonlyArray<R>
  readonly root: Node<R>
}

/** What a request asks for, as far as routing is concerned. */
export interface RoutingKey {
  readonly method: string
  /** The path below the environment prefix, as sent (percent-encoded). */
  readonly path: string
  readonly override: string | undefined
  readonly query: URLSearchParams
  readonly contentType: string | undefined
}

/**
 * The outcome of routing: an operation with its parameters, an unknown path, or a known path that
 * does not answer this method / override / selector.
 */
export type RouteMatch<R extends Routable> =
  | { readonly _tag: "Matched"; readonly route: R; readonly params: Readonly<Record<string, string>> }
  | { readonly _tag: "NotFound" }
  /** `reason` names what no operation of the path declares: the method, an override, a query parameter or selector value. */
  | { readonly _tag: "Unsupported"; readonly reason: string }

/** Two declarations that could match the same request. */
export class RouteConflict extends Error {
  override readonly name = "RouteConflict"
}

/** The non-empty segments of a path (`/IDs/` and `/IDs` are the same path). */
export const segmentsOf = (path: string): ReadonlyArray<string> => path.split("/").filter((s) => s !== "")

const decode = (segment: string): string => {
  if (!segment.includes("%")) return segment
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** The segments of a path template whose parameters take any value (`/faults/{route}`). */
export const segmentsOfTemplate = (template: string): ReadonlyArray<Operation.Segment> =>
  segmentsOf(template).map((s): Operation.Segment => {
    const param = /^\{(\w+)\}$/.exec(s)
    return param === null ? { _tag: "Literal", text: s } : { _tag: "Param", name: param[1]!, shape: { _tag: "Any" } }
  })

const newNode = <R>(): Node<R> => ({ literals: new Map(), params: [], methods: new Map() })

const rank = (shape: Operation.ParamShape): number => (shape._tag === "OneOf" ? 0 : shape._tag === "Length" ? 1 : 2)

const sameShape = (a: Operation.ParamShape, b: Operation.ParamShape): boolean => {
  if (a._tag === "Any" || b._tag === "Any") return a._tag === b._tag
  if (a._tag === "Length" && b._tag === "Length") return a.length === b.length
  if (a._tag === "OneOf" && b._tag === "OneOf") {
    const left = new Set(a.values.map((v) => v.toLowerCase()))
    return b.values.length === left.size && b.values.every((v) => left.has(v.toLowerCase()))
  }
  return false
}

const overlaps = (a: Operation.ParamShape, b: Operation.ParamShape): boolean => {
  if (a._tag === "Any" || b._tag === "Any") return true
  const values = (s: Operation.ParamShape) => (s._tag === "OneOf" ? s.values.map((v) => v.toLowerCase()) : [])
  if (a._tag === "Length" && b._tag === "Length") return a.length === b.length
  if (a._tag === "Length") return values(b).some((v) => v.length === a.length)
  if (b._tag === "Length") return values(a).some((v) => v.length === b.length)
  const left = new Set(values(a))
  return values(b).some((v) => left.has(v))
}

const accepts = (shape: Operation.ParamShape, value: string): boolean => {
  switch (shape._tag) {
    case "Any":
      return true
    case "Length":
      return value.length === shape.length
    case "OneOf": {
      const lower = value.toLowerCase()
      return shape.values.some((v) => v.toLowerCase() === lower)
    }
  }
}

const describe = (operation: Declared): string =>
  `${operation.name} (${operation.method} ${operation.path}${operation.override === undefined ? "" : ` override ${operation.override}`})`

const paramChild = <R>(node: Node<R>, shape: Operation.ParamShape, operation: Declared): Node<R> => {
  const same = node.params.find((p) => sameShape(p.shape, shape))
  if (same !== undefined) return same.node
  // Two different shapes of the same rank that share a value (`SELL|BUY` and `BUY|TRUSTEE`, or two
  // lengths... of equal length, merged above) would leave a request to chance.
  const clash = node.params.find((p) => rank(p.shape) === rank(shape) && overlaps(p.shape, shape))
  if (clash !== undefined) {
    throw new RouteConflict(`${describe(operation)}: its parameter shape overlaps another declaration's at the same place`)
  }
  const child = { shape, node: newNode<R>() }
  node.params.push(child)
  node.params.sort((a, b) => rank(a.shape) - rank(b.shape))
  return child.node
}

const isForm = (contentType: string | undefined): boolean =>
  contentType !== undefined && contentType.trim().toLowerCase().startsWith("application/x-www-form-urlencoded")

const keyOf = (override: string | undefined, form: boolean, selectors: ReadonlyArray<string>): string =>
  `${override ?? ""}|${form ? "form" : ""}|${selectors.join("&")}`

type Selector = readonly [name: string, kind: "flag" | "value", key: string]

const selectorsOf = (operation: Declared): ReadonlyArray<Selector> =>
  operation.query.flatMap((item): ReadonlyArray<Selector> =>
    item._tag === "Flag"
      ? [[item.name.toLowerCase(), "flag", item.name.toLowerCase()]]
      : item._tag === "Fixed"
      ? [[item.name.toLowerCase(), "value", `${item.name.toLowerCase()}=${item.value.toUpperCase()}`]]
      : []
  )

/** Builds the table; throws `RouteConflict` when two declarations could match the same request. */
export const compile = <R extends Routable>(routes: ReadonlyArray<R>): RouteTable<R> => {
  const root = newNode<R>()
  for (const route of routes) {
    const operation = route.operation
    let node = root
    for (const segment of operation.segments) {
      if (segment._tag === "Literal") {
        const text = segment.text.toLowerCase()
        let child = node.literals.get(text)
        if (child === undefined) {
          child = newNode<R>()
          node.literals.set(text, child)
        }
        node = child
      } else {
        node = paramChild(node, segment.shape, operation)
      }
    }
    let group = node.methods.get(operation.method)
    if (group === undefined) {
      group = {
        selectors: new Map(),
        names: new Set(),
        inputs: new Set(),
        values: new Map(),
        overrides: new Set(),
        path: operation.path,
        byKey: new Map<string, Endpoint<R>>()
      }
      node.methods.set(operation.method, group)
    }
    const selectors = selectorsOf(operation)
    for (const [name, kind] of selectors) {
      const known = group.selectors.get(name)
      if (known !== undefined && known !== kind) {
        throw new RouteConflict(`${describe(operation)}: query parameter ${name} is a flag for one operation and a value for another`)
      }
      group.selectors.set(name, kind)
    }
    for (const item of operation.query) {
      const name = item.name.toLowerCase()
      group.names.add(name)
      if (item._tag === "FromParam") group.inputs.add(name)
      if (item._tag === "Fixed") {
        const values = group.values.get(name) ?? new Set<string>()
        values.add(item.value.toUpperCase())
        group.values.set(name, values)
      }
    }
    if (operation.override !== undefined) group.overrides.add(operation.override.toUpperCase())
    const key = keyOf(operation.override?.toUpperCase(), operation.body._tag === "Form", selectors.map(([, , s]) => s).sort())
    const existing = group.byKey.get(key)
    if (existing !== undefined) {
      throw new RouteConflict(`${describe(operation)} and ${describe(existing.route.operation)} could match the same request`)
    }
    group.byKey.set(key, { route, key })
  }
  return { routes, root }
}

const requestKeys = <R>(group: Group<R>, key: Omit<RoutingKey, "path">, override: string | undefined): ReadonlyArray<string> => {
  const present: Array<string> = []
  if (group.selectors.size > 0) {
    for (const [name, value] of key.query) {
      const lower = name.toLowerCase()
      const kind = group.selectors.get(lower)
      if (kind === "flag") present.push(lower)
      else if (kind === "value") present.push(`${lower}=${value.toUpperCase()}`)
    }
    present.sort()
  }
  const form = isForm(key.contentType)
  return form ? [keyOf(override, true, present), keyOf(override, false, present)] : [keyOf(override, false, present)]
}

/**
 * What a request carries that no operation of the group declares: a query parameter, a value of a
 * selector (`TG=NONSENSE`) or an override header. A request is never answered by an operation whose
 * selectors it does not carry exactly.
 */
const unknownSelector = <R>(group: Group<R>, query: URLSearchParams, override: string | undefined): string | undefined => {
  for (const [name, value] of query) {
    if (name === "") continue
    const lower = name.toLowerCase()
    if (!group.names.has(lower)) return `unknown query parameter ${name}`
    const values = group.values.get(lower)
    if (values !== undefined && !group.inputs.has(lower) && !values.has(value.toUpperCase())) return `unknown ${name}=${value}`
  }
  return override !== undefined && !group.overrides.has(override) ? `unknown X-HTTP-Method-Override ${override}` : undefined
}

/** The selectors a request sent, for a message: `Detail with TG=POPUP`, or that it sent none. */
const sentSelectors = <R>(group: Group<R>, query: URLSearchParams, override: string | undefined): string => {
  const sent: Array<string> = []
  if (override !== undefined) sent.push(`X-HTTP-Method-Override ${override}`)
  for (const [name, value] of query) {
    const kind = group.selectors.get(name.toLowerCase())
    if (kind === "flag") sent.push(name)
    else if (kind === "value") sent.push(`${name}=${value}`)
  }
  return sent.length === 0 ? "a request without an override or a query selector" : sent.join(" with ")
}

/** Finds the operation of a request. */
export const match = <R extends Routable>(table: RouteTable<R>, key: RoutingKey): RouteMatch<R> => matchSegments(table, segmentsOf(key.path), key)

/**
 * Finds the operation of a request whose path is already split into its non-empty segments
 * (`segmentsOf`, still percent-encoded).
 */
export const matchSegments = <R extends Routable>(
  table: RouteTable<R>,
  rawSegments: ReadonlyArray<string>,
  key: Omit<RoutingKey, "path">
): RouteMatch<R> => {
  const segments = rawSegments.map(decode)
  const method = key.method.toUpperCase()
  const override = key.override === undefined || key.override.trim() === "" ? undefined : key.override.trim().toUpperCase()
  const values: Array<string> = []
  let pathKnown = false
  // Why the first path that knows the request's segments did not answer it.
  let reason: string | undefined

  const walk = (node: Node<R>, index: number): Endpoint<R> | undefined => {
    if (index === segments.length) {
      if (node.methods.size === 0) return undefined
      pathKnown = true
      const group = node.methods.get(method)
      if (group === undefined) {
        reason ??= `method ${method}`
        return undefined
      }
      const unknown = unknownSelector(group, key.query, override)
      if (unknown !== undefined) {
        reason ??= `${unknown}: no operation of ${method} ${group.path} takes it`
        return undefined
      }
      for (const candidate of requestKeys(group, key, override)) {
        const endpoint = group.byKey.get(candidate)
        if (endpoint !== undefined) return endpoint
      }
      reason ??= `no operation of ${method} ${group.path} takes ${sentSelectors(group, key.query, override)}`
      return undefined
    }
    const segment = segments[index]!
    const literal = node.literals.get(segment.toLowerCase())
    if (literal !== undefined) {
      const found = walk(literal, index + 1)
      if (found !== undefined) return found
    }
    for (const param of node.params) {
      if (!accepts(param.shape, segment)) continue
      values.push(segment)
      const found = walk(param.node, index + 1)
      if (found !== undefined) return found
      values.pop()
    }
    return undefined
  }

  const endpoint = walk(table.root, 0)
  if (endpoint === undefined) return pathKnown ? { _tag: "Unsupported", reason: reason ?? `method ${method}` } : { _tag: "NotFound" }
  const params: Record<string, string> = {}
  let next = 0
  for (const segment of endpoint.route.operation.segments) {
    if (segment._tag === "Param") params[segment.name] = values[next++]!
  }
  return { _tag: "Matched", route: endpoint.route, params }
}
