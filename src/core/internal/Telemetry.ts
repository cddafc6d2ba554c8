/**
 * How a call tells the program's tracer and logger what it does (docs/observability.md): spans,
 * events and log lines, under the names of `../Telemetry.ts`. Nothing is paid when nothing is
 * traced: under Effect's native tracer no span is opened and no event made. A span ends with a
 * summary of its failure (`FailureSummary.ts`) instead of the error itself.
 *
 * @since 1.1.0
 */
import * as Cause from "effect/Cause"
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type * as Fiber from "effect/Fiber"
import * as HttpTraceContext from "effect/http/HttpTraceContext"
import * as Option from "effect/Option"
import * as References from "effect/References"
import * as Tracer from "effect/Tracer"
import { httpErrorType, type Summary, summarize } from "../FailureSummary.js"
import type * as Operation from "../Operation.js"
import { SUBMIT_ID_HEADER } from "../Operation.js"
import { Attribute } from "../Telemetry.js"

// ── whether anything is traced ──────────────────────────────────────────────────────────────

/**
 * `true` when a fiber's spans go somewhere: a tracer other than Effect's native one is installed
 * and tracing is on. Under the native tracer no span would leave the process.
 *
 * @since 1.1.0
 * @category predicates
 */
export const isTraced = (fiber: Fiber.Fiber<unknown, unknown>): boolean =>
  fiber.getRef(Tracer.Tracer) !== Tracer.nativeTracer && fiber.getRef(References.TracerEnabled)

/** The current span of a fiber (the parent of what it opens), of this process or not. */
const currentSpanOf = (fiber: Fiber.Fiber<unknown, unknown>): Tracer.AnySpan | undefined => Context.getOrUndefined(fiber.context, Tracer.ParentSpan)

// ── failures, summarised ────────────────────────────────────────────────────────────────────

type Fields = { readonly [key: string]: unknown }

/** An error whose message and stack are exactly the summary's. */
const summaryError = (summary: Summary): Error => {
  const error = new Error(summary.message)
  error.name = summary.type
  error.stack = `${summary.type}: ${summary.message}`
  return error
}

/** The first failure of a cause (a typed failure, or a defect), if any. */
const firstFailure = (cause: Cause.Cause<unknown>): { readonly error: unknown; readonly defect: boolean } | undefined => {
  for (const reason of cause.reasons) {
    if (reason._tag === "Fail") return { error: reason.error, defect: false }
    if (reason._tag === "Die") return { error: reason.defect, defect: true }
  }
  return undefined
}

// ── spans ───────────────────────────────────────────────────────────────────────────────────

/**
 * How a span is opened: its kind and attributes, and what to add to it when it ends (the failure's
 * summary is added by `span` itself: `error.type`, `taxdoc.error.code`).
 *
 * @since 1.1.0
 * @category models
 */
export interface SpanOptions<A> {
  readonly kind: Tracer.SpanKind
  readonly attributes: Readonly<Record<string, unknown>>
  /** An HTTP attempt: `error.type` is the status of an answer of 400 and more. */
  readonly http?: boolean | undefined
  readonly onSuccess?: ((span: Tracer.Span, value: A) => void) | undefined
  readonly onFailure?: ((span: Tracer.Span, summary: Summary) => void) | undefined
}

const ended = <A>(span: Tracer.Span, exit: Exit.Exit<A, unknown>, options: SpanOptions<A>): Exit.Exit<A, unknown> => {
  if (Exit.isSuccess(exit)) {
    options.onSuccess?.(span, exit.value)
    return exit
  }
  const failure = firstFailure(exit.cause)
  if (failure === undefined) return exit
  const summary = failure.defect
    ? { type: "Defect", status: undefined, code: undefined, message: `a defect (${failure.error instanceof Error ? failure.error.name : typeof failure.error})` }
    : summarize(failure.error)
  span.attribute(Attribute.errorType, options.http === true ? httpErrorType(summary) : summary.type)
  if (summary.code !== undefined) span.attribute(Attribute.errorCode, summary.code)
  options.onFailure?.(span, summary)
  return Exit.failCause(failure.defect ? Cause.die(summaryError(summary)) : Cause.fail(summaryError(summary)))
}

/**
 * `f`'s effect in a span `name` (its parent the current span), the span handed to `f` (to name
 * it as the parent of a request). It ends with `f`'s exit, a failure replaced by its summary.
 * Open it only when `isTraced`.
 *
 * @since 1.1.0
 * @category combinators
 */
export const span = <A, E, R>(name: string, options: SpanOptions<A>, f: (span: Tracer.Span) => Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.suspend(() => {
    // The end is registered before the span is made: whatever ends the effect after that ends it.
    let opened: Tracer.Span | undefined
    return Effect.onExit(
      Effect.flatMap(Effect.makeSpan(name, { kind: options.kind, attributes: options.attributes }), (made) => {
        opened = made
        return Effect.withParentSpan(f(made), made, { captureStackTrace: false })
      }),
      (exit) =>
        Effect.withFiber((fiber) => {
          if (opened === undefined) return Effect.void
          const at = fiber.getRef(References.TracerTimingEnabled) ? fiber.getRef(Clock.Clock).currentTimeNanosUnsafe() : BigInt(0)
          opened.end(at, ended(opened, exit, options))
          return Effect.void
        })
    )
  })

/**
 * A method of a service as a span named after it (`Cashbill.issue`) when anything is traced, the
 * span's failure summarised; under Effect's native tracer no span is opened. The generator form of
 * `Effect.fn`, built on `Effect.fnUntraced`.
 *
 * @since 1.1.0
 * @category constructors
 */
export const fn = (name: string) =>
<Eff extends Effect.Effect<unknown, unknown, unknown>, AEff, Args extends Array<unknown>>(
  body: (...args: Args) => Generator<Eff, AEff, never>
) => Effect.fnUntraced(body, (effect, ..._args: Args) => traced(name, effect))

/**
 * `effect` in an internal span `name` when anything is traced; as it is otherwise.
 *
 * @since 1.1.0
 * @category combinators
 */
export const traced = <A, E, R>(name: string, effect: Effect.Effect<A, E, R>, attributes: Readonly<Record<string, unknown>> = NO_ATTRIBUTES): Effect.Effect<A, E, R> =>
  Effect.withFiber((fiber) => (isTraced(fiber) ? span(name, { kind: "internal", attributes }, () => effect) : effect))

const NO_ATTRIBUTES: Readonly<Record<string, unknown>> = {}

// ── events ──────────────────────────────────────────────────────────────────────────────────

/**
 * Adds an event to the current span when anything is traced (otherwise nothing).
 *
 * @since 1.1.0
 * @category combinators
 */
export const event = (name: string, attributes: () => Readonly<Record<string, unknown>>): Effect.Effect<void> =>
  Effect.withFiber((fiber) => {
    if (!isTraced(fiber)) return Effect.void
    const current = currentSpanOf(fiber)
    if (current === undefined || current._tag !== "Span") return Effect.void
    current.event(name, fiber.getRef(Clock.Clock).currentTimeNanosUnsafe(), { ...attributes() })
    return Effect.void
  })

/**
 * Sets attributes on the current span when anything is traced.
 *
 * @since 1.1.0
 * @category combinators
 */
export const annotate = (attributes: () => Readonly<Record<string, unknown>>): Effect.Effect<void> =>
  Effect.withFiber((fiber) => (isTraced(fiber) ? Effect.annotateCurrentSpan(attributes()) : Effect.void))

// ── logs ────────────────────────────────────────────────────────────────────────────────────

/**
 * A log line at `level` (`Warn`, `Info`, `Debug`), its attributes as annotations: a program
 * filters them by level (`References.MinimumLogLevel`) and its logger sees the attributes as
 * structured fields.
 *
 * @since 1.1.0
 * @category combinators
 */
export const log = (level: "Warn" | "Info" | "Debug", message: string, attributes: Readonly<Record<string, unknown>>): Effect.Effect<void> =>
  Effect.annotateLogs(Effect.logWithLevel(level)(message), attributes)

// ── what a call says of itself ──────────────────────────────────────────────────────────────

/**
 * The server a base URL names: `server.address` and `server.port` (the scheme's default when the
 * URL names none).
 *
 * @since 1.1.0
 * @category constructors
 */
export const serverOf = (url: string): Readonly<Record<string, string | number>> => {
  const parsed = new URL(url)
  const port = parsed.port !== "" ? Number(parsed.port) : parsed.protocol === "https:" ? 443 : 80
  return { [Attribute.serverAddress]: parsed.hostname.replace(/^\[|\]$/g, ""), [Attribute.serverPort]: port }
}

/** Path parameters that are IDs, and the attribute each is told as. */
const ID_PARAMS: Readonly<Record<string, string>> = {
  mgtKey: Attribute.documentId,
  MgtKey: Attribute.documentId,
  ItemKey: Attribute.documentId,
  ntsConfirmNum: Attribute.documentId,
  submitID: Attribute.submitId,
  jobID: Attribute.jobId
}

/**
 * What the telemetry of one operation needs, worked out once: its catalogue name, where its IDs
 * sit in the path, its HTTP attempt span's name and attributes, and whether its requests carry a
 * `traceparent` header.
 *
 * @since 1.1.0
 * @category models
 */
export interface Described {
  readonly operation: string
  readonly ids: ReadonlyArray<readonly [segment: number, attribute: string]>
  readonly httpName: string
  readonly httpAttributes: Readonly<Record<string, unknown>>
  readonly propagate: boolean
}

/**
 * The telemetry description of `operation`, sent to the server `server` (`serverOf`), its requests
 * naming their parent span in a `traceparent` header when `propagate` (the configuration's
 * `traceparent`).
 *
 * @since 1.1.0
 * @category constructors
 */
export const describe = (operation: Operation.Any, server: Readonly<Record<string, string | number>>, propagate: boolean): Described => {
  const ids: Array<readonly [number, string]> = []
  operation.segments.forEach((segment, i) => {
    const attribute = segment._tag === "Param" ? ID_PARAMS[segment.name] : undefined
    if (attribute !== undefined) ids.push([i + 1, attribute])
  })
  return {
    operation: operation.name,
    ids,
    httpName: `${operation.method} ${operation.path}`,
    httpAttributes: {
      [Attribute.method]: operation.method,
      ...server,
      [Attribute.urlTemplate]: operation.path,
      [Attribute.operation]: operation.name
    },
    propagate
  }
}

/**
 * The attributes of a call's span: the operation, the member, and the IDs the request names (path
 * parameters, the submit ID header, a body's top-level `mgtKey` or `invoicerMgtKey`).
 *
 * @since 1.1.0
 * @category constructors
 */
export const callAttributes = (
  described: Described,
  path: string,
  headers: Readonly<Record<string, string>>,
  member: string | undefined,
  body: unknown
): Record<string, unknown> => {
  const attributes: Record<string, unknown> = { [Attribute.operation]: described.operation }
  if (member !== undefined) attributes[Attribute.member] = member
  if (described.ids.length > 0) {
    const segments = path.split("/")
    for (const [i, attribute] of described.ids) attributes[attribute] = segments[i]
  }
  const submitId = headers[SUBMIT_ID_HEADER]
  if (submitId !== undefined) attributes[Attribute.submitId] = submitId
  if (typeof body === "object" && body !== null && attributes[Attribute.documentId] === undefined) {
    // A document written whole names its ID in the body: a receipt's or statement's `mgtKey`, an
    // e-Tax invoice's `invoicerMgtKey`.
    const mgtKey = (body as Fields)["mgtKey"] ?? (body as Fields)["invoicerMgtKey"]
    if (typeof mgtKey === "string") attributes[Attribute.documentId] = mgtKey
  }
  return attributes
}

/**
 * A call's span: the attributes of `callAttributes` on the current span when it is the call's own
 * already (a method's `fn` span of the same name), otherwise a new internal span named `name`.
 * Open it only when `isTraced`.
 *
 * @since 1.1.0
 * @category combinators
 */
export const callSpan = <A, E, R>(fiber: Fiber.Fiber<unknown, unknown>, name: string, attributes: Readonly<Record<string, unknown>>, effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> => {
  const parent = currentSpanOf(fiber)
  if (parent !== undefined && parent._tag === "Span" && parent.name === name) {
    for (const key in attributes) parent.attribute(key, attributes[key])
    return effect
  }
  return span(name, { kind: "internal", attributes }, () => effect)
}

// ── HTTP attempts ───────────────────────────────────────────────────────────────────────────

/**
 * The attempts of one call (or token issuance) so far: each `attempt` adds one.
 *
 * @since 1.1.0
 * @category models
 */
export interface Attempts {
  sent: number
}

/**
 * The `traceparent` header value naming `span` as the parent, as Effect's HTTP propagation writes
 * it (`HttpTraceContext.toHeaders`; the `b3` header it writes beside it is not sent).
 */
const traceparentOf = (span: Tracer.Span): string | undefined => HttpTraceContext.toHeaders(span)["traceparent"]

/**
 * The span of this process a request made outside any span of its own names as its parent: the
 * current span, or the nearest of its ancestors that does not opt out of propagation (a span made
 * while tracing is disabled does). None when the program disables propagation
 * (`Tracer.DisablePropagation`), and none when the current parent is another process's span.
 */
const propagatedParentOf = (fiber: Fiber.Fiber<unknown, unknown>): Tracer.Span | undefined => {
  if (fiber.getRef(Tracer.DisablePropagation)) return undefined
  let current = currentSpanOf(fiber)
  while (current !== undefined && current._tag === "Span") {
    if (!Context.get(current.annotations, Tracer.DisablePropagation)) return current
    current = Option.getOrUndefined(current.parent)
  }
  return undefined
}

/**
 * One HTTP attempt of a call, `attempts` counting it. When anything is traced it is a client span
 * under the current one, named and described by `described`, its answer's status (or its
 * failure's) added when it ends, `http.request.resend_count` the attempts before it; otherwise it
 * is `send` alone, no span made. When `described.propagate`, `send` is given the `traceparent`
 * value its request carries: naming the attempt's span, or when nothing is traced the caller's
 * current span of this process (`undefined` when there is none).
 *
 * @since 1.1.0
 * @category combinators
 */
export const attempt = <A, E, R>(
  described: Described,
  attempts: Attempts,
  send: (traceparent: string | undefined) => Effect.Effect<A, E, R>
): Effect.Effect<A, E, R> =>
  Effect.withFiber((fiber) => {
    const resends = attempts.sent++
    if (!isTraced(fiber)) {
      if (!described.propagate) return send(undefined)
      const parent = propagatedParentOf(fiber)
      return send(parent === undefined ? undefined : traceparentOf(parent))
    }
    return span(described.httpName, {
      kind: "client",
      http: true,
      attributes: resends === 0 ? described.httpAttributes : { ...described.httpAttributes, [Attribute.resendCount]: resends },
      onSuccess: (opened) => opened.attribute(Attribute.statusCode, 200),
      onFailure: (opened, summary) => {
        if (summary.status !== undefined) opened.attribute(Attribute.statusCode, summary.status)
      }
    }, (opened) => send(described.propagate && !fiber.getRef(Tracer.DisablePropagation) ? traceparentOf(opened) : undefined))
  })
