/**
 * Authentication of the sandbox (docs/service.md "Authentication", "Signing and digests"): the check of
 * a signed token request, and the bearer check of every API call.
 *
 * A token request is verified over the exact bytes and header strings received — the body is never
 * parsed before its signature is checked, and never re-serialised.
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Signing from "../../core/Signing.js"
import { SandboxClock } from "../Clock.js"
import { fail, type SandboxFailure } from "../Failure.js"
import type { PartnerRegistry } from "../Partners.js"
import { anonymous, type Caller, type Route, type RouteRequest } from "../routing/Route.js"
import { SandboxStore } from "../Store.js"
import { type TokenState, tokensSlot } from "./IssuedTokens.js"
import { normalizeAddress } from "../edge/HttpEdge.js"

/** Every scope value of the spec (docs/service.md "Scopes"). */
export const KNOWN_SCOPES: ReadonlySet<string> = new Set([
  "member", "110", "140", "121", "122", "123", "124", "125", "126", "111", "141", "170", "171", "182", "183", "180",
  "153", "156", "157", "158", "150", "151", "152", "160", "161"
])

/** How far X-SVC-Date may be from the sandbox base clock (±5 minutes). */
export const DATE_TOLERANCE_MILLIS = 5 * 60 * 1000

/** A token request whose signature checked out. */
export interface VerifiedTokenRequest {
  readonly linkId: string
  readonly accessId: string
  readonly scopes: ReadonlyArray<string>
  /** X-SVC-Forwarded, when sent. */
  readonly forwarded: string | undefined
}

/**
 * Header values travel as Latin-1; a LinkID written in UTF-8 (e.g. Korean) arrives as its bytes, so
 * it is read back as UTF-8 when that decodes cleanly.
 */
export const headerText = (value: string): string => {
  if (!/[\u0080-\u00ff]/.test(value) || /[^\u0000-\u00ff]/.test(value)) return value
  const decoded = Buffer.from(value, "latin1").toString("utf8")
  return decoded.includes("\uFFFD") ? value : decoded
}

const SVC_AUTHORIZATION = /^SVC\s+(\S+)\s+(\S+)\s*$/i
const JSON_CONTENT_TYPE = /^\s*application\/json\s*(;.*)?$/i
const utf8 = new TextDecoder("utf-8", { fatal: true })

const parseTokenBody = (body: Uint8Array): { readonly accessId: string; readonly scopes: ReadonlyArray<string> } | string => {
  let value: unknown
  try {
    value = JSON.parse(utf8.decode(body))
  } catch {
    return "the body is not UTF-8 JSON"
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "the body must be an object {access_id, scope}"
  const { access_id, scope } = value as Record<string, unknown>
  if (typeof access_id !== "string" || !/^\d{10}$/.test(access_id)) return "access_id must be a registration number of 10 digits"
  if (!Array.isArray(scope) || !scope.every((s): s is string => typeof s === "string")) return "scope must be an array of strings"
  return { accessId: access_id, scopes: scope }
}

/**
 * Verifies a token request: Authorization `SVC <LinkID> <Signature>` of a known partner, a JSON
 * Content-Type, X-SVC-Version 2.0, X-SVC-Date within ±5 minutes of the base clock, the signature
 * over the raw body and the received header strings, then the body `{access_id, scope}` with known
 * scopes. Membership is the caller's next check.
 */
export const verifyTokenRequest = (
  request: RouteRequest,
  partners: PartnerRegistry
): Effect.Effect<VerifiedTokenRequest, SandboxFailure, SandboxClock> =>
  Effect.gen(function*() {
    const authorization = SVC_AUTHORIZATION.exec(request.headers["authorization"] ?? "")
    if (authorization === null) return yield* fail("MalformedTokenRequest", "Authorization must be SVC <LinkID> <Signature>")
    const linkId = headerText(authorization[1]!)
    const signature = authorization[2]!
    const secretKey = partners.secretOf(linkId)
    if (secretKey === undefined) return yield* fail("UnknownLinkId")
    if (!JSON_CONTENT_TYPE.test(request.headers["content-type"] ?? "")) {
      return yield* fail("MalformedTokenRequest", "Content-Type must be application/json")
    }
    const version = request.headers["x-svc-version"]
    if (version !== Signing.SVC_VERSION) return yield* fail("MalformedTokenRequest", `X-SVC-Version must be ${Signing.SVC_VERSION}`)
    const date = request.headers["x-svc-date"]
    const sent = date === undefined ? undefined : Signing.parseSvcDate(date)
    if (date === undefined || sent === undefined) return yield* fail("StaleDate", "X-SVC-Date must be yyyy-MM-ddTHH:mm:ss[.SSS]Z")
    const base = yield* Effect.flatMap(SandboxClock, (clock) => clock.base)
    if (Math.abs(sent - base) > DATE_TOLERANCE_MILLIS) return yield* fail("StaleDate")
    const forwarded = request.headers["x-svc-forwarded"]
    const expected = Signing.sign(
      secretKey,
      Signing.stringToSign({ bodyDigest: Signing.bodyDigest(request.body), date, forwarded, version, path: request.path })
    )
    if (!Signing.signaturesEqual(expected, signature)) return yield* fail("SignatureMismatch")
    const body = parseTokenBody(request.body)
    if (typeof body === "string") return yield* fail("MalformedTokenRequest", body)
    const unknown = body.scopes.filter((s) => !KNOWN_SCOPES.has(s))
    if (unknown.length > 0) return yield* fail("InvalidScope", unknown.join(","))
    return { linkId, accessId: body.accessId, scopes: body.scopes, forwarded }
  })

const BEARER = /^Bearer\s+(\S+)\s*$/i

/**
 * The member a request's bearer token was issued to, when it names a known token (expired or not):
 * who made a call that a fault met before authentication.
 */
export const memberOfBearer = (tokens: TokenState, authorization: string | undefined): string | undefined => {
  const bearer = authorization === undefined ? null : BEARER.exec(authorization)
  return bearer === null ? undefined : tokens.byValue.get(bearer[1]!)?.record.userID
}

/** A top-level string or number field of a JSON object body, as text; `undefined` when there is none. */
const bodyField = (body: Uint8Array, field: string): string | undefined => {
  try {
    const value: unknown = JSON.parse(utf8.decode(body))
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined
    const found = (value as Record<string, unknown>)[field]
    return typeof found === "string" || typeof found === "number" ? String(found) : undefined
  } catch {
    return undefined
  }
}

/**
 * The caller of an API request, judged at `now` (base clock) against the token state of the
 * request's environment: no token for operations called without one; otherwise a bearer token of
 * this environment, not expired on the base clock (document time moved by the admin offset does not
 * expire tokens), used from its IP, granting the operation's declared scope (fixed, the value of a
 * path parameter such as a statement's item code, or of a body field such as the item code of a
 * statement's RegistIssue). A pure function: the kernel reads the clock only for requests that
 * carry a token.
 */
export const callerOf = (route: Route, request: RouteRequest, tokens: TokenState, now: number): Result.Result<Caller, SandboxFailure> => {
  const userId = request.headers["x-svc-userid"]
  const required = route.operation.scope
  if (required._tag === "None") return Result.succeed({ ...anonymous(request.environment), userId })
  const header = request.headers["authorization"]
  if (header === undefined || header.trim() === "") return Result.fail(fail("TokenMissing"))
  const bearer = BEARER.exec(header)
  if (bearer === null) return Result.fail(fail("TokenUnreadable", "Authorization must be Bearer <token>"))
  const token = tokens.byValue.get(bearer[1]!)
  if (token === undefined) return Result.fail(fail("TokenUnreadable"))
  if (now >= token.expiresAt) return Result.fail(fail("TokenExpired"))
  const ip = token.record.ipaddress
  if (ip !== "*" && normalizeAddress(ip) !== normalizeAddress(request.remoteAddress)) return Result.fail(fail("TokenIpMismatch"))
  const scope = required._tag === "Fixed"
    ? required.scope
    : required._tag === "FromParam"
    ? request.params[required.param] ?? ""
    : bodyField(request.body, required.field)
  if (scope === undefined) {
    // No readable scope in the body: any of the declared scopes lets the handler report the body's fault.
    const declared = required._tag === "FromBody" ? required.tokenScopes : []
    if (!declared.some((s) => token.record.scope.includes(s))) return Result.fail(fail("ScopeNotGranted", declared.join(",")))
  } else if (!token.record.scope.includes(scope)) return Result.fail(fail("ScopeNotGranted", `scope ${scope}`))
  return Result.succeed({
    linkId: token.record.linkID,
    corpNum: token.record.userID,
    userId,
    scopes: token.record.scope,
    environment: request.environment
  })
}

/** `true` when the route needs the caller's bearer token (and so the base clock to judge it). */
export const needsToken = (route: Route): boolean => route.operation.scope._tag !== "None"

/** The caller of an API request (`callerOf` at the base clock's now, on the sandbox's token state). */
export const authenticate = (route: Route, request: RouteRequest): Effect.Effect<Caller, SandboxFailure, SandboxStore | SandboxClock> =>
  Effect.gen(function*() {
    const tokens = (yield* SandboxStore).get(tokensSlot, request.environment)
    const now = needsToken(route) ? yield* Effect.flatMap(SandboxClock, (clock) => clock.base) : 0
    return yield* Effect.fromResult(callerOf(route, request, tokens, now))
  })
