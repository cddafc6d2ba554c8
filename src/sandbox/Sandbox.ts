/**
 * The sandbox kernel: one service owning the sandbox's state (clock, store, progressions,
 * partners, tokens, faults, statistics) and answering HTTP requests as the live service would
 * (docs/sandbox.md). `answer` runs in the caller's fiber, so the caller's `Clock` (e.g.
 * `TestClock`) drives the sandbox.
 *
 * Request pipeline, over a request already read (`HttpEdge.Read`: the exact body, refused above
 * `maxBodyBytes` before it is buffered): JSON nesting guard → environment prefix (`/production`) →
 * the sandbox's pages (`/_sandbox/ui`, `ui/Ui.ts`, guarded by `AdminGuard.ts`) → admin routes
 * (`/_sandbox/`, guarded by `AdminGuard.ts`, `Admin.ts`) → portal pages (`/portal/`,
 * `portal/Portal.ts`) → routing → statistics and the call log → injected faults → bearer check →
 * handler → answer (`{code, message}` on failure; bytes, compressed by the edge when the client
 * accepts gzip) → for a write (its route's kind, a portal page): what it changed saved (a durable
 * sandbox), then the change signal (`Changes.ts`) bumped; a read saves and signals nothing. The
 * socket server (`Server.ts`) and the in-process client (`InProcess.ts`) read requests
 * their own way and call it in one fiber.
 *
 * @since 0.1.0
 */
import * as Cause from "effect/Cause"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import type * as Scope from "effect/Scope"
import * as Admin from "./admin/Admin.js"
import { type AdminAccess, refusal } from "./admin/AdminGuard.js"
import { callerOf, memberOfBearer } from "./auth/Auth.js"
import * as CallLog from "./admin/CallLog.js"
import * as Changes from "./admin/Changes.js"
import * as SandboxClockModule from "./Clock.js"
import { SandboxClock } from "./Clock.js"
import * as Durability from "./Durability.js"
import * as Encoded from "./edge/Encoded.js"
import { fail, type SandboxFailure } from "./Failure.js"
import { type FaultKind, makeRegistry } from "./edge/Faults.js"
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_JSON_DEPTH, type Incoming, jsonNestsDeeperThan, looksLikeJson, type Read } from "./edge/HttpEdge.js"
import * as IssuedTokens from "./auth/IssuedTokens.js"
import type { MemberSeed } from "./member/Seed.js"
import * as AdminOperations from "./admin/AdminOperations.js"
import * as Partners from "./Partners.js"
import { isPortalPath } from "./documents/PortalLinks.js"
import * as Preferences from "./Preferences.js"
import * as ProgressionModule from "./Progression.js"
import { type Kind, type Policy, Progressions } from "./Progression.js"
import type { Route, RouteContext, RouteRequest, RouteResponse } from "./routing/Route.js"
import * as Router from "./routing/Router.js"
import { allRoutes } from "./Routes.js"
import type { SandboxSnapshot } from "./durable/Snapshot.js"
import type { SandboxDataError } from "./durable/Storage.js"
import * as StoreModule from "./Store.js"
import { type Environment, SandboxStore } from "./Store.js"
import { mint as newFormToken } from "./documents/Tickets.js"
import type { PageRequest } from "./ui/Context.js"

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
   * How many of the most recent calls the sandbox keeps for its pages (which calls touched a
   * document): default 2,000; 0 keeps none.
   */
  readonly callLog?: number
  /**
   * A data directory: the sandbox keeps its state there (SQLite, through Node's built-in
   * `node:sqlite`) and finds it again when started on it; every change is saved before its answer.
   * Without it, state lives in memory only.
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
 * The sandbox service: the answer to a request, plus the admin operations as Effects.
 *
 * @since 0.1.0
 * @category models
 */
export interface SandboxService extends Admin.AdminOperations {
  /**
   * The whole service over a request already read (see `HttpEdge.Read`): the answer as bytes,
   * never a failure. An injected connection fault is the answer's `fault`: the edge acts it out.
   */
  readonly answer: (read: Read, options?: HandleOptions) => Effect.Effect<Encoded.WireAnswer>
  /**
   * `answer` without providing the sandbox's state services: for an edge that runs its requests
   * with `context` already provided, saving the per-request `provide`.
   */
  readonly answerInContext: (read: Read, options?: HandleOptions) => Effect.Effect<Encoded.WireAnswer, never, RouteContext>
  /** The sandbox's state services, for an edge that provides them once (`answerInContext`). */
  readonly context: Context.Context<RouteContext>
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
   * domain part key`): none once a write is answered (what a read brought up to date waits for the
   * next write). A check for tests; slow on a large state.
   */
  readonly unsaved: Effect.Effect<ReadonlyArray<string>>
}

/**
 * The sandbox in the context (`layer`, `InProcess.layer`, `Taxdoc.layerSandbox`): `yield* Sandbox`
 * for its admin operations, snapshots and state.
 *
 * @since 0.1.0
 * @category services
 */
export class Sandbox extends Context.Service<Sandbox, SandboxService>()("taxdoc/sandbox/Sandbox") {}

const PRODUCTION_PREFIX = /^\/production(?=\/|$)/i

/** What answering a request found out on the way (see `respond`). */
interface Fate {
  kind?: FaultKind | undefined
  call?: CallLog.Call | undefined
  /** The request's route writes (or it is a portal page): saved before its answer, and signalled. */
  writes?: boolean | undefined
}

const splitEnvironment = (path: string): { readonly environment: Environment; readonly path: string } => {
  if (!PRODUCTION_PREFIX.test(path)) return { environment: "test", path }
  const rest = path.replace(PRODUCTION_PREFIX, "")
  return { environment: "production", path: rest === "" ? "/" : rest }
}

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

const build = Effect.fnUntraced(function*(options: SandboxOptions, opened: Durability.Opened | undefined) {
  const clock = yield* SandboxClockModule.make
  const store = yield* StoreModule.makeWith(opened?.journal.onState)
  const progressions = yield* ProgressionModule.make(options.progressions)
  const partners = Partners.registry(opened === undefined ? options.partners : Durability.partners(opened, options.partners ?? []))
  const services: Durability.Services = { store, clock, progressions }
  if (opened !== undefined) {
    opened.storage.savePartners(partners.all)
    yield* Durability.load(opened, services)
  }
  /** Saves what changed (a durable sandbox); a refusal of the disk is a defect here. */
  const saveNow = opened === undefined ? Effect.void : Effect.orDie(Durability.save(opened, services))
  const saving = <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<A, E> => opened === undefined ? effect : Effect.tap(effect, () => saveNow)
  const faults = makeRegistry(options.seed ?? 0)
  const changes = Changes.make()
  const calls = CallLog.make(options.callLog)
  const table = Router.compile([...allRoutes(partners), ...(options.routes ?? [])])
  const language = options.language ?? "ko"
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES
  const maxJsonDepth = options.maxJsonDepth ?? DEFAULT_MAX_JSON_DEPTH
  const failures = new Encoded.FailureAnswers()
  const context = Context.make(SandboxClock, clock).pipe(Context.add(SandboxStore, store), Context.add(Progressions, progressions))
  const use = <A, E>(effect: Effect.Effect<A, E, RouteContext>): Effect.Effect<A, E> => saving(Effect.provideContext(effect, context))
  // The portal's pages (what URL operations link to) load on the first visit: a sandbox that only
  // answers operations never needs them.
  const portal = yield* Effect.cached(Effect.promise(() => import("./portal/Portal.js")))
  // The sandbox's own pages likewise, on the first visit.
  const pages = yield* Effect.cached(Effect.promise(() => import("./ui/Ui.js")))

  const admin = yield* AdminOperations.make({ members: options.members ?? [], opened, services, faults, use, saving, changes })
  const pageSources = {
    operations: admin.operations,
    calls,
    changes,
    partners: partners.all.map((p) => p.linkId),
    // Posted back by every form of the pages: a page of another site cannot know it.
    formToken: newFormToken()
  }
  // A directory that held a sandbox already is as it was left: seeds join a fresh one (and after a reset).
  if (opened?.existing !== true) yield* admin.seedMembers
  yield* saveNow

  /**
   * What a request asks for, decided synchronously (nesting guard, environment, admin routes,
   * routing, statistics, faults), then the effect that answers it (bearer check on the base clock,
   * handler). `fate` receives the connection fault drawn for the request, its record in the call
   * log, and whether it writes (its changes saved first, then signalled).
   */
  const respond = (
    incoming: Incoming,
    access: HandleOptions,
    fate: Fate
  ): Effect.Effect<RouteResponse, SandboxFailure, RouteContext> => {
    // Before anything parses the body: recursive code (schema decoding, error formatting) would
    // overflow the stack on a hostile nesting that JSON.parse itself accepts.
    if (looksLikeJson(incoming.body) && jsonNestsDeeperThan(incoming.body, maxJsonDepth)) {
      return Effect.fail(fail("JsonTooDeep", `at most ${maxJsonDepth} levels`))
    }
    const { environment, path } = splitEnvironment(incoming.path)
    const segments = Router.segmentsOf(path)
    if (segments[0]?.toLowerCase() === "_sandbox") {
      // The pages read; their actions, like the admin routes, go through the admin operations, which save and signal.
      if (segments[1]?.toLowerCase() === "ui") {
        const request: PageRequest = { incoming, segments: segments.slice(2), environment, access }
        return Effect.flatMap(pages, (Ui) => Ui.respond(pageSources, request))
      }
      const request = { method: incoming.method, segments: segments.slice(1), body: incoming.body, environment }
      return Admin.respond(admin.operations, request, () => refusal(access, incoming))
    }
    if (isPortalPath(segments)) {
      // A link opens once and a form posts once: the portal writes.
      fate.writes = true
      return Effect.flatMap(portal, (Portal) => Portal.respond({ method: incoming.method, segments, body: incoming.body, environment, language: incoming.language }))
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
    if (matched._tag === "Unsupported") return Effect.fail(fail("UnsupportedMethod", matched.reason))
    const route = matched.route
    const operation = route.operation
    fate.writes = route.kind === "write"
    admin.calls.count(operation.name)
    const call = calls.record(environment, operation.name, matched.params, incoming.body)
    fate.call = call
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
      operation,
      writes: fate.writes
    }
    const fault = faults.draw(operation.name)
    if (fault !== undefined) {
      fate.kind = fault.kind
      call.fault = fault.kind
      call.corpNum = memberOfBearer(store.get(IssuedTokens.tokensSlot, environment), incoming.headers["authorization"])
    }
    // Tokens expire on the base clock (`now`); the call log keeps the call's document time.
    const answerAt = (now: number): Effect.Effect<RouteResponse, SandboxFailure, RouteContext> => {
      call.at = now + clock.offsetUnsafe()
      if (fault?.kind === "reset") return Effect.succeed<RouteResponse>({ _tag: "Json", status: 500, body: {} })
      if (fault?.failure !== undefined) return Effect.fail(fault.failure)
      return Result.match(callerOf(route, request, store.get(IssuedTokens.tokensSlot, environment), now), {
        onFailure: Effect.fail,
        onSuccess: (caller) => {
          if (caller.corpNum !== "") call.corpNum = caller.corpNum
          return route.handle(request, caller)
        }
      })
    }
    const answered = Effect.flatMap(clock.base, answerAt)
    return fault !== undefined && fault.latencyMillis > 0 ? Effect.andThen(Effect.sleep(Duration.millis(fault.latencyMillis)), answered) : answered
  }

  /** The answer recorded with its call, and the change signalled when the request writes. */
  const settled = (answer: Encoded.WireAnswer, fate: Fate): Encoded.WireAnswer => {
    if (fate.call !== undefined) fate.call.status = answer.status
    if (fate.writes === true) changes.bump()
    return Encoded.withFault(answer, fate.kind)
  }

  const internalError = (defect: unknown, language: "ko" | "en") =>
    Effect.as(Effect.logError("sandbox handler defect", Cause.die(defect)), failures.answer(fail("InjectedFault", "internal error"), language))

  /**
   * The answer recorded with its call; a write's once what it changed is saved (a refusal of the
   * disk answers `DataNotSaved` instead), then signalled.
   */
  const finished = (answer: Encoded.WireAnswer, fate: Fate, language: "ko" | "en"): Effect.Effect<Encoded.WireAnswer> =>
    opened === undefined || fate.writes !== true ? Effect.succeed(settled(answer, fate)) : Durability.save(opened, services).pipe(
      Effect.as(answer),
      Effect.catchCause((cause) =>
        Effect.as(Effect.logError("sandbox data not saved", cause), failures.answer(fail("DataNotSaved", opened.storage.directory), language))
      ),
      Effect.map((saved) => settled(saved, fate))
    )

  const answerInContext = (read: Read, access: HandleOptions = {}): Effect.Effect<Encoded.WireAnswer, never, RouteContext> => {
    const { failure, incoming } = read
    const fate: Fate = {}
    const outcome = failure === undefined ? Effect.map(Effect.suspend(() => respond(incoming, access, fate)), Encoded.answerOf) : Effect.fail(failure)
    return Effect.matchCauseEffect(outcome, {
      onSuccess: (answered) => finished(answered, fate, incoming.language),
      onFailure: (cause) => {
        const failed = Cause.findErrorOption(cause)
        if (Option.isSome(failed)) return finished(failures.answer(failed.value, incoming.language), fate, incoming.language)
        // The caller's fiber was interrupted (the in-process client gave up, the socket closed): not an answer.
        if (Cause.hasInterruptsOnly(cause)) return Effect.failCause(cause as Cause.Cause<never>)
        return Effect.flatMap(internalError(Cause.squash(cause), incoming.language), (answer) => finished(answer, fate, incoming.language))
      }
    })
  }

  const service: SandboxService = {
    ...admin.operations,
    answer: (read, access) => Effect.provideContext(answerInContext(read, access), context),
    answerInContext,
    context,
    language,
    maxBodyBytes,
    partners: partners.all,
    secretOf: partners.secretOf,
    memberPreference: (environment, corpNum, key) => use(Preferences.memberPreference(environment, corpNum, key)),
    // Whatever a caller runs on the state may change it: the pages that follow the sandbox look again.
    use: (effect) => Effect.ensuring(use(effect), Effect.sync(changes.bump)),
    unsaved: Effect.sync(() => opened?.journal.unsaved(store.entries()) ?? [])
  }
  return service
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
  return Layer.effect(Sandbox, make(options))
}

/**
 * The state of the sandbox in context, to restore later (`restore`): a deep copy, taken in
 * milliseconds.
 *
 * @since 0.1.0
 * @category combinators
 */
export const snapshot: Effect.Effect<SandboxSnapshot, never, Sandbox> = Sandbox.use((sandbox) => sandbox.snapshot)

/**
 * Puts the sandbox in context back into the state of `snapshot` (any number of times): every
 * member, document, token, job, link and mail, the clock offset and the progression policies.
 * Faults and call statistics are left as they are.
 *
 * @since 0.1.0
 * @category combinators
 */
export const restore = (taken: SandboxSnapshot): Effect.Effect<void, never, Sandbox> => Sandbox.use((sandbox) => sandbox.restore(taken))

export type {
  /**
   * @since 0.1.0
   * @category models
   */
  SandboxSnapshot
} from "./durable/Snapshot.js"
export {
  /**
   * @since 0.1.0
   * @category errors
   */
  SandboxDataError
} from "./durable/Storage.js"
