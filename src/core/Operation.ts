/**
 * The operation catalogue's data model (docs/sandbox.md "Adding a domain"). Every operation of
 * the service is declared once, as data: its spec name, method, path template with typed
 * parameters, how it is told apart from operations sharing its path (override header, bare query
 * flag, query value, shape of a path parameter, form content type), the token scope it needs, the
 * kind and schema of its request body, its success schema (or PDF), and whether it is safe to
 * repeat. The SDK builds requests from the declaration (`RequestBuilder.ts`); the sandbox routes
 * requests to the declaration they match and implements it by reference.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import type * as Body from "./Body.js"

/**
 * Any schema an operation declares: one that decodes and encodes without services.
 *
 * @since 1.0.0
 * @category models
 */
export type AnyCodec = Schema.Codec<any, any, never, never>

// ── path ────────────────────────────────────────────────────────────────────────────────────

/**
 * What a path parameter must look like for a request to be routed to the operation. Only needed
 * where two operations share a path and differ by the parameter (an 18-character job ID vs a
 * 24-character confirmation number); the parameter's own rules are in the params schema.
 *
 * @since 0.1.0
 * @category models
 */
export type ParamShape =
  | { readonly _tag: "Any" }
  | { readonly _tag: "Length"; readonly length: number }
  | { readonly _tag: "OneOf"; readonly values: ReadonlyArray<string> }

/**
 * A segment of a path template.
 *
 * @since 0.1.0
 * @category models
 */
export type Segment =
  | { readonly _tag: "Literal"; readonly text: string }
  | { readonly _tag: "Param"; readonly name: string; readonly shape: ParamShape }

/**
 * The parameter names of a path template: `"/Cashbill/{mgtKey}"` → `"mgtKey"`.
 *
 * @since 0.1.0
 * @category models
 */
export type PathParams<T extends string> = T extends `${string}{${infer P}}${infer Rest}` ? P | PathParams<Rest> : never

/**
 * Any parameter shape (the default).
 *
 * @since 0.1.0
 * @category constructors
 */
export const any: ParamShape = { _tag: "Any" }

/**
 * A parameter of exactly `length` characters.
 *
 * @since 0.1.0
 * @category constructors
 */
export const length = (length: number): ParamShape => ({ _tag: "Length", length })

/**
 * A parameter that is one of `values` (compared case-insensitively when routing).
 *
 * @since 0.1.0
 * @category constructors
 */
export const oneOf = (...values: ReadonlyArray<string>): ParamShape => ({ _tag: "OneOf", values })

const parsePath = (template: string, shapes: Readonly<Record<string, ParamShape>>): ReadonlyArray<Segment> =>
  template.split("/").filter((s) => s !== "").map((s): Segment => {
    const param = /^\{(\w+)\}$/.exec(s)
    if (param === null) return { _tag: "Literal", text: s }
    const name = param[1]!
    return { _tag: "Param", name, shape: shapes[name] ?? any }
  })

/**
 * Renders a shape for people: `any`, `18 characters`, `SELL or BUY`.
 *
 * @since 0.1.0
 * @category combinators
 */
export const describeShape = (shape: ParamShape): string =>
  shape._tag === "Any" ? "any" : shape._tag === "Length" ? `${shape.length} characters` : shape.values.join(" or ")

// ── query ───────────────────────────────────────────────────────────────────────────────────

/**
 * A query parameter: a bare flag (`?Detail`) or a fixed value (`TG=POPUP`) — both select the
 * operation among those sharing its path — or a value taken from a parameter (`CN=<target>`),
 * optional when the parameter is absent; arrays are comma-joined.
 *
 * @since 0.1.0
 * @category models
 */
export type QueryItem =
  | { readonly _tag: "Flag"; readonly name: string }
  | { readonly _tag: "Fixed"; readonly name: string; readonly value: string }
  | { readonly _tag: "FromParam"; readonly name: string; readonly param: string }

/**
 * A bare query flag with an empty value (`?Detail`, `?PDF`, `?Print`); selects the operation.
 *
 * @since 0.1.0
 * @category constructors
 */
export const flag = (name: string): QueryItem => ({ _tag: "Flag", name })

/**
 * A query parameter with a fixed value (`TG=POPUP`, `cfg=CERT`); selects the operation.
 *
 * @since 0.1.0
 * @category constructors
 */
export const fixed = (name: string, value: string): QueryItem => ({ _tag: "Fixed", name, value })

/**
 * A query parameter whose value is the parameter `param` (left out when it is absent).
 *
 * @since 0.1.0
 * @category constructors
 */
export const fromParam = (name: string, param: string): QueryItem => ({ _tag: "FromParam", name, param })

// ── scope ───────────────────────────────────────────────────────────────────────────────────

/**
 * The token scope an operation needs (docs/decisions.md "Signing and tokens"): none (called without a token), a fixed scope,
 * the value of a path parameter (statements: the item code) or of a body field (a statement's
 * RegistIssue). `tokenScopes` are the scopes the
 * SDK requests for the token (a token always carries `member`).
 *
 * @since 0.1.0
 * @category models
 */
export type Scope =
  | { readonly _tag: "None" }
  | { readonly _tag: "Fixed"; readonly scope: string }
  | { readonly _tag: "FromParam"; readonly param: string; readonly tokenScopes: ReadonlyArray<string> }
  | { readonly _tag: "FromBody"; readonly field: string; readonly tokenScopes: ReadonlyArray<string> }

/**
 * Called without a token (CheckIsMember, CheckID, JoinMember, token issuance).
 *
 * @since 0.1.0
 * @category constructors
 */
export const noToken: Scope = { _tag: "None" }

/**
 * A fixed scope.
 *
 * @since 0.1.0
 * @category constructors
 */
export const scope = (value: string): Scope => ({ _tag: "Fixed", scope: value })

/**
 * The scope is the value of path parameter `param`; the SDK's tokens carry `tokenScopes`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const scopeFromParam = (param: string, tokenScopes: ReadonlyArray<string>): Scope => ({ _tag: "FromParam", param, tokenScopes })

/**
 * The scope is the value of top-level field `field` of the JSON body (a statement's RegistIssue
 * carries its item code only in the body); the SDK's tokens carry `tokenScopes`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const scopeFromBody = (field: string, tokenScopes: ReadonlyArray<string>): Scope => ({ _tag: "FromBody", field, tokenScopes })

// ── bodies ──────────────────────────────────────────────────────────────────────────────────

/**
 * A request body: none, a JSON object, a JSON array, a form, or multipart. `at` builds the schema
 * with the rules that need the clock (a trade time of today or the day before); the SDK validates
 * with it, the sandbox judges those rules on its own clock.
 *
 * @since 0.1.0
 * @category models
 */
export type RequestBody =
  | { readonly _tag: "None" }
  | {
    readonly _tag: "Json" | "JsonArray" | "Form"
    readonly schema: AnyCodec
    readonly at: ((nowMillis: number) => AnyCodec) | undefined
  }
  | {
    readonly _tag: "Multipart"
    readonly schema: AnyCodec
    readonly encode: (value: any) => Body.Body
    /** The parts `encode` writes, as they travel (what the OpenAPI document describes). */
    readonly parts: ReadonlyArray<MultipartPart>
  }

/**
 * A part of a multipart body as it travels: its name, its content type, and the schema of its
 * JSON content (for a JSON part) or `file: true` (bytes with a file name).
 *
 * @since 0.1.0
 * @category models
 */
export interface MultipartPart {
  readonly name: string
  readonly contentType: string
  readonly schema?: AnyCodec | undefined
  readonly file?: boolean | undefined
}

/**
 * No body.
 *
 * @since 0.1.0
 * @category constructors
 */
export const noBody = { _tag: "None" } as const

/**
 * A JSON object body.
 *
 * @since 0.1.0
 * @category constructors
 */
export const json = <S extends AnyCodec>(
  schema: S,
  at?: (nowMillis: number) => Schema.Codec<S["Type"], S["Encoded"], never, never>
) => ({ _tag: "Json" as const, schema, at })

/**
 * A JSON array body.
 *
 * @since 0.1.0
 * @category constructors
 */
export const jsonArray = <S extends AnyCodec>(schema: S) => ({ _tag: "JsonArray" as const, schema, at: undefined })

/**
 * An `application/x-www-form-urlencoded` body (values sent as the live clients send them).
 *
 * @since 0.1.0
 * @category constructors
 */
export const form = <S extends Schema.Codec<any, Readonly<Record<string, string>>, never, never>>(schema: S) =>
  ({ _tag: "Form" as const, schema, at: undefined })

/**
 * A `multipart/form-data` body, encoded by `encode` from the validated value into `parts`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const multipart = <S extends AnyCodec>(schema: S, encode: (value: S["Type"]) => Body.Body, parts: ReadonlyArray<MultipartPart>) =>
  ({ _tag: "Multipart" as const, schema, encode, parts })

// ── the operation ───────────────────────────────────────────────────────────────────────────

/**
 * A success answer: a JSON schema, or a PDF document.
 *
 * @since 0.1.0
 * @category models
 */
export type Success = AnyCodec | "pdf"

/**
 * One operation of the service.
 *
 * @since 0.1.0
 * @category models
 */
export interface Operation<
  P extends AnyCodec = AnyCodec,
  B extends RequestBody = RequestBody,
  S extends Success = Success,
  Path extends string = string
> {
  /** `Domain.SpecName` (`Cashbill.RegistIssue`): names faults, statistics and sandbox logs. */
  readonly name: string
  /** The SDK function (`Cashbill.issue`): its span name and the `operation` of its errors. */
  readonly sdk: string
  /** The `taxdoc` command running it, when there is one (`cashbill issue`). */
  readonly cli: string | undefined
  readonly summary: string
  readonly method: "GET" | "POST"
  /** The template, e.g. `/Cashbill/{mgtKey}`. */
  readonly path: Path
  readonly segments: ReadonlyArray<Segment>
  /** Path, query and header parameters. */
  readonly params: P
  readonly query: ReadonlyArray<QueryItem>
  /** `X-HTTP-Method-Override`, when the operation is selected by it. */
  readonly override: string | undefined
  /** Headers taken from parameters (`x-svc-submit-id` ← `submitId`), lower-case names. */
  readonly headers: Readonly<Record<string, string>>
  /** Sends `X-SVC-Message-Digest`: Base64(SHA-1) of the exact body bytes (bulk issue). */
  readonly digest: boolean
  readonly scope: Scope
  readonly body: B
  readonly success: S
  /** Reads, and writes the service recognises when repeated: may be retried after a transient fault. */
  readonly safeToRepeat: boolean
}

/**
 * Any operation.
 *
 * @since 0.1.0
 * @category models
 */
export type Any = Operation<AnyCodec, RequestBody, Success, string>

/**
 * The declaration of an operation (`make`'s input).
 *
 * @since 0.1.0
 * @category models
 */
export interface Declaration<
  Path extends string,
  P extends AnyCodec,
  B extends RequestBody,
  S extends Success
> {
  readonly name: string
  readonly sdk: string
  readonly cli?: string
  readonly summary: string
  readonly method: "GET" | "POST"
  readonly path: Path
  /** Every path parameter must be a string field of the params schema. */
  readonly params?: P
  readonly shapes?: { readonly [K in PathParams<Path>]?: ParamShape }
  readonly query?: ReadonlyArray<QueryItem>
  readonly override?: string
  readonly headers?: Readonly<Record<string, keyof P["Type"] & string>>
  readonly digest?: boolean
  readonly scope: Scope
  readonly body?: B
  readonly success: S
  readonly safeToRepeat: boolean
}

const NoParams = Schema.Struct({})

/**
 * Declares an operation.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = <
  const Path extends string,
  S extends Success,
  P extends AnyCodec = typeof NoParams,
  B extends RequestBody = typeof noBody
>(
  declaration: Declaration<Path, P, B, S> &
    (PathParams<Path> extends keyof P["Type"] ? unknown : { readonly params: "every path parameter must be a field of params" })
): Operation<P, B, S, Path> => ({
  name: declaration.name,
  sdk: declaration.sdk,
  cli: declaration.cli,
  summary: declaration.summary,
  method: declaration.method,
  path: declaration.path,
  segments: parsePath(declaration.path, (declaration.shapes ?? {}) as Readonly<Record<string, ParamShape>>),
  params: (declaration.params ?? NoParams) as P,
  query: declaration.query ?? [],
  override: declaration.override,
  headers: declaration.headers ?? {},
  digest: declaration.digest ?? false,
  scope: declaration.scope,
  body: (declaration.body ?? noBody) as B,
  success: declaration.success,
  safeToRepeat: declaration.safeToRepeat
})

// ── types of an operation ───────────────────────────────────────────────────────────────────

/**
 * The parameters a caller passes (the params schema's encoded side).
 *
 * @since 0.1.0
 * @category models
 */
export type ParamsInput<O extends Any> = O["params"]["Encoded"]

/**
 * The body a caller passes.
 *
 * @since 0.1.0
 * @category models
 */
export type BodyInput<O extends Any> = O["body"] extends { readonly schema: infer S extends AnyCodec } ? S["Encoded"] : undefined

/**
 * The decoded success answer (`Uint8Array` for a PDF).
 *
 * @since 0.1.0
 * @category models
 */
export type SuccessType<O extends Any> = O["success"] extends AnyCodec ? O["success"]["Type"] : Uint8Array

/**
 * The success answer as it travels (what a sandbox handler answers).
 *
 * @since 0.1.0
 * @category models
 */
export type SuccessEncoded<O extends Any> = O["success"] extends AnyCodec ? O["success"]["Encoded"] : Uint8Array

/**
 * What a call of `O` takes: the member (absent for token-less operations), the user ID sent as
 * `X-SVC-UserID`, the parameters and the body.
 *
 * @since 0.1.0
 * @category models
 */
export type Input<O extends Any> =
  & {
    readonly corpNum?: string | undefined
    readonly userId?: string | undefined
  }
  & (keyof ParamsInput<O> extends never ? { readonly params?: ParamsInput<O> } : { readonly params: ParamsInput<O> })
  & (BodyInput<O> extends undefined ? { readonly body?: undefined } : { readonly body: BodyInput<O> })

// ── the wire of an operation ────────────────────────────────────────────────────────────────

/**
 * The scopes the SDK requests a token with for `operation`.
 *
 * @since 0.1.0
 * @category combinators
 */
export const tokenScopes = (operation: Any): ReadonlyArray<string> | undefined => {
  switch (operation.scope._tag) {
    case "None":
      return undefined
    case "Fixed":
      return [operation.scope.scope]
    case "FromParam":
    case "FromBody":
      return operation.scope.tokenScopes
  }
}

/**
 * The header carrying the bulk message digest (docs/service.md "Signing and digests").
 *
 * @since 0.1.0
 * @category constants
 */
export const DIGEST_HEADER = "x-svc-message-digest"

/**
 * The header carrying a bulk submission's submit ID (cash receipts and e-Tax invoices).
 *
 * @since 0.1.0
 * @category constants
 */
export const SUBMIT_ID_HEADER = "x-svc-submit-id"
