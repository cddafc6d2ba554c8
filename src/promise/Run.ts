/**
 * How the Promise client runs the Effect services: each call in a fiber of the client's
 * `ManagedRuntime`, settled as a Promise — the typed failure itself as the rejection (the same error
 * instance an Effect program would catch, so `instanceof` and `cause` hold), an aborted
 * `AbortSignal` as an immediate rejection with `signal.reason` while the fiber is interrupted — and
 * streams as async iterables that stop their fiber when the loop leaves early or the signal aborts.
 *
 * @since 0.1.0
 */
import * as Cause from "effect/Cause"
import * as Data from "effect/Data"
import type * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type * as ManagedRuntime from "effect/ManagedRuntime"
import * as Option from "effect/Option"
import * as Result from "effect/Result"

/**
 * The client was closed (`client.close()`) before or while the call ran.
 *
 * @since 0.1.0
 * @category errors
 */
export class ClientClosedError extends Data.TaggedError("ClientClosedError")<{
  readonly message: string
}> {}

/**
 * What a failed fiber rejects with: its typed failure, else the defect, else (interrupted) a
 * `ClientClosedError`.
 *
 * @since 0.1.0
 * @category combinators
 */
export const rejectionOf = (cause: Cause.Cause<unknown>): unknown => {
  const failure = Cause.findErrorOption(cause)
  if (Option.isSome(failure)) return failure.value
  const defect = Cause.findDefect(cause)
  if (Result.isSuccess(defect)) return defect.success
  return new ClientClosedError({ message: "the call was interrupted: the client was closed" })
}

/**
 * Runs `effect` in `runtime` and settles a Promise with its outcome; an aborted `signal` rejects at
 * once with `signal.reason` and interrupts the fiber (nothing is started when it is aborted already).
 *
 * @since 0.1.0
 * @category combinators
 */
export const run = <A, E, R, ER>(
  runtime: ManagedRuntime.ManagedRuntime<R, ER>,
  effect: Effect.Effect<A, E, R>,
  signal: AbortSignal | undefined
): Promise<A> => {
  if (signal?.aborted === true) return Promise.reject(signal.reason)
  const settled = runtime.runPromiseExit(effect, signal === undefined ? undefined : { signal }).then((exit) =>
    Exit.isSuccess(exit) ? exit.value : Promise.reject(rejectionOf(exit.cause))
  )
  if (signal === undefined) return settled
  // The signal rejects at once; the fiber it interrupts ends on its own time.
  return new Promise<A>((resolve, reject) => {
    const abort = () => reject(signal.reason)
    signal.addEventListener("abort", abort, { once: true })
    settled.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort))
  })
}

/**
 * A stream as an async iterable: `open` runs it (in the client's runtime) on the first `next()`.
 * The stream's failure rejects `next()` with the typed failure; `return()` (a `for await` left
 * early) and an aborted `signal` stop the stream's fiber; the signal rejects a pending `next()` with
 * `signal.reason`.
 *
 * @since 0.1.0
 * @category combinators
 */
export const iterate = <A>(open: () => Promise<AsyncIterable<A>>, signal: AbortSignal | undefined): AsyncIterable<A> => ({
  [Symbol.asyncIterator]: () => {
    let inner: AsyncIterator<A> | undefined
    let done = false
    const stop = async (): Promise<IteratorResult<A>> => {
      done = true
      await inner?.return?.()
      return { done: true, value: undefined }
    }
    const next = async (): Promise<IteratorResult<A>> => {
      if (done) return { done: true, value: undefined }
      try {
        inner ??= (await open())[Symbol.asyncIterator]()
        const result = await inner.next()
        if (result.done === true) done = true
        return result
      } catch (failure) {
        done = true
        throw failure
      }
    }
    return {
      next: () => {
        if (signal === undefined) return next()
        if (signal.aborted) return stop().then(() => Promise.reject(signal.reason))
        return new Promise<IteratorResult<A>>((resolve, reject) => {
          const abort = () => {
            void stop()
            reject(signal.reason)
          }
          signal.addEventListener("abort", abort, { once: true })
          next().then(resolve, reject).finally(() => signal.removeEventListener("abort", abort))
        })
      },
      return: stop
    }
  }
})
