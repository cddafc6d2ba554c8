/**
 * The admin API under `/_sandbox/` (docs/sandbox.md "Admin API", LocalStack style; guarded by `AdminGuard.ts`
 * before it gets here — an admin token off loopback, same origin, JSON bodies): reset,
 * clock, token expiry, progressions, faults, statistics, seeded members and member preferences. The
 * same operations exist as Effects on the `Sandbox` service; these routes expose them over HTTP.
 *
 * | method       | path                                    | body / answer                                  |
 * |--------------|-----------------------------------------|------------------------------------------------|
 * | POST         | /_sandbox/reset                         | → `{code: 1}`                                  |
 * | GET          | /_sandbox/clock                         | → `{now, offset}`                              |
 * | POST         | /_sandbox/clock                         | `{advanceMillis}` or `{set}` → `{now, offset}` |
 * | POST         | /_sandbox/tokens/expire                 | `{}` or `{corpNum}` → `{code, message, expired}` |
 * | GET / POST   | /_sandbox/progressions                  | `{kind, policy}`                               |
 * | GET / POST   | /_sandbox/faults                        | `Fault`                                        |
 * | DELETE       | /_sandbox/faults[/{route}]              | removes one or every fault                     |
 * | GET          | /_sandbox/stats                         | → `Stats`                                      |
 * | POST         | /_sandbox/members                       | `MemberSeed` (adds a member)                   |
 * | GET / POST   | /_sandbox/members/{corpNum}/preferences | object merged into the preferences             |
 * | POST         | /_sandbox/members/{corpNum}/certificate | `CertificateRegistration` → `{code, expireDT}` |
 * | POST         | /_sandbox/members/{corpNum}/taxinvoices | draft fields → `{code, itemKey, ntsconfirmNum}` (issued on the portal) |
 * | POST         | /_sandbox/statements/approve            | `{corpNum, itemCode, mgtKey}` → status record (200 → 300) |
 * | GET          | /_sandbox/outbox                        | → `{mails}`: every mail the service would have sent |
 * | POST         | /_sandbox/snapshots                     | `{}` → `{id}`: the whole state kept under a new ID |
 * | POST         | /_sandbox/snapshots/{id}/restore        | → `{code: 1}`: the state put back as it was    |
 * | DELETE       | /_sandbox/snapshots/{id}                | → `{code: 1}`: the snapshot forgotten          |
 * | GET          | /_sandbox/openapi.json                  | → the OpenAPI document (`docs/openapi.json`); no admin token |
 *
 * The environment is test, or production under `/production/_sandbox/...`. The clock moves document
 * time only; tokens expire on the base clock, or on purpose with `tokens/expire` (every valid token
 * of the environment, or one member's).
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { fail, type SandboxFailure } from "./Failure.js"
import { CertificateRegistration } from "./certificate/State.js"
import { Fault } from "./Faults.js"
import type { StatementInfo } from "../domains/statement/Schemas.js"
import type { MemberSeed } from "./member/Seed.js"
import type { Mail } from "./Outbox.js"
import type { SandboxSnapshot } from "./Snapshot.js"
import { Kinds, type Kind, Policy } from "./Progression.js"
import { decodeValue, json, type RouteResponse } from "./Route.js"
import type { Stats } from "./Stats.js"
import type { Environment } from "./Store.js"
import { parseJsonBody } from "./HttpEdge.js"
import type * as OpenApi from "../domains/OpenApi.js"
import * as Lazy from "../core/Lazy.js"

// Loaded and rendered on the first request for it (it is the same document every time): a sandbox
// that is never asked for it does not load the catalogue's JSON Schema rendering.
const openApiModule = Lazy.module<typeof OpenApi>(import.meta.url, "../domains/OpenApi.js", () => import("../domains/OpenApi.js"))
let openApiDocument: OpenApi.JsonObject | undefined

/**
 * `true` for the one admin route that needs no admin token and no same-origin check:
 * `GET /_sandbox/openapi.json`, the service's public description (the same document as
 * `docs/openapi.json`), which neither reads nor changes the sandbox's state.
 *
 * @since 0.1.0
 * @category combinators
 */
export const isPublic = (method: string, segments: ReadonlyArray<string>): boolean =>
  method.toUpperCase() === "GET" && segments.length === 1 && segments[0]!.toLowerCase() === "openapi.json"

/**
 * The sandbox clock as the admin API shows it.
 *
 * @since 0.1.0
 * @category models
 */
export interface ClockState {
  readonly now: number
  readonly offset: number
}

/**
 * The operations behind the admin routes.
 *
 * @since 0.1.0
 * @category models
 */
export interface AdminOperations {
  readonly reset: Effect.Effect<void>
  readonly clock: Effect.Effect<ClockState>
  readonly advanceClock: (millis: number) => Effect.Effect<ClockState>
  readonly setClock: (epochMillis: number) => Effect.Effect<ClockState>
  /** Expires every valid token of the environment, or one member's; succeeds with how many. */
  readonly expireTokens: (environment: Environment, corpNum?: string) => Effect.Effect<number>
  readonly progressions: Effect.Effect<Readonly<Record<Kind, Policy>>>
  readonly setProgression: (kind: Kind, policy: Policy) => Effect.Effect<void>
  readonly faults: Effect.Effect<ReadonlyArray<Fault>>
  readonly setFault: (fault: Fault) => Effect.Effect<void, SandboxFailure>
  readonly clearFaults: (route?: string) => Effect.Effect<void>
  readonly stats: Effect.Effect<Stats>
  readonly addMember: (seed: MemberSeed) => Effect.Effect<void, SandboxFailure>
  readonly memberPreferences: (environment: Environment, corpNum: string) => Effect.Effect<Readonly<Record<string, unknown>>>
  readonly setMemberPreferences: (
    environment: Environment,
    corpNum: string,
    preferences: Readonly<Record<string, unknown>>
  ) => Effect.Effect<Readonly<Record<string, unknown>>>
  /** Registers a member's tax invoice issuing certificate; answers its expiry (`yyyyMMddHHmmss`). */
  readonly registerCertificate: (
    environment: Environment,
    corpNum: string,
    registration: typeof CertificateRegistration.Type
  ) => Effect.Effect<string>
  /** Creates an e-Tax invoice issued on the web portal (only an item key), for AssignMgtKey. */
  readonly issueOnPortal: (
    environment: Environment,
    corpNum: string,
    fields: Readonly<Record<string, unknown>>
  ) => Effect.Effect<{ readonly itemKey: string; readonly ntsconfirmNum: string }, SandboxFailure>
  /** Approves a pending statement (200 → 300) as its receiver would; answers its status record. */
  readonly approveStatement: (
    environment: Environment,
    corpNum: string,
    itemCode: number,
    mgtKey: string
  ) => Effect.Effect<typeof StatementInfo.Encoded, SandboxFailure>
  /** Every mail the service would have sent in the environment, oldest first. */
  readonly outbox: (environment: Environment) => Effect.Effect<ReadonlyArray<Mail>>
  /** The whole state (both environments), as a value to restore later. */
  readonly snapshot: Effect.Effect<SandboxSnapshot>
  /** Puts the state back as it was in a snapshot. */
  readonly restore: (snapshot: SandboxSnapshot) => Effect.Effect<void>
  /** Takes a snapshot and keeps it in the sandbox under a new ID (the admin route). */
  readonly keepSnapshot: Effect.Effect<string>
  /** Restores a kept snapshot; `SnapshotNotFound` for an unknown ID. */
  readonly restoreSnapshot: (id: string) => Effect.Effect<void, SandboxFailure>
  /** Forgets a kept snapshot; `SnapshotNotFound` for an unknown ID. */
  readonly dropSnapshot: (id: string) => Effect.Effect<void, SandboxFailure>
}

/**
 * An admin request: the path segments after `_sandbox`.
 *
 * @since 0.1.0
 * @category models
 */
export interface AdminRequest {
  readonly method: string
  readonly segments: ReadonlyArray<string>
  readonly body: Uint8Array
  readonly environment: Environment
}

const ClockChange = Schema.Union(
  Schema.Struct({ advanceMillis: Schema.Number.pipe(Schema.finite()) }),
  Schema.Struct({ set: Schema.Number.pipe(Schema.finite()) })
)
const TokenExpiry = Schema.Struct({ corpNum: Schema.optionalWith(Schema.String.pipe(Schema.pattern(/^\d{10}$/)), { exact: true }) })
const ProgressionChange = Schema.Struct({ kind: Schema.Literal(...Kinds), policy: Policy })
const MemberSeedBody = Schema.Struct({
  corpNum: Schema.String.pipe(Schema.pattern(/^\d{10}$/)),
  linkId: Schema.optionalWith(Schema.String, { exact: true }),
  managerId: Schema.optionalWith(Schema.String, { exact: true }),
  password: Schema.optionalWith(Schema.String, { exact: true }),
  corpInfo: Schema.optionalWith(
    Schema.partialWith(
      Schema.Struct({ ceoname: Schema.String, corpName: Schema.String, addr: Schema.String, bizType: Schema.String, bizClass: Schema.String }),
      { exact: true }
    ),
    { exact: true }
  )
})
const Preferences = Schema.Record({ key: Schema.String, value: Schema.Unknown })
const Approval = Schema.Struct({
  corpNum: Schema.String.pipe(Schema.pattern(/^\d{10}$/)),
  itemCode: Schema.Union(Schema.Number, Schema.NumberFromString),
  mgtKey: Schema.String
})

const ok = json({ code: 1, message: "OK" })

// `orElse`: what an empty body stands for, on routes where every field is optional.
const body = <A, I>(request: AdminRequest, schema: Schema.Schema<A, I, never>, orElse?: unknown) =>
  Effect.flatMap(parseJsonBody(request.body), (value) => decodeValue(value ?? orElse, schema))

/**
 * Answers an admin request; unknown paths are `NotFoundPath`, known paths with another method
 * `UnsupportedMethod`.
 *
 * @since 0.1.0
 * @category combinators
 */
export const handleAdmin = (ops: AdminOperations, request: AdminRequest): Effect.Effect<RouteResponse, SandboxFailure> => {
  const [first, second, third, ...rest] = request.segments.map((s) => s.toLowerCase())
  const method = request.method.toUpperCase()
  const unsupported = Effect.fail(fail("UnsupportedMethod"))
  switch (first) {
    case "reset":
      if (second !== undefined) break
      return method === "POST" ? Effect.as(ops.reset, ok) : unsupported
    case "clock":
      if (second !== undefined) break
      if (method === "GET") return Effect.map(ops.clock, json)
      if (method !== "POST") return unsupported
      return body(request, ClockChange).pipe(
        Effect.flatMap((change) => "set" in change ? ops.setClock(change.set) : ops.advanceClock(change.advanceMillis)),
        Effect.map(json)
      )
    case "tokens":
      if (second !== "expire" || third !== undefined) break
      if (method !== "POST") return unsupported
      return body(request, TokenExpiry, {}).pipe(
        Effect.flatMap(({ corpNum }) => ops.expireTokens(request.environment, corpNum)),
        Effect.map((expired) => json({ code: 1, message: "OK", expired }))
      )
    case "progressions":
      if (second !== undefined) break
      if (method === "GET") return Effect.map(ops.progressions, json)
      if (method !== "POST") return unsupported
      return body(request, ProgressionChange).pipe(Effect.flatMap(({ kind, policy }) => ops.setProgression(kind, policy)), Effect.as(ok))
    case "faults":
      if (third !== undefined) break
      if (method === "DELETE") return Effect.as(ops.clearFaults(second === undefined ? undefined : request.segments[1]), ok)
      if (second !== undefined) break
      if (method === "GET") return Effect.map(ops.faults, json)
      if (method !== "POST") return unsupported
      return body(request, Fault).pipe(Effect.flatMap(ops.setFault), Effect.as(ok))
    case "stats":
      if (second !== undefined) break
      return method === "GET" ? Effect.map(ops.stats, json) : unsupported
    case "members": {
      if (second === undefined) {
        if (method !== "POST") return unsupported
        return body(request, MemberSeedBody).pipe(
          Effect.flatMap((seed) => ops.addMember({ ...seed, environments: [request.environment] })),
          Effect.as(ok)
        )
      }
      const corpNum = request.segments[1]!
      if (third === "certificate" && rest.length === 0) {
        if (method !== "POST") return unsupported
        return body(request, CertificateRegistration, {}).pipe(
          Effect.flatMap((registration) => ops.registerCertificate(request.environment, corpNum, registration)),
          Effect.map((expireDT) => json({ code: 1, message: "OK", expireDT }))
        )
      }
      if (third === "taxinvoices" && rest.length === 0) {
        if (method !== "POST") return unsupported
        return body(request, Preferences, {}).pipe(
          Effect.flatMap((fields) => ops.issueOnPortal(request.environment, corpNum, fields)),
          Effect.map((issued) => json({ code: 1, message: "OK", ...issued }))
        )
      }
      if (third !== "preferences" || rest.length > 0) break
      if (method === "GET") return Effect.map(ops.memberPreferences(request.environment, corpNum), json)
      if (method !== "POST") return unsupported
      return body(request, Preferences).pipe(
        Effect.flatMap((preferences) => ops.setMemberPreferences(request.environment, corpNum, preferences)),
        Effect.map(json)
      )
    }
    case "statements":
      if (second !== "approve" || third !== undefined) break
      if (method !== "POST") return unsupported
      return body(request, Approval).pipe(
        Effect.flatMap(({ corpNum, itemCode, mgtKey }) => ops.approveStatement(request.environment, corpNum, itemCode, mgtKey)),
        Effect.map(json)
      )
    case "openapi.json":
      if (second !== undefined) break
      return method === "GET" ? Effect.map(openApiModule.get, (OpenApi) => json(openApiDocument ??= OpenApi.document())) : unsupported
    case "outbox":
      if (second !== undefined) break
      return method === "GET" ? Effect.map(ops.outbox(request.environment), (mails) => json({ mails })) : unsupported
    case "snapshots": {
      if (second === undefined) return method === "POST" ? Effect.map(ops.keepSnapshot, (id) => json({ id })) : unsupported
      // IDs keep their case (the route's literal words do not).
      const id = request.segments[1]!
      if (third === undefined) return method === "DELETE" ? Effect.as(ops.dropSnapshot(id), ok) : unsupported
      if (third !== "restore" || rest.length > 0) break
      return method === "POST" ? Effect.as(ops.restoreSnapshot(id), ok) : unsupported
    }
  }
  return Effect.fail(fail("NotFoundPath"))
}
