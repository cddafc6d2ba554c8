/**
 * A sandbox kept in a data directory (`data` option, `taxdoc sandbox serve --data DIR`): opened
 * with its storage (`Storage.ts`), its state loaded into the store at start (`Journal.load`), and
 * saved after every request before the answer goes out (`Journal.save`). Without a data directory
 * none of this exists and the sandbox runs as before, in memory.
 */
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import type { SandboxClockShape } from "./Clock.js"
import { codecs } from "./Codecs.js"
import * as Journal from "./durable/Journal.js"
import type * as Partners from "./Partners.js"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { Kinds, type Kind, type Policy, Policy as PolicySchema, type ProgressionsShape } from "./Progression.js"
import * as Storage from "./durable/Storage.js"
import type { SandboxStoreShape } from "./Store.js"

/** An open data directory and the journal of changes not yet saved to it. */
export interface Opened {
  readonly storage: Storage.Storage
  readonly journal: Journal.Journal
  /** `true` when the directory held a sandbox already (its state is loaded, not seeded anew). */
  readonly existing: boolean
}

/** Opens a data directory; closed with the scope. */
export const open = (directory: string): Effect.Effect<Opened, Storage.SandboxDataError, Scope.Scope> =>
  Effect.map(Storage.open(directory), (storage) => ({
    storage,
    journal: Journal.make(codecs, storage),
    existing: storage.setting(OFFSET) !== undefined
  }))

const OFFSET = "clock.offset"
const PROGRESSIONS = "progressions"

/** The state services a durable sandbox loads into and saves from. */
export interface Services {
  readonly store: SandboxStoreShape
  readonly clock: SandboxClockShape
  readonly progressions: ProgressionsShape
}

/**
 * The partners of the directory with `given` added (they win), saved back: a generated `TESTER`
 * secret stays the same across restarts.
 */
export const partners = (opened: Opened, given: ReadonlyArray<Partners.Partner | string>): ReadonlyArray<Partners.Partner | string> => [
  ...opened.storage.partners(),
  ...given
]

const decodePolicies = Schema.decodeUnknownOption(Schema.fromJsonString(Schema.Record(Schema.Literals(Kinds), PolicySchema)))

/** Loads the directory's state into the store, clock and progressions. */
export const load = (opened: Opened, services: Services): Effect.Effect<void> =>
  Effect.gen(function*() {
    services.store.replace(Journal.load(codecs, opened.storage.rows()))
    const offset = Number(opened.storage.setting(OFFSET) ?? "0")
    if (Number.isFinite(offset) && offset !== 0) yield* services.clock.advance(offset)
    const policies = decodePolicies(opened.storage.setting(PROGRESSIONS) ?? "")
    if (Option.isSome(policies)) {
      for (const [kind, policy] of Object.entries(policies.value) as Array<[Kind, Policy]>) yield* services.progressions.set(kind, policy)
    }
    // What is on disk: a fresh directory has no settings yet, so the first save writes them.
    const onDisk = [OFFSET, PROGRESSIONS].flatMap((key) => {
      const value = opened.storage.setting(key)
      return value === undefined ? [] : [[key, value] as const]
    })
    opened.journal.prime(services.store.entries(), onDisk)
  })

const settingsOf = (services: Services): Effect.Effect<ReadonlyArray<readonly [string, string]>> =>
  Effect.zipWith(services.clock.offset, services.progressions.all, (offset, policies): ReadonlyArray<readonly [string, string]> => [
    [OFFSET, String(offset)],
    [PROGRESSIONS, JSON.stringify(policies)]
  ])

/**
 * Saves what changed since the last save; fails with the cause when the disk refuses (the change
 * is then not acknowledged, and saved with the next one).
 */
export const save = (opened: Opened, services: Services): Effect.Effect<void, unknown> =>
  Effect.flatMap(settingsOf(services), (settings) => Effect.try(() => opened.journal.save(services.store.entries(), settings)))
