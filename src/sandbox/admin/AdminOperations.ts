/**
 * The admin operations of one sandbox (`Admin.AdminOperations`), over its state services: reset,
 * the clock, token expiry, progressions, faults, statistics, members and preferences,
 * certificates, portal-issued invoices, statement approval, the outbox, snapshots and the OpenAPI
 * document. `Sandbox.ts` offers them as Effects on the service; `Admin.ts` routes HTTP to them.
 * Operations that change state save it (a durable sandbox) before they complete, and signal the
 * change (`Changes.ts`) to the pages that follow the sandbox live.
 */
import * as Effect from "effect/Effect"
import * as Kst from "../../core/Kst.js"
import type { AdminOperations, KeptSnapshot } from "./Admin.js"
import { answersSlot } from "../documents/AnswerCache.js"
import type { Changes } from "./Changes.js"
import { registerCertificate } from "../certificate/State.js"
import type * as Durability from "../Durability.js"
import { fail } from "../Failure.js"
import type { FaultRegistry } from "../edge/Faults.js"
import * as IssuedTokens from "../auth/IssuedTokens.js"
import { addMember, type MemberSeed } from "../member/Seed.js"
import * as Outbox from "../Outbox.js"
import * as Preferences from "../Preferences.js"
import { type Kind, Kinds, type Policy } from "../Progression.js"
import type { RouteContext } from "../routing/Route.js"
import { copyEntries, type SandboxSnapshot } from "../durable/Snapshot.js"
import * as StatementRecords from "../statement/Records.js"
import { approveStatement } from "../statement/State.js"
import { type CallCounter, makeCallCounter, snapshot as statsOf } from "./Stats.js"
import * as TaxinvoiceAdmin from "../taxinvoice/Admin.js"
import { mint as newSnapshotId } from "../documents/Tickets.js"

/** What the operations work on. */
export interface Input {
  /** The members a fresh sandbox (and a reset one) starts with. */
  readonly members: ReadonlyArray<MemberSeed>
  readonly opened: Durability.Opened | undefined
  readonly services: Durability.Services
  readonly faults: FaultRegistry
  /** Runs an effect on the state services, saving what it changed. */
  readonly use: <A, E>(effect: Effect.Effect<A, E, RouteContext>) => Effect.Effect<A, E>
  /** Saves what an effect changed once it completes. */
  readonly saving: <A, E>(effect: Effect.Effect<A, E>) => Effect.Effect<A, E>
  /** The change signal, bumped by every operation that changes something. */
  readonly changes: Changes
}

/** The operations, the call counter behind the statistics, and the seeding of the `members` option. */
export interface Built {
  readonly operations: AdminOperations
  readonly calls: CallCounter
  readonly seedMembers: Effect.Effect<void>
}

/** Kept answers are a cache: never in a snapshot. */
const NOT_IN_SNAPSHOTS: ReadonlySet<string> = new Set([answersSlot.key])

/** The admin operations of a sandbox. */
export const make = Effect.fnUntraced(function*(input: Input) {
  const { changes, faults, members, opened, use } = input
  // Every change is saved, then signalled (also when it failed half-way: a page looks again).
  const signalling = <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<A, E> => Effect.ensuring(effect, Effect.sync(changes.bump))
  const saving = <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<A, E> => signalling(input.saving(effect))
  // A change made by a store operation, signalled.
  const changing = <A, E>(effect: Effect.Effect<A, E, RouteContext>): Effect.Effect<A, E> => signalling(use(effect))
  const { clock, progressions, store } = input.services
  const calls = makeCallCounter()
  const seedMembers = Effect.forEach(members, (seed) => use(addMember(seed)), { discard: true }).pipe(Effect.orDie)
  const snapshots = new Map<string, SandboxSnapshot>()
  // Loaded and rendered on the first request for it (it is the same document every time): a sandbox
  // that is never asked for it does not load the catalogue's JSON Schema rendering.
  const openApi = yield* Effect.cached(Effect.map(Effect.promise(() => import("../../domains/OpenApi.js")), (OpenApi): unknown => OpenApi.document()))

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

  const operations: AdminOperations = {
    reset: Effect.all([store.reset, clock.reset, progressions.reset, Effect.sync(() => faults.reset()), Effect.sync(() => calls.reset())]).pipe(
      Effect.andThen(Effect.sync(() => opened?.journal.rewrite())),
      Effect.andThen(seedMembers),
      saving
    ),
    clock: clockState,
    advanceClock: (millis) => saving(Effect.andThen(clock.advance(millis), clockState)),
    setClock: (epochMillis) => saving(Effect.andThen(clock.set(epochMillis), clockState)),
    expireTokens: (environment, corpNum) => changing(IssuedTokens.expireTokens(environment, corpNum)),
    progressions: Effect.map(
      Effect.forEach(Kinds, (kind) => Effect.map(progressions.get(kind), (policy) => [kind, policy] as const)),
      (entries) => Object.fromEntries(entries) as Record<Kind, Policy>
    ),
    setProgression: (kind, policy) => saving(progressions.set(kind, policy)),
    faults: Effect.sync(() => faults.list()),
    setFault: (fault) => signalling(Effect.suspend(() => Effect.fromResult(faults.set(fault)))),
    clearFaults: (route) => signalling(Effect.sync(() => faults.clear(route))),
    stats: Effect.sync(() => statsOf(calls, store)),
    addMember: (seed) => changing(addMember(seed)),
    memberPreferences: (environment, corpNum) => use(Preferences.memberPreferences(environment, corpNum)),
    setMemberPreferences: (environment, corpNum, preferences) => changing(Preferences.setMemberPreferences(environment, corpNum, preferences)),
    registerCertificate: (environment, corpNum, registration) =>
      changing(Effect.map(registerCertificate(environment, corpNum, registration), (c) => Kst.toDateTime14(c.expireAt))),
    issueOnPortal: (environment, corpNum, fields) => changing(TaxinvoiceAdmin.issueOnPortal(environment, corpNum, fields)),
    approveStatement: (environment, corpNum, itemCode, mgtKey) =>
      changing(Effect.map(approveStatement(environment, corpNum, itemCode, mgtKey), StatementRecords.statusRecord)),
    outbox: (environment) => use(Outbox.list(environment)),
    snapshot: takeSnapshot,
    restore,
    keepSnapshot: signalling(Effect.map(takeSnapshot, (snapshot) => {
      const id = newSnapshotId()
      snapshots.set(id, snapshot)
      return id
    })),
    keptSnapshots: Effect.sync((): ReadonlyArray<KeptSnapshot> => Array.from(snapshots, ([id, snapshot]) => ({ id, takenAt: snapshot.takenAt }))),
    restoreSnapshot: (id) =>
      Effect.suspend(() => {
        const snapshot = snapshots.get(id)
        return snapshot === undefined ? Effect.fail(fail("SnapshotNotFound", id)) : restore(snapshot)
      }),
    dropSnapshot: (id) => signalling(Effect.suspend(() => (snapshots.delete(id) ? Effect.void : Effect.fail(fail("SnapshotNotFound", id))))),
    openApi
  }
  return { operations, calls, seedMembers } satisfies Built
})
