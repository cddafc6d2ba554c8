/**
 * The contract between the sandbox kernel and its per-domain handlers. A domain contributes an
 * array of `Route`s; the kernel matches them (literal segments case-insensitively, as the live
 * service does), authenticates, checks the scope, applies injected faults and renders answers.
 *
 * @since 0.1.0
 */
import { Effect, Either, Schema } from "effect"
import type { SandboxClock } from "./Clock.js"
import { fail, type SandboxFailure } from "./Failure.js"
import type { Progressions } from "./Progression.js"
import type { Environment, SandboxStore } from "./Store.js"
import { issuesOf } from "../core/Validation.js"

/**
 * What a handler sees of the request.
 *
 * @since 0.1.0
 * @category models
 */
export interface RouteRequest {
  readonly method: "GET" | "POST"
  /** The path as sent, below the environment prefix. */
  readonly path: string
  /** Path parameters named in the route pattern, in their original case (URL-decoded). */
  readonly params: Readonly<Record<string, string>>
  /** Query parameters; a flag such as `?Detail` is present with an empty value. */
  readonly query: URLSearchParams
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>
  /** The exact body bytes received (digests are checked over these). */
  readonly body: Uint8Array
  /** `X-HTTP-Method-Override`, upper-cased, when sent. */
  readonly override: string | undefined
  readonly language: "ko" | "en"
  readonly environment: Environment
  readonly remoteAddress: string
}

/**
 * The authenticated caller, from the bearer token.
 *
 * @since 0.1.0
 * @category models
 */
export interface Caller {
  readonly linkId: string
  readonly corpNum: string
  /** `X-SVC-UserID`, when sent. */
  readonly userId: string | undefined
  readonly scopes: ReadonlyArray<string>
  readonly environment: Environment
}

/**
 * An answer: JSON (status 200 unless given) or a PDF document.
 *
 * @since 0.1.0
 * @category models
 */
export type RouteResponse =
  | { readonly _tag: "Json"; readonly status?: number; readonly body: unknown }
  | { readonly _tag: "Pdf"; readonly bytes: Uint8Array }

/**
 * The services a handler may use.
 *
 * @since 0.1.0
 * @category models
 */
export type RouteContext = SandboxClock | SandboxStore | Progressions

/**
 * One operation of the service.
 *
 * @since 0.1.0
 * @category models
 */
export interface Route {
  /** `Domain.Operation`, e.g. `Cashbill.GetInfo`: names faults, statistics and logs. */
  readonly id: string
  readonly method: "GET" | "POST"
  /** Pattern with `:name` parameters, e.g. `/Cashbill/:mgtKey`. Literal segments match in any case. */
  readonly path: string
  /**
   * The `X-HTTP-Method-Override` this route answers. `undefined`: the route answers only requests
   * without an override.
   */
  readonly override?: string
  /** A query parameter that must be present (`Detail`, `PDF`, `Print`, `TG`, `cfg`, `CN`). */
  readonly queryFlag?: string
  /** `"form"`: the route answers only `application/x-www-form-urlencoded` bodies. */
  readonly contentType?: "form"
  /**
   * `"none"`: called without a token (CheckIsMember, CheckID, JoinMember). Otherwise the scope the
   * bearer token must carry, fixed or derived from the request (statements: the item code).
   */
  readonly auth: "none" | { readonly scope: string | ((request: RouteRequest) => string) }
  readonly handle: (request: RouteRequest, caller: Caller) => Effect.Effect<RouteResponse, SandboxFailure, RouteContext>
}

/**
 * The caller handed to routes with `auth: "none"`.
 *
 * @since 0.1.0
 * @category constants
 */
export const anonymous = (environment: Environment): Caller => ({
  linkId: "",
  corpNum: "",
  userId: undefined,
  scopes: [],
  environment
})

/**
 * A JSON answer with status 200.
 *
 * @since 0.1.0
 * @category constructors
 */
export const json = (body: unknown): RouteResponse => ({ _tag: "Json", body })

/**
 * The generic success result `{code: 1, message}`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const success = (request: RouteRequest): RouteResponse =>
  json({ code: 1, message: request.language === "en" ? "Success" : "성공" })

/**
 * A PDF answer.
 *
 * @since 0.1.0
 * @category constructors
 */
export const pdf = (bytes: Uint8Array): RouteResponse => ({ _tag: "Pdf", bytes })

const decoder = new TextDecoder("utf-8", { fatal: true })

/**
 * The body parsed as JSON; `InvalidRequest` when it is not UTF-8 JSON.
 *
 * @since 0.1.0
 * @category combinators
 */
export const bodyJson = (request: RouteRequest): Effect.Effect<unknown, SandboxFailure> =>
  Effect.try({
    try: () => JSON.parse(decoder.decode(request.body)) as unknown,
    catch: () => fail("InvalidRequest", "body is not valid UTF-8 JSON")
  })

/**
 * The body decoded with a domain schema; `InvalidField` naming the first broken field and rule.
 * The sandbox reuses the domains' input schemas, so it refuses exactly what the SDK refuses.
 *
 * @since 0.1.0
 * @category combinators
 */
export const decodeBody = <A, I>(request: RouteRequest, schema: Schema.Schema<A, I, never>): Effect.Effect<A, SandboxFailure> =>
  Effect.flatMap(bodyJson(request), (input) => decodeValue(input, schema))

/**
 * A value decoded with a schema; `InvalidField` naming the first broken field and rule.
 *
 * @since 0.1.0
 * @category combinators
 */
export const decodeValue = <A, I>(input: unknown, schema: Schema.Schema<A, I, never>): Effect.Effect<A, SandboxFailure> => {
  const result = Schema.decodeUnknownEither(schema, { errors: "all" })(input)
  if (Either.isRight(result)) return Effect.succeed(result.right)
  const issues = issuesOf(result.left)
  const detail = issues.map((i) => `${i.path || "body"}: ${i.rule}`).join("; ")
  return Effect.fail(fail("InvalidField", detail))
}
