/**
 * The sandbox kernel: one service owning the sandbox's state (clock, store, progressions,
 * partners, tokens, faults, statistics) and answering HTTP requests as the live service would
 * (docs/sandbox.md). `handle` is an `@effect/platform` HttpApp that never fails; it runs in the
 * caller's fiber, so the caller's `Clock` (e.g. `TestClock`) drives the sandbox.
 *
 * Request pipeline: read the exact body (refused above `maxBodyBytes` before it is buffered) →
 * JSON nesting guard → environment prefix (`/production`) → admin routes (`/_sandbox/`, guarded by
 * `AdminGuard.ts`) → portal pages (`/portal/`, `portal/Portal.ts`) → routing → statistics → injected
 * faults → bearer check → handler → answer (`{code, message}` on failure; bytes, compressed by the
 * edge when the client accepts gzip). `answer` is that pipeline over a request already read: the
 * socket server (`Server.ts`) and the in-process client (`InProcess.ts`) read requests their own
 * way and call it in one fiber; `handle` is the same over an `@effect/platform` server request.
 *
 * @since 0.1.0
 */
import type { HttpServerRequest, HttpServerResponse } from "@effect/platform"
import * as Cause from "effect/Cause"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import type * as Scope from "effect/Scope"
import { answersSlot } from "./AnswerCache.js"
import * as Durability from "./Durability.js"
import { copyEntries, type SandboxSnapshot } from "./Snapshot.js"
import type { SandboxDataError } from "./Storage.js"
import { mint as newSnapshotId } from "./Tickets.js"
import { type AdminOperations, handleAdmin, isPublic } from "./Admin.js"
import { type AdminAccess, refusal } from "./AdminGuard.js"
import { callerOf, needsToken } from "./Auth.js"
import { registerCertificate } from "./certificate/State.js"
import * as Kst from "../core/Kst.js"
import * as Lazy from "../core/Lazy.js"
import * as TaxinvoiceAdmin from "./taxinvoice/Admin.js"
import * as SandboxClockModule from "./Clock.js"
import { SandboxClock } from "./Clock.js"
import * as Encoded from "./Encoded.js"
import { fail, SandboxFailure } from "./Failure.js"
import { type FaultKind, makeRegistry } from "./Faults.js"
import { addMember, type MemberSeed } from "./member/Seed.js"
import * as Outbox from "./Outbox.js"
import * as Partners from "./Partners.js"
import type * as Portal from "./portal/Portal.js"
import { isPortalPath } from "./PortalLinks.js"
import * as Preferences from "./Preferences.js"
import * as ProgressionModule from "./Progression.js"
import { type Kind, Kinds, type Policy, Progressions } from "./Progression.js"
import type { Route, RouteContext, RouteRequest, RouteResponse } from "./Route.js"
import * as Router from "./Router.js"
import { allRoutes } from "./Routes.js"
import * as StatementRecords from "./statement/Records.js"
import { approveStatement } from "./statement/State.js"
import { makeCallCounter, snapshot as statsOf } from "./Stats.js"
import * as StoreModule from "./Store.js"
import { type Environment, SandboxStore } from "./Store.js"
import * as IssuedTokens from "./IssuedTokens.js"
import {
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_JSON_DEPTH,
  type Incoming,
  jsonNestsDeeperThan,
  looksLikeJson,
  type Read,
  readIncoming,
  render
} from "./HttpEdge.js"

// The portal's pages (`/portal/…`, what URL operations link to) load on the first visit: a sandbox
// that only answers operations never needs them.
const portalModule = Lazy.module<typeof Portal>(import.meta.url, "./portal/Portal.js", () => import("./portal/Portal.js"))

/**
 * Options of a sandbox.
 *
 * @since 0.1.0
 * @category models
 */
export interface SandboxOptions {
  /** Partners besides (or replacing the secret of) `TESTER`: objects or `LINKID:BASE64SECRET`. */
  readonly partners?: ReadonlyArray<Partners.Partner | string>
  /** Progression policies that differ from the defaults. */
  readonly progressions?: Partial<Record<Kind, Policy>>
  /** Seed of the PRNG deciding faults with a probability (default 0). */
  readonly seed?: number
  /** Language when Accept-Language is absent (default Korean, like the live service). */
  readonly language?: "ko" | "en"
  /** Members present from the start (and again after a reset). */
  readonly members?: ReadonlyArray<MemberSeed>
  /** Extra routes, matched together with the built-in ones. */
  readonly routes?: ReadonlyArray<Route>
  /** Largest request body in bytes (default `DEFAULT_MAX_BODY_BYTES`, 12 MiB); larger → 413. */
  readonly maxBodyBytes?: number
  /** Deepest JSON nesting of a body (default `DEFAULT_MAX_JSON_DEPTH`, 64); deeper → 400. */
  readonly maxJsonDepth?: number
  /**
   * A data directory: the sandbox keeps its state there (SQLite, through the optional package
   * `better-sqlite3`) and finds it again when started on it; every change is saved before its
   * answer. Without it, state lives in memory only.
   */
  readonly data?: string | undefined
}

/**
 * Options of a sandbox that keeps its state in memory only.
 *
 * @since 0.1.0
 * @category models
 */
export type MemoryOptions = SandboxOptions & { readonly data?: undefined }

/**
 * How the edge serving a request wants it handled.
 *
 * @since 0.1.0
 * @category models
 */
export type HandleOptions = AdminAccess

/**
 * The sandbox service: the HTTP app plus the admin operations as Effects.
 *
 * @since 0.1.0
 * @category models
 */
export interface SandboxService extends AdminOperations {
  /**
   * The whole service as an HttpApp; never fails, every failure is a `{code, message}` answer. An
   * injected connection fault marks the answer (see `interruptionOf`): the edge acts it out.
   */
  readonly handle: (request: HttpServerRequest.HttpServerRequest, options?: HandleOptions) => Effect.Effect<HttpServerResponse.HttpServerResponse>
  /**
   * The whole service over a request already read (see `Wire.Read`): the answer as bytes, never a
   * failure. An injected connection fault is the answer's `fault`: the edge acts it out.
   */
  readonly answer: (read: Read, options?: HandleOptions) => Effect.Effect<Encoded.WireAnswer>
  /**
   * `answer` without providing the sandbox's state services: for an edge that runs requests in a
   * runtime that already holds them (`use(Effect.runtime())`), saving the per-request `provide`.
   */
  readonly answerInContext: (read: Read, options?: HandleOptions) => Effect.Effect<Encoded.WireAnswer, never, RouteContext>
  /** The language of answers when Accept-Language is absent. */
  readonly language: "ko" | "en"
  /** The largest request body accepted, in bytes (edges refuse larger ones before reading them). */
  readonly maxBodyBytes: number
  /** The partners (with their secrets: this is a sandbox). */
  readonly partners: ReadonlyArray<Partners.Partner>
  readonly secretOf: (linkId: string) => string | undefined
  /** One preference of a member (see `Preferences.ts`). */
  readonly memberPreference: (environment: Environment, corpNum: string, key: string) => Effect.Effect<unknown>
  /** Runs an effect against the sandbox's state services (for tests and tools). */
  readonly use: <A, E>(effect: Effect.Effect<A, E, RouteContext>) => Effect.Effect<A, E>
  /**
   * With a data directory, the rows where the state differs from what was saved (`environment
   * domain part key`): none once a request is answered. A check for tests; slow on a large state.
   */
  readonly unsaved: Effect.Effect<ReadonlyArray<string>>
}

/**
 * @since 0.1.0
 * @category services
 */
export class Sandbox extends Context.Tag("taxdoc/sandbox/Sandbox")<Sandbox, SandboxService>() {}

const interruptions = new WeakMap<HttpServerResponse.HttpServerResponse, FaultKind>()

/**
 * The injected connection fault an answer stands for, if any: `reset` (nothing was processed),
 * `dropAfter` (processed, no answer), `truncate` (processed, half the answer then the connection
 * closes), `hang` (processed, half the answer, never finished). The answer carries the status,
 * headers and full body the edge sends part of. A socket server acts it out on the socket
 * (`Server.ts`); the in-process client turns it into the transport failure a socket would give.
 *
 * @since 0.1.0
 * @category combinators
 */
export const interruptionOf = (response: HttpServerResponse.HttpServerResponse): FaultKind | undefined => interruptions.get(response)

/**
 * `true` when the answer stands for a lost connection (an injected fault of any kind).
 *
 * @since 0.1.0
 * @category combinators
 */
export const isDropped = (response: HttpServerResponse.HttpServerResponse): boolean => interruptions.has(response)

const PRODUCTION_PREFIX = /^\/production(?=\/|$)/i

const splitEnvironment = (path: string): { readonly environment: Environment; readonly path: string } => {
  if (!PRODUCTION_PREFIX.test(path)) return { environment: "test", path }
  const rest = path.replace(PRODUCTION_PREFIX, "")
  return { environment: "production", path: rest === "" ? "/" : rest }
}

/** Kept answers are a cache: never in a snapshot. */
const NOT_IN_SNAPSHOTS: ReadonlySet<string> = new Set([answersSlot.key])

/**
 * Builds a sandbox. With a `data` directory it is opened (and closed with the scope), its state
 * loaded, and every change saved there; the directory may be refused (`SandboxDataError`).
 *
 * @since 0.1.0
 * @category constructors
 */
export function make(options?: MemoryOptions): Effect.Effect<SandboxService>
export function make(options: SandboxOptions): Effect.Effect<SandboxService, SandboxDataError, Scope.Scope>
export function make(options: SandboxOptions = {}): Effect.Effect<SandboxService, SandboxDataError, Scope.Scope> {
  return options.data === undefined ? build(options, undefined) : Effect.flatMap(Durability.open(options.data), (opened) => build(options, opened))
}

const build = (options: SandboxOptions, opened: Durability.Opened | undefined): Effect.Effect<SandboxService> =>
  Effect.gen(function*() {
    const clock = yield* SandboxClockModule.make
    const store = yield* StoreModule.makeWith(opened?.journal.onState)
    const progressions = yield* ProgressionModule.make(options.progressions)
    const partners = Partners.registry(opened === undefined ? options.partners : Durability.partners(opened, options.partners ?? []))
    if (opened !== undefined) {
      opened.storage.savePartners(partners.all)
      yield* Durability.load(opened, { store, clock, progressions })
    }
    /** Saves what changed (a durable sandbox); a refusal of the disk is a defect here. */
    const saved = opened === undefined ? Effect.void : Effect.orDie(Durability.save(opened, { store, clock, progressions }))
    const saving = <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<A, E> => opened === undefined ? effect : Effect.zipLeft(effect, saved)
    const faults = makeRegistry(options.seed ?? 0)
    const calls = makeCallCounter()
    const table = Router.compile([...allRoutes(partners), ...(options.routes ?? [])])
    const language = options.language ?? "ko"
    const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES
    const maxJsonDepth = options.maxJsonDepth ?? DEFAULT_MAX_JSON_DEPTH
    const context = Context.make(SandboxClock, clock).pipe(
      Context.add(SandboxStore, store),
      Context.add(Progressions, progressions)
    )
    const use = <A, E>(effect: Effect.Effect<A, E, RouteContext>): Effect.Effect<A, E> => saving(Effect.provide(effect, context))

    const seedMembers = Effect.forEach(options.members ?? [], (seed) => use(addMember(seed)), { discard: true }).pipe(Effect.orDie)
    // A directory that held a sandbox already is as it was left: seeds join a fresh one (and after a reset).
    if (opened?.existing !== true) yield* seedMembers
    yield* saved

    const snapshots = new Map<string, SandboxSnapshot>()
    const takeSnapshot: Effect.Effect<SandboxSnapshot> = Effect.map(
      Effect.all({ takenAt: clock.base, offset: clock.offset, progressions: progressions.all }),
      (taken) => ({ _tag: "SandboxSnapshot", ...taken, entries: copyEntries(store.entries(), NOT_IN_SNAPSHOTS) })
    )
    const restore = (snapshot: SandboxSnapshot): Effect.Effect<void> =>
      Effect.gen(function*() {
        store.replace(copyEntries(snapshot.entries, NOT_IN_SNAPSHOTS))
        yield* clock.reset
        yield* clock.advance(snapshot.offset)
        for (const kind of Kinds) yield* progressions.set(kind, snapshot.progressions[kind])
        opened?.journal.rewrite()
      }).pipe(saving)

    const clockState = Effect.all({ now: clock.now, offset: clock.offset })

    const admin: AdminOperations = {
      reset: Effect.all([store.reset, clock.reset, progressions.reset, Effect.sync(() => faults.reset()), Effect.sync(() => calls.reset())])
        .pipe(Effect.zipRight(Effect.sync(() => opened?.journal.rewrite())), Effect.zipRight(seedMembers), saving),
      clock: clockState,
      advanceClock: (millis) => saving(Effect.zipRight(clock.advance(millis), clockState)),
      setClock: (epochMillis) => saving(Effect.zipRight(clock.set(epochMillis), clockState)),
      expireTokens: (environment, corpNum) => use(IssuedTokens.expireTokens(environment, corpNum)),
      progressions: Effect.map(
        Effect.forEach(Kinds, (kind) => Effect.map(progressions.get(kind), (policy) => [kind, policy] as const)),
        (entries) => Object.fromEntries(entries) as Record<Kind, Policy>
      ),
      setProgression: (kind, policy) => saving(progressions.set(kind, policy)),
      faults: Effect.sync(() => faults.list()),
      setFault: (fault) => Either.match(faults.set(fault), { onLeft: Effect.fail, onRight: () => Effect.void }),
      clearFaults: (route) => Effect.sync(() => faults.clear(route)),
      stats: Effect.sync(() => statsOf(calls, store)),
      addMember: (seed) => use(addMember(seed)),
      memberPreferences: (environment, corpNum) => use(Preferences.memberPreferences(environment, corpNum)),
      setMemberPreferences: (environment, corpNum, preferences) => use(Preferences.setMemberPreferences(environment, corpNum, preferences)),
      registerCertificate: (environment, corpNum, registration) =>
        use(Effect.map(registerCertificate(environment, corpNum, registration), (c) => Kst.toDateTime14(c.expireAt))),
      issueOnPortal: (environment, corpNum, fields) => use(TaxinvoiceAdmin.issueOnPortal(environment, corpNum, fields)),
      approveStatement: (environment, corpNum, itemCode, mgtKey) => use(Effect.map(approveStatement(environment, corpNum, itemCode, mgtKey), StatementRecords.statusRecord)),
      outbox: (environment) => use(Outbox.list(environment)),
      snapshot: takeSnapshot,
      restore,
      keepSnapshot: Effect.map(takeSnapshot, (snapshot) => {
        const id = newSnapshotId()
        snapshots.set(id, snapshot)
        return id
      }),
      restoreSnapshot: (id) => {
        const snapshot = snapshots.get(id)
        return snapshot === undefined ? Effect.fail(fail("SnapshotNotFound", id)) : restore(snapshot)
      },
      dropSnapshot: (id) => (snapshots.delete(id) ? Effect.void : Effect.fail(fail("SnapshotNotFound", id)))
    }

    /**
     * What a request asks for, decided synchronously (nesting guard, environment, admin routes,
     * routing, statistics, faults), then the effect that answers it (bearer check on the base clock,
     * handler). `fate.kind` receives the connection fault drawn for the request, if any.
     */
    const respond = (
      incoming: Incoming,
      access: AdminAccess,
      fate: { kind?: FaultKind | undefined }
    ): Effect.Effect<RouteResponse, SandboxFailure, RouteContext> => {
      // Before anything parses the body: recursive code (schema decoding, error formatting) would
      // overflow the stack on a hostile nesting that JSON.parse itself accepts.
      if (looksLikeJson(incoming.body) && jsonNestsDeeperThan(incoming.body, maxJsonDepth)) {
        return Effect.fail(fail("JsonTooDeep", `at most ${maxJsonDepth} levels`))
      }
      const { environment, path } = splitEnvironment(incoming.path)
      const segments = Router.segmentsOf(path)
      if (segments[0]?.toLowerCase() === "_sandbox") {
        const refused = isPublic(incoming.method, segments.slice(1)) ? undefined : refusal(access, incoming)
        if (refused !== undefined) return Effect.fail(refused)
        return handleAdmin(admin, { method: incoming.method, segments: segments.slice(1), body: incoming.body, environment })
      }
      if (isPortalPath(segments)) {
        return Effect.flatMap(portalModule.get, (Portal) => Portal.respond({ method: incoming.method, segments, body: incoming.body, environment, language: incoming.language }))
      }
      // An empty override header counts as none (one client sends it empty).
      const override = incoming.headers["x-http-method-override"]?.trim().toUpperCase() || undefined
      const matched = Router.matchSegments(table, segments, {
        method: incoming.method,
        override,
        query: incoming.query,
        contentType: incoming.headers["content-type"]
      })
      if (matched._tag === "NotFound") return Effect.fail(fail("NotFoundPath"))
      if (matched._tag === "Unsupported") return Effect.fail(fail("UnsupportedMethod"))
      const route = matched.route
      const operation = route.operation
      calls.count(operation.name)
      const request: RouteRequest = {
        method: operation.method,
        path,
        params: matched.params,
        query: incoming.query,
        headers: incoming.headers,
        body: incoming.body,
        override,
        language: incoming.language,
        environment,
        remoteAddress: incoming.remoteAddress,
        operation
      }
      const handled = (now: number) =>
        Either.match(callerOf(route, request, store.get(IssuedTokens.tokensSlot, environment), now), {
          onLeft: Effect.fail,
          onRight: (caller) => route.handle(request, caller)
        })
      // Tokens expire on the base clock, read only when the operation needs one.
      const authenticated = needsToken(route) ? Effect.flatMap(clock.base, handled) : Effect.suspend(() => handled(0))
      const fault = faults.draw(operation.name)
      if (fault === undefined) return authenticated
      fate.kind = fault.kind
      const injected = fault.kind === "reset"
        ? Effect.succeed<RouteResponse>({ _tag: "Json", status: 500, body: {} })
        : fault.failure !== undefined
        ? Effect.fail(fault.failure)
        : authenticated
      return fault.latencyMillis > 0 ? Effect.zipRight(Effect.sleep(Duration.millis(fault.latencyMillis)), injected) : injected
    }

    const internalError = (defect: unknown, language: "ko" | "en") =>
      Effect.as(
        Effect.logError("sandbox handler defect", Cause.die(defect)),
        Encoded.failureAnswer(fail("InjectedFault", "internal error"), language)
      )

    /** JSON as is (or as kept, see `AnswerCache.ts`); other answers (PDF, …) as `Wire.render` writes them. */
    const encode = (outcome: RouteResponse): Encoded.WireAnswer =>
      outcome._tag === "Json"
        ? Encoded.jsonAnswer(outcome.status ?? 200, Encoded.encodedOf(outcome.body) ?? Encoded.jsonBody(outcome.body))
        : Encoded.fromServerResponse(render(outcome, false))

    const answerInContext = (read: Read, access: HandleOptions = {}): Effect.Effect<Encoded.WireAnswer, never, RouteContext> => {
      const { failure, incoming } = read
      const fate: { kind?: FaultKind | undefined } = {}
      const outcome = failure === undefined ? Effect.map(Effect.suspend(() => respond(incoming, access, fate)), encode) : Effect.fail(failure)
      return Effect.matchCauseEffect(outcome, {
        onSuccess: (answered) => Effect.succeed(Encoded.withFault(answered, fate.kind)),
        onFailure: (cause) => {
          const failed = Cause.failureOption(cause)
          if (Option.isSome(failed)) return Effect.succeed(Encoded.withFault(Encoded.failureAnswer(failed.value, incoming.language), fate.kind))
          // The caller's fiber was interrupted (the in-process client gave up): not an answer.
          if (Cause.isInterruptedOnly(cause)) return Effect.failCause(cause as Cause.Cause<never>)
          return internalError(Cause.squash(cause), incoming.language)
        }
      })
    }

    /** The answer once what the request changed is saved; a refusal of the disk answers `DataNotSaved` instead. */
    const answerSaved = (read: Read, access: HandleOptions = {}): Effect.Effect<Encoded.WireAnswer, never, RouteContext> =>
      opened === undefined ? answerInContext(read, access) : Effect.flatMap(answerInContext(read, access), (answered) =>
        Durability.save(opened, { store, clock, progressions }).pipe(
          Effect.as(answered),
          Effect.catchAllCause((cause) =>
            Effect.as(
              Effect.logError("sandbox data not saved", cause),
              Encoded.failureAnswer(fail("DataNotSaved", opened.storage.directory), read.incoming.language)
            )
          )
        ))

    const answer = (read: Read, access: HandleOptions = {}): Effect.Effect<Encoded.WireAnswer> => Effect.provide(answerSaved(read, access), context)

    const handle = (
      request: HttpServerRequest.HttpServerRequest,
      access: HandleOptions = {}
    ): Effect.Effect<HttpServerResponse.HttpServerResponse> =>
      Effect.flatMap(readIncoming(request, language, maxBodyBytes), (read) =>
        Effect.map(answer(read, access), (answered) => {
          const response = Encoded.toServerResponse(answered, read.incoming.gzip)
          if (answered.fault !== undefined) interruptions.set(response, answered.fault)
          return response
        })).pipe(Effect.catchAllDefect((defect) => Effect.map(internalError(defect, language), (a) => Encoded.toServerResponse(a, false))))

    return {
      ...admin,
      handle,
      answer,
      answerInContext: answerSaved,
      language,
      maxBodyBytes,
      partners: partners.all,
      secretOf: partners.secretOf,
      memberPreference: (environment, corpNum, key) => use(Preferences.memberPreference(environment, corpNum, key)),
      use,
      unsaved: Effect.sync(() => opened?.journal.unsaved(store.entries()) ?? [])
    }
  })

/**
 * A sandbox layer (with a `data` directory: opened with the layer, closed when it is released).
 *
 * @since 0.1.0
 * @category layers
 */
export function layer(options?: MemoryOptions): Layer.Layer<Sandbox>
export function layer(options: SandboxOptions): Layer.Layer<Sandbox, SandboxDataError>
export function layer(options: SandboxOptions = {}): Layer.Layer<Sandbox, SandboxDataError> {
  return Layer.scoped(Sandbox, make(options))
}

/**
 * The state of the sandbox in context, to restore later (`restore`): a deep copy, taken in
 * milliseconds.
 *
 * @since 0.1.0
 * @category combinators
 */
export const snapshot: Effect.Effect<SandboxSnapshot, never, Sandbox> = Effect.flatMap(Sandbox, (sandbox) => sandbox.snapshot)

/**
 * Puts the sandbox in context back into the state of `snapshot` (any number of times): every
 * member, document, token, job, link and mail, the clock offset and the progression policies.
 * Faults and call statistics are left as they are.
 *
 * @since 0.1.0
 * @category combinators
 */
export const restore = (taken: SandboxSnapshot): Effect.Effect<void, never, Sandbox> => Effect.flatMap(Sandbox, (sandbox) => sandbox.restore(taken))

export type {
  /**
   * @since 0.1.0
   * @category models
   */
  SandboxSnapshot
} from "./Snapshot.js"
export {
  /**
   * @since 0.1.0
   * @category errors
   */
  SandboxDataError
} from "./Storage.js"
