/**
 * The Promise client's methods, derived from the Effect services' interfaces (`Service.ts` of each
 * domain): the same parameters and the same decoded answer, with the trailing `userId` (or options
 * object) of the Effect method taking the call's options instead — the `AbortSignal`, the user ID,
 * and progress callbacks as plain functions. No signature is written twice: a method added to a
 * service is a method of the Promise client, and `Slots` (below) makes the table the runtime reads
 * a compile error until it says where that method's options sit.
 *
 * @since 0.1.0
 */
import type * as Effect from "effect/Effect"
import type * as Redacted from "effect/Redacted"
import type * as Stream from "effect/Stream"

/**
 * What every call takes last: an `AbortSignal` (the call rejects with `signal.reason` as soon as it
 * is aborted) and, where the Effect method takes one, the user ID sent as `X-SVC-UserID`.
 *
 * @since 0.1.0
 * @category models
 */
export interface CallOptions {
  readonly signal?: AbortSignal | undefined
  readonly userId?: string | undefined
}

/**
 * The options of a call whose Effect method takes no user ID.
 *
 * @since 0.1.0
 * @category models
 */
export interface SignalOptions {
  readonly signal?: AbortSignal | undefined
}

/**
 * An Effect progress callback as a plain one: it may answer a Promise, which is awaited before the
 * work goes on; a callback that throws fails the call with what it threw.
 *
 * @since 0.1.0
 * @category models
 */
export type PlainCallback<F> = F extends (progress: infer P) => Effect.Effect<void, never, never> ? (progress: P) => void | PromiseLike<void> : F

/**
 * An Effect method's options object as the Promise method takes it: callbacks plain, and a signal.
 *
 * @since 0.1.0
 * @category models
 */
export type PlainOptions<O> = { readonly [K in keyof O]: PlainCallback<O[K]> } & SignalOptions

/**
 * An argument as a Promise caller passes it: a `Redacted` secret as a plain string (wrapped at once).
 *
 * @since 0.1.0
 * @category models
 */
export type PlainArgument<T> = T extends Redacted.Redacted<infer V> ? V : T

type PlainArguments<A extends ReadonlyArray<unknown>> = { [I in keyof A]: PlainArgument<A[I]> }

type Leading<A extends ReadonlyArray<unknown>> = A extends readonly [...infer Init, (infer _Last)?] ? Init : never

type LastOf<A extends ReadonlyArray<unknown>> = A extends readonly [...infer _Init, (infer Last)?] ? NonNullable<Last> : never

/** `true` when the last parameter may be left out. */
type LastOptional<A extends ReadonlyArray<unknown>> = Leading<A>["length"] extends A["length"] ? true : false

/**
 * Where a method's call options sit, and what they replace: the optional trailing `userId`
 * (`"userId"`), the optional trailing options object (`"options"`), or nothing — they are added
 * after the last parameter (`"append"`). The number is their position; a third element
 * `"stream"` marks a method answering a `Stream` (an async iterable in Promise form).
 *
 * @since 0.1.0
 * @category models
 */
export type Slot<F> = F extends (...args: infer A) => infer R
  ? R extends Stream.Stream<infer _X, infer _E, infer _R> ? readonly [...SlotOf<A>, "stream"] : SlotOf<A>
  : never

/** Where the last parameter stands (optional parameters before it counted). */
type LastAt<A extends ReadonlyArray<unknown>> = Leading<Required<A>>["length"]

type SlotOf<A extends ReadonlyArray<unknown>> = LastOptional<A> extends true
  ? [LastOf<A>] extends [string] ? readonly ["userId", LastAt<A>]
  : [LastOf<A>] extends [object] ? readonly ["options", LastAt<A>]
  : readonly ["append", Required<A>["length"]]
  : readonly ["append", Required<A>["length"]]

type ArgumentsOf<A extends ReadonlyArray<unknown>> = LastOptional<A> extends true
  ? [LastOf<A>] extends [string] ? [...PlainArguments<Leading<A>>, options?: CallOptions]
  : [LastOf<A>] extends [object] ? [...PlainArguments<Leading<A>>, options?: PlainOptions<LastOf<A>>]
  : [...PlainArguments<A>, options?: SignalOptions]
  : [...PlainArguments<A>, options?: SignalOptions]

/**
 * The Promise form of an Effect method: an `Effect` answer becomes a `Promise` of the same value
 * (its failure the rejection), a `Stream` an `AsyncIterable` of the same items.
 *
 * @since 0.1.0
 * @category models
 */
export type PromiseMethod<F> = F extends (...args: infer A) => infer R
  ? (...args: ArgumentsOf<A>) => R extends Effect.Effect<infer X, infer _E, infer _R> ? Promise<X>
    : R extends Stream.Stream<infer X, infer _E, infer _R> ? AsyncIterable<X>
    : never
  : never

/**
 * A service's interface in Promise form.
 *
 * @since 0.1.0
 * @category models
 */
export type Promised<S> = { readonly [K in keyof S]: PromiseMethod<S[K]> }

/**
 * Where the call options of each method of a service sit (`Slot`); the only value each entry may
 * take is the one its signature gives.
 *
 * @since 0.1.0
 * @category models
 */
export type Slots<S> = { readonly [K in keyof S]: Slot<S[K]> }

/**
 * `I` when parameter `I` of method `F` is a `Redacted` secret (which the Promise method takes as a
 * plain string), `never` otherwise.
 *
 * @since 0.1.0
 * @category models
 */
export type RedactedAt<F, I extends number> = F extends (...args: infer A) => unknown ? A[I] extends Redacted.Redacted<string> ? I : never : never
