/**
 * Injected faults per route id (docs/sandbox.md "Faults"): latency, an error answer, a 5xx status,
 * and the failures real networks produce — a connection reset before processing, an answer lost
 * after processing, a truncated answer, an answer that never ends — each firing with a probability
 * drawn from a seeded PRNG (so a run replays) and optionally for the next N calls only.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { ErrorCodes, nameOfCode } from "../../core/ErrorCodes.js"
import { fail, SandboxFailure } from "../Failure.js"
import * as Seeded from "./Seeded.js"

/**
 * What a fault does to the connection:
 * - `reset`: the connection is reset before the request is processed (nothing happened);
 * - `dropAfter`: the request is processed (a write happened), then the connection is closed
 *   without an answer — the outcome is unknown to the client;
 * - `truncate`: processed, then the status, headers (with the full `Content-Length`) and half of
 *   the body are sent and the connection is closed;
 * - `hang`: processed, then the status, headers and half of the body are sent and the answer never
 *   ends (until the client gives up or the server stops).
 *
 * @since 0.1.0
 * @category models
 */
export const FaultKinds = ["reset", "dropAfter", "truncate", "hang"] as const

/**
 * A connection fault a sandbox acts out (one of `FaultKinds`).
 *
 * @since 0.1.0
 * @category models
 */
export type FaultKind = typeof FaultKinds[number]

/**
 * A fault: on route `route`, with `probability` (default 1) and for the next `count` calls (default:
 * until removed), wait `latencyMillis`, then act on the connection (`kind`, see `FaultKinds`; the
 * older `drop: true` means `reset`), or answer with catalogue `code` and/or a 5xx `status` instead
 * of processing. Latency alone delays a normal answer. `dropAfter`, `truncate` and `hang` apply to
 * whatever answer there is (the handler's, or the injected error).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Fault = Schema.Struct({
  route: Schema.String.check(Schema.isMinLength(1)),
  kind: Schema.optionalKey(Schema.Literals(FaultKinds)),
  latencyMillis: Schema.optionalKey(Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))),
  code: Schema.optionalKey(Schema.Int),
  status: Schema.optionalKey(Schema.Int.check(Schema.isBetween({ minimum: 500, maximum: 599 }))),
  drop: Schema.optionalKey(Schema.Boolean),
  probability: Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 1 })).pipe(Schema.withDecodingDefaultKey(Effect.succeed(1))),
  count: Schema.optionalKey(Schema.Int.check(Schema.isGreaterThan(0)))
})

/**
 * @since 0.1.0
 * @category models
 */
export type Fault = typeof Fault.Type

/**
 * What to do with one request.
 *
 * @since 0.1.0
 * @category models
 */
export interface FaultAction {
  readonly latencyMillis: number
  /** What happens to the connection, if anything. */
  readonly kind: FaultKind | undefined
  /** The error answered instead of processing the request. */
  readonly failure: SandboxFailure | undefined
}

/**
 * The fault registry: mutable, changed by the admin API, read on every routed request.
 *
 * @since 0.1.0
 * @category models
 */
export interface FaultRegistry {
  readonly set: (fault: Fault) => Result.Result<void, SandboxFailure>
  /** Removes the fault of `route`, or every fault. */
  readonly clear: (route?: string) => void
  readonly list: () => ReadonlyArray<Fault>
  /** Draws the fault of a route for one request; `undefined` when none fires. */
  readonly draw: (route: string) => FaultAction | undefined
  /** Removes every fault and re-seeds the PRNG. */
  readonly reset: () => void
}

/**
 * A registry with no faults and a PRNG seeded with `seed`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeRegistry = (seed: number): FaultRegistry => {
  const faults = new Map<string, Fault>()
  let random = Seeded.generator(seed)
  return {
    set: (fault) => {
      if (fault.code !== undefined && nameOfCode(fault.code) === undefined) {
        return Result.fail(fail("InvalidField", `code ${fault.code} is not in the catalogue`))
      }
      faults.set(fault.route, fault)
      return Result.succeed(undefined)
    },
    clear: (route) => {
      if (route === undefined) faults.clear()
      else faults.delete(route)
    },
    list: () => Array.from(faults.values()),
    draw: (route) => {
      const fault = faults.get(route)
      if (fault === undefined || !(random() < fault.probability)) return undefined
      if (fault.count !== undefined) {
        if (fault.count <= 1) faults.delete(route)
        else faults.set(route, { ...fault, count: fault.count - 1 })
      }
      const name = fault.code === undefined ? undefined : nameOfCode(fault.code)
      const failure = name !== undefined
        ? new SandboxFailure({ entry: ErrorCodes[name], status: fault.status })
        : fault.status !== undefined
        ? new SandboxFailure({ entry: ErrorCodes.InjectedFault, status: fault.status })
        : undefined
      return { latencyMillis: fault.latencyMillis ?? 0, kind: fault.kind ?? (fault.drop === true ? "reset" : undefined), failure }
    },
    reset: () => {
      faults.clear()
      random = Seeded.generator(seed)
    }
  }
}
