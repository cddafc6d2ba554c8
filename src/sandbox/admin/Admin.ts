/**
 * The admin API under `/_sandbox/` (docs/sandbox.md "Admin API"; guarded by `AdminGuard.ts` —
 * an admin token off loopback, same origin, JSON bodies): reset, clock, token expiry,
 * progressions, faults, statistics, seeded members and member preferences, certificates,
 * portal-issued invoices, statement approval, the outbox, snapshots. The same operations exist as
 * Effects on the `Sandbox` service; these routes expose them over HTTP. They are declared as a
 * table below and routed by the kernel's router (`Router.ts`), like the catalogue's operations.
 *
 * The environment is test, or production under `/production/_sandbox/...`. The clock moves document
 * time only; tokens expire on the base clock, or on purpose with `tokens/expire` (every valid token
 * of the environment, or one member's).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { StatementInfo } from "../../domains/statement/Schemas.js"
import { CertificateRegistration } from "../certificate/State.js"
import { fail, type SandboxFailure } from "../Failure.js"
import { Fault } from "../edge/Faults.js"
import { parseJsonBody } from "../edge/HttpEdge.js"
import type { MemberSeed } from "../member/Seed.js"
import type { Mail } from "../Outbox.js"
import { type Kind, Kinds, Policy } from "../Progression.js"
import { decodeValue, json, type RouteResponse } from "../routing/Route.js"
import * as Router from "../routing/Router.js"
import type { SandboxSnapshot } from "../durable/Snapshot.js"
import type { Stats } from "./Stats.js"
import type { Environment } from "../Store.js"

/** The sandbox clock as the admin API shows it. */
export interface ClockState {
  readonly now: number
  readonly offset: number
}

/** A snapshot kept in the sandbox: its ID and when it was taken (base clock, epoch milliseconds). */
export interface KeptSnapshot {
  readonly id: string
  readonly takenAt: number
}

/** The operations behind the admin routes. */
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
  /** The snapshots kept in the sandbox, oldest first. */
  readonly keptSnapshots: Effect.Effect<ReadonlyArray<KeptSnapshot>>
  /** Restores a kept snapshot; `SnapshotNotFound` for an unknown ID. */
  readonly restoreSnapshot: (id: string) => Effect.Effect<void, SandboxFailure>
  /** Forgets a kept snapshot; `SnapshotNotFound` for an unknown ID. */
  readonly dropSnapshot: (id: string) => Effect.Effect<void, SandboxFailure>
  /** The OpenAPI document of the service (the same as `docs/openapi.json`). */
  readonly openApi: Effect.Effect<unknown>
}

/** An admin request: its method, the path segments after `_sandbox`, the body and the environment. */
export interface AdminRequest {
  readonly method: string
  readonly segments: ReadonlyArray<string>
  readonly body: Uint8Array
  readonly environment: Environment
}

/** What an admin route's handler sees: the path parameters its template names, the body, the environment. */
interface AdminCall {
  readonly params: Readonly<Record<string, string>>
  readonly body: Uint8Array
  readonly environment: Environment
}

/**
 * An admin route: its declaration (routed like an operation), whether it is open without the
 * guard, and its handler.
 */
export interface AdminRoute extends Router.Routable {
  /** Open to anyone: needs neither the admin token nor a same-origin request. */
  readonly public: boolean
  readonly handle: (ops: AdminOperations, call: AdminCall) => Effect.Effect<RouteResponse, SandboxFailure>
}

const route = (
  method: "GET" | "POST" | "DELETE",
  path: string,
  handle: AdminRoute["handle"],
  options: { readonly public?: boolean } = {}
): AdminRoute => ({
  operation: {
    name: `Admin ${method} ${path}`,
    method,
    path,
    segments: Router.segmentsOfTemplate(path),
    query: [],
    override: undefined,
    body: { _tag: "None" }
  },
  public: options.public ?? false,
  handle
})

const CorpNum = Schema.String.check(Schema.isPattern(/^\d{10}$/))

const ClockChange = Schema.Union([
  Schema.Struct({ advanceMillis: Schema.Finite }),
  Schema.Struct({ set: Schema.Finite })
])
const TokenExpiry = Schema.Struct({ corpNum: Schema.optionalKey(CorpNum) })
/** The body of `POST /_sandbox/progressions` (and of the pages' form): a kind and its policy. */
export const ProgressionChange = Schema.Struct({ kind: Schema.Literals(Kinds), policy: Policy })
const MemberSeedBody = Schema.Struct({
  corpNum: CorpNum,
  linkId: Schema.optionalKey(Schema.String),
  managerId: Schema.optionalKey(Schema.String),
  password: Schema.optionalKey(Schema.String),
  corpInfo: Schema.optionalKey(Schema.Struct({
    ceoname: Schema.optionalKey(Schema.String),
    corpName: Schema.optionalKey(Schema.String),
    addr: Schema.optionalKey(Schema.String),
    bizType: Schema.optionalKey(Schema.String),
    bizClass: Schema.optionalKey(Schema.String)
  }))
})
const Fields = Schema.Record(Schema.String, Schema.Unknown)
const Approval = Schema.Struct({
  corpNum: CorpNum,
  itemCode: Schema.Union([Schema.Number, Schema.NumberFromString]),
  mgtKey: Schema.String
})

const ok = json({ code: 1, message: "OK" })

/** The body decoded with `schema`; `orElse` is what an empty body stands for, on routes where every field is optional. */
const body = <A, I>(call: AdminCall, schema: Schema.Codec<A, I, never, never>, orElse?: unknown) =>
  Effect.flatMap(parseJsonBody(call.body), (value) => decodeValue(value ?? orElse, schema))

/**
 * Every admin route.
 *
 * | method       | path                                    | body / answer                                  |
 * |--------------|-----------------------------------------|------------------------------------------------|
 * | POST         | /_sandbox/reset                         | → `{code: 1}`                                  |
 * | GET          | /_sandbox/clock                         | → `{now, offset}`                              |
 * | POST         | /_sandbox/clock                         | `{advanceMillis}` or `{set}` → `{now, offset}` |
 * | POST         | /_sandbox/tokens/expire                 | `{}` or `{corpNum}` → `{code, message, expired}` |
 * | GET / POST   | /_sandbox/progressions                  | `{kind, policy}`                               |
 * | GET / POST   | /_sandbox/faults                        | `Fault`                                        |
 * | DELETE       | /_sandbox/faults[/{route}]              | removes every fault, or one                    |
 * | GET          | /_sandbox/stats                         | → `Stats`                                      |
 * | POST         | /_sandbox/members                       | `MemberSeed` (adds a member)                   |
 * | GET / POST   | /_sandbox/members/{corpNum}/preferences | object merged into the preferences             |
 * | POST         | /_sandbox/members/{corpNum}/certificate | `CertificateRegistration` → `{code, expireDT}` |
 * | POST         | /_sandbox/members/{corpNum}/taxinvoices | draft fields → `{code, itemKey, ntsconfirmNum}` (issued on the portal) |
 * | POST         | /_sandbox/statements/approve            | `{corpNum, itemCode, mgtKey}` → status record (200 → 300) |
 * | GET          | /_sandbox/outbox                        | → `{mails}`: every mail the service would have sent |
 * | GET          | /_sandbox/snapshots                     | → `{snapshots: [{id, takenAt}]}`: the kept snapshots |
 * | POST         | /_sandbox/snapshots                     | `{}` → `{id}`: the whole state kept under a new ID |
 * | POST         | /_sandbox/snapshots/{id}/restore        | → `{code: 1}`: the state put back as it was    |
 * | DELETE       | /_sandbox/snapshots/{id}                | → `{code: 1}`: the snapshot forgotten          |
 * | GET          | /_sandbox/openapi.json                  | → the OpenAPI document (`docs/openapi.json`); public |
 */
export const adminRoutes: ReadonlyArray<AdminRoute> = [
  route("POST", "/reset", (ops) => Effect.as(ops.reset, ok)),
  route("GET", "/clock", (ops) => Effect.map(ops.clock, json)),
  route("POST", "/clock", (ops, call) =>
    body(call, ClockChange).pipe(
      Effect.flatMap((change) => "set" in change ? ops.setClock(change.set) : ops.advanceClock(change.advanceMillis)),
      Effect.map(json)
    )),
  route("POST", "/tokens/expire", (ops, call) =>
    body(call, TokenExpiry, {}).pipe(
      Effect.flatMap(({ corpNum }) => ops.expireTokens(call.environment, corpNum)),
      Effect.map((expired) => json({ code: 1, message: "OK", expired }))
    )),
  route("GET", "/progressions", (ops) => Effect.map(ops.progressions, json)),
  route("POST", "/progressions", (ops, call) =>
    body(call, ProgressionChange).pipe(Effect.flatMap(({ kind, policy }) => ops.setProgression(kind, policy)), Effect.as(ok))),
  route("GET", "/faults", (ops) => Effect.map(ops.faults, json)),
  route("POST", "/faults", (ops, call) => body(call, Fault).pipe(Effect.flatMap(ops.setFault), Effect.as(ok))),
  route("DELETE", "/faults", (ops) => Effect.as(ops.clearFaults(), ok)),
  route("DELETE", "/faults/{route}", (ops, call) => Effect.as(ops.clearFaults(call.params["route"]), ok)),
  route("GET", "/stats", (ops) => Effect.map(ops.stats, json)),
  route("POST", "/members", (ops, call) =>
    body(call, MemberSeedBody).pipe(Effect.flatMap((seed) => ops.addMember({ ...seed, environments: [call.environment] })), Effect.as(ok))),
  route("GET", "/members/{corpNum}/preferences", (ops, call) => Effect.map(ops.memberPreferences(call.environment, call.params["corpNum"]!), json)),
  route("POST", "/members/{corpNum}/preferences", (ops, call) =>
    body(call, Fields).pipe(
      Effect.flatMap((preferences) => ops.setMemberPreferences(call.environment, call.params["corpNum"]!, preferences)),
      Effect.map(json)
    )),
  route("POST", "/members/{corpNum}/certificate", (ops, call) =>
    body(call, CertificateRegistration, {}).pipe(
      Effect.flatMap((registration) => ops.registerCertificate(call.environment, call.params["corpNum"]!, registration)),
      Effect.map((expireDT) => json({ code: 1, message: "OK", expireDT }))
    )),
  route("POST", "/members/{corpNum}/taxinvoices", (ops, call) =>
    body(call, Fields, {}).pipe(
      Effect.flatMap((fields) => ops.issueOnPortal(call.environment, call.params["corpNum"]!, fields)),
      Effect.map((issued) => json({ code: 1, message: "OK", ...issued }))
    )),
  route("POST", "/statements/approve", (ops, call) =>
    body(call, Approval).pipe(
      Effect.flatMap(({ corpNum, itemCode, mgtKey }) => ops.approveStatement(call.environment, corpNum, itemCode, mgtKey)),
      Effect.map(json)
    )),
  route("GET", "/outbox", (ops, call) => Effect.map(ops.outbox(call.environment), (mails) => json({ mails }))),
  route("GET", "/snapshots", (ops) => Effect.map(ops.keptSnapshots, (snapshots) => json({ snapshots }))),
  route("POST", "/snapshots", (ops) => Effect.map(ops.keepSnapshot, (id) => json({ id }))),
  route("POST", "/snapshots/{id}/restore", (ops, call) => Effect.as(ops.restoreSnapshot(call.params["id"]!), ok)),
  route("DELETE", "/snapshots/{id}", (ops, call) => Effect.as(ops.dropSnapshot(call.params["id"]!), ok)),
  // The service's public description, the same document as `docs/openapi.json`: it neither reads
  // nor changes the sandbox's state, so it needs no admin token.
  route("GET", "/openapi.json", (ops) => Effect.map(ops.openApi, json), { public: true })
]

const table = Router.compile(adminRoutes)

/**
 * Answers an admin request. `guard` is asked first, except on public routes: a refusal it answers
 * is the answer. Unknown paths are `NotFoundPath`, known paths with another method
 * `UnsupportedMethod`.
 */
export const respond = (
  ops: AdminOperations,
  request: AdminRequest,
  guard: () => SandboxFailure | undefined
): Effect.Effect<RouteResponse, SandboxFailure> => {
  const matched = Router.matchSegments(table, request.segments, {
    method: request.method,
    override: undefined,
    query: new URLSearchParams(),
    contentType: undefined
  })
  const refused = matched._tag === "Matched" && matched.route.public ? undefined : guard()
  if (refused !== undefined) return Effect.fail(refused)
  switch (matched._tag) {
    case "NotFound":
      return Effect.fail(fail("NotFoundPath"))
    case "Unsupported":
      return Effect.fail(fail("UnsupportedMethod", matched.reason))
    case "Matched":
      return matched.route.handle(ops, { params: matched.params, body: request.body, environment: request.environment })
  }
}
