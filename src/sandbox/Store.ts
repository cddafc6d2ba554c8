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
 * @since 0.1.0
 * @category services
 */
export class SandboxStore extends Context.Tag("taxdoc/sandbox/SandboxStore")<SandboxStore, {
  /** The state of `slot` in `environment`, created empty on first use. Mutate it synchronously. */
  readonly get: <S>(slot: Slot<S>, environment: Environment) => S
  /** Drops every slot of every environment (admin reset). */
  readonly reset: Effect.Effect<void>
}>() {}

/**
 * An empty store.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = Effect.sync(() => {
  const slots = new Map<string, unknown>()
  return SandboxStore.of({
    get: <S>(def: Slot<S>, environment: Environment): S => {
      const key = `${environment}:${def.key}`
      let state = slots.get(key) as S | undefined
      if (state === undefined) {
        state = def.empty()
        slots.set(key, state)
      }
      return state
    },
    reset: Effect.sync(() => slots.clear())
  })
})

/**
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<SandboxStore> = Layer.effect(SandboxStore, make)
