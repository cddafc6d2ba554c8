/**
 * The sandbox's in-memory state, one slot per domain and environment. A slot holds a plain mutable
 * object; handlers read and change it synchronously inside one `Effect.sync`, so a change is atomic
 * (JavaScript runs one handler step at a time) and reads never copy.
 *
 * Test and production data are kept apart: every slot exists once per environment.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

/**
 * The service environment a request belongs to.
 *
 * @since 0.1.0
 * @category models
 */
export type Environment = "test" | "production"

/**
 * The definition of one domain's state: a unique key and a constructor of its empty state.
 *
 * @since 0.1.0
 * @category models
 */
export interface Slot<S> {
  readonly key: string
  readonly empty: () => S
}

/**
 * Defines a slot.
 *
 * @since 0.1.0
 * @category constructors
 */
export const slot = <S>(key: string, empty: () => S): Slot<S> => ({ key, empty })

/**
 * One slot's state in one environment.
 *
 * @since 0.1.0
 * @category models
 */
export interface Entry {
  readonly slot: Slot<unknown>
  readonly environment: Environment
  readonly state: unknown
}

/**
 * What the store offers.
 *
 * @since 1.0.0
 * @category models
 */
export interface SandboxStoreShape {
  /** The state of `slot` in `environment`, created empty on first use. Mutate it synchronously. */
  readonly get: <S>(slot: Slot<S>, environment: Environment) => S
  /** Drops every slot of every environment (admin reset). */
  readonly reset: Effect.Effect<void>
  /** Every slot created so far, in each environment. */
  readonly entries: () => ReadonlyArray<Entry>
  /** Replaces every slot by `entries` (a snapshot restored, a data directory loaded). */
  readonly replace: (entries: ReadonlyArray<Entry>) => void
}

/**
 * @since 0.1.0
 * @category services
 */
export class SandboxStore extends Context.Service<SandboxStore, SandboxStoreShape>()("taxdoc/sandbox/SandboxStore") {}

/**
 * Called with every slot state the store creates or is given (see `makeWith`).
 *
 * @since 0.1.0
 * @category models
 */
export type OnState = (entry: Entry) => void

/**
 * An empty store; `onState` (if any) sees every state it creates or is given.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeWith = (onState?: OnState): Effect.Effect<SandboxStoreShape> =>
  Effect.sync(() => {
    const slots = new Map<string, Entry>()
    return {
      get: <S>(def: Slot<S>, environment: Environment): S => {
        const key = `${environment}:${def.key}`
        const found = slots.get(key)
        if (found !== undefined) return found.state as S
        const entry: Entry = { slot: def as Slot<unknown>, environment, state: def.empty() }
        slots.set(key, entry)
        onState?.(entry)
        return entry.state as S
      },
      reset: Effect.sync(() => slots.clear()),
      entries: () => Array.from(slots.values()),
      replace: (entries) => {
        slots.clear()
        for (const entry of entries) {
          slots.set(`${entry.environment}:${entry.slot.key}`, entry)
          onState?.(entry)
        }
      }
    }
  })

/**
 * An empty store.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make: Effect.Effect<SandboxStoreShape> = makeWith()

/**
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<SandboxStore> = Layer.effect(SandboxStore, make)
