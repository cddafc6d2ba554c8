/**
 * Modules loaded on their first use, so that `import "taxdoc"` loads only what a program uses
 * (docs/performance.md; the domains' schemas and catalogue declarations are most of the package's own
 * start-up). A module is loaded synchronously with `require` (Node ≥ 20.19 loads ES modules that
 * way, sharing the instances `import` gives) — the compiled package always can — or, where the
 * sources run through a loader that `require` does not know (the TypeScript test runner), with
 * `import()`.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import { createRequire } from "node:module"

declare const TAXDOC_BUNDLE: boolean | undefined

/**
 * `true` in the `taxdoc` command's bundle (scripts/cli-bundle.ts defines it): there a module loaded
 * on first use is a chunk of the bundle that only `import()` loads, not a file beside its caller.
 *
 * @since 0.1.0
 * @category constants
 */
export const bundled: boolean = typeof TAXDOC_BUNDLE === "boolean" && TAXDOC_BUNDLE

/**
 * A module loaded on first use.
 *
 * @since 0.1.0
 * @category models
 */
export interface Module<M> {
  /** The module, loading it synchronously if it can be; `undefined` when only `import()` can load it. */
  readonly now: () => M | undefined
  /** `true` when `now` can load the module (nothing is loaded to find out). */
  readonly synchronous: () => boolean
  /** The module, loading it by either way. */
  readonly get: Effect.Effect<M>
}

/**
 * A module at `specifier` relative to `base` (the caller's `import.meta.url`); `dynamic` is the
 * caller's `() => import(specifier)`, used where `require` cannot load it.
 *
 * @since 0.1.0
 * @category constructors
 */
export const module = <M>(base: string, specifier: string, dynamic: () => Promise<M>): Module<M> => {
  let loaded: M | undefined
  let requirable = !bundled
  let pending: Promise<M> | undefined
  const now = (): M | undefined => {
    if (loaded !== undefined || !requirable) return loaded
    try {
      loaded = createRequire(base)(specifier) as M
    } catch (error) {
      // The sources under a TypeScript loader: the compiled file is not there.
      if ((error as { readonly code?: unknown }).code !== "MODULE_NOT_FOUND") throw error
      requirable = false
    }
    return loaded
  }
  const synchronous = (): boolean => {
    if (loaded !== undefined || !requirable) return loaded !== undefined
    try {
      createRequire(base).resolve(specifier)
      return true
    } catch {
      requirable = false
      return false
    }
  }
  const get = Effect.suspend(() => {
    const found = now()
    if (found !== undefined) return Effect.succeed(found)
    pending ??= dynamic().then((m) => (loaded = m))
    return Effect.promise(() => pending!)
  })
  return { now, synchronous, get }
}

/**
 * A module namespace whose module is loaded (synchronously) on the first access to it: every
 * property read, `in`, `Object.keys`… acts on the loaded namespace.
 *
 * @since 0.1.0
 * @category constructors
 */
export const namespace = <M extends object>(base: string, specifier: string): M => {
  let loaded: M | undefined
  const target = (): M => (loaded ??= createRequire(base)(specifier) as M)
  return new Proxy({} as M, {
    get: (_, key) => Reflect.get(target(), key),
    has: (_, key) => Reflect.has(target(), key),
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(target(), key)
      // A proxy may report a property of the (extensible) stand-in only as configurable.
      return descriptor === undefined ? undefined : { ...descriptor, configurable: true }
    },
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false
  })
}

/**
 * An object built from a module loaded on first use.
 *
 * @since 0.1.0
 * @category models
 */
export interface Instance<S> {
  /** The object, when its module can be loaded synchronously (then it is). */
  readonly now: () => S | undefined
  /** The object, loading its module by either way. */
  readonly get: Effect.Effect<S>
}

/**
 * The object `build` makes from `implementation`, made once, on first use.
 *
 * @since 0.1.0
 * @category constructors
 */
export const instance = <S, M>(implementation: Module<M>, build: (module: M) => S): Instance<S> => {
  let built: S | undefined
  const now = (): S | undefined => {
    if (built === undefined) {
      const found = implementation.now()
      if (found !== undefined) built = build(found)
    }
    return built
  }
  return { now, get: Effect.map(implementation.get, (found) => (built ??= build(found))) }
}

/**
 * A service whose methods (each answering an `Effect`; `methods` names every one) call the
 * implementation `instance` builds on first use.
 *
 * @since 0.1.0
 * @category constructors
 */
export const service = <S extends { readonly [K in keyof S]: (...args: ReadonlyArray<any>) => Effect.Effect<any, any, any> }>(
  methods: { readonly [K in keyof S]: true },
  instance: Instance<S>
): S => {
  const out: Record<string, (...args: ReadonlyArray<unknown>) => Effect.Effect<unknown, unknown, unknown>> = {}
  for (const name of Object.keys(methods)) {
    out[name] = (...args) => {
      const ready = instance.now()
      return ready !== undefined ? call(ready, name, args) : Effect.flatMap(instance.get, (s) => call(s, name, args))
    }
  }
  return out as S
}

const call = (service: object, name: string, args: ReadonlyArray<unknown>): Effect.Effect<unknown, unknown, unknown> =>
  (service as Record<string, (...args: ReadonlyArray<unknown>) => Effect.Effect<unknown, unknown, unknown>>)[name]!(...args)
