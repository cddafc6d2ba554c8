/**
 * Spans when a tracer is installed: one span per call named `Domain.operation` with the method,
 * path and member; a domain operation's own span carries the transport's attributes; each retry is
 * an event on it. With tracing disabled, or Effect's built-in tracer, nothing is collected.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Exit, Fiber, Layer, Option, Schema, TestClock, Tracer } from "effect"
import * as Client from "../../src/core/Client.js"
import * as Operation from "../../src/core/Operation.js"
import * as Trace from "../../src/core/Trace.js"
import { Cashbill } from "../../src/domains/cashbill/Cashbill.js"
import * as Fake from "../support/FakeService.js"
import { receipt } from "../support/receipts.js"
import * as Sdk from "../support/sdk.js"

interface Recorded {
  readonly name: string
  readonly parent: string | undefined
  readonly attributes: Map<string, unknown>
  readonly events: Array<{ readonly name: string; readonly attributes: Record<string, unknown> | undefined }>
  exit: Exit.Exit<unknown, unknown> | undefined
}

/** A tracer that records every span it is asked for. */
const recording = () => {
  const spans: Array<Recorded> = []
  const tracer = Tracer.make({
    span: (name, parent, context, links, startTime, kind) => {
      const recorded: Recorded = {
        name,
        parent: Option.isSome(parent) && parent.value._tag === "Span" ? parent.value.name : undefined,
        attributes: new Map(),
        events: [],
        exit: undefined
      }
      spans.push(recorded)
      const span: Tracer.Span = {
        _tag: "Span",
        name,
        spanId: String(spans.length),
        traceId: "trace",
        parent,
        context,
        status: { _tag: "Started", startTime },
        attributes: recorded.attributes,
        links,
        sampled: true,
        kind,
        end: (_, exit) => {
          recorded.exit = exit
        },
        attribute: (key, value) => {
          recorded.attributes.set(key, value)
        },
        event: (eventName, _, attributes) => {
          recorded.events.push({ name: eventName, attributes })
        },
        addLinks: () => {}
      }
      return span
    },
    context: (f) => f()
  })
  return { spans, tracer }
}

const CORP = Sdk.MEMBER

describe("spans", () => {
  it.effect("each call is a span named after its operation, with method, path and member", () => {
    const { spans, tracer } = recording()
    return Effect.gen(function*() {
      const cashbill = yield* Cashbill
      yield* cashbill.issue(CORP, receipt("TR-1", CORP))
      yield* cashbill.getInfo(CORP, "TR-1")
      const failed = yield* Effect.flip(cashbill.getInfo(CORP, "not valid!"))
      expect(failed._tag).toBe("ValidationError")

      const issue = spans.filter((s) => s.name === "Cashbill.issue")
      expect(issue).toHaveLength(1)
      expect(Object.fromEntries(issue[0]!.attributes)).toMatchObject({ "http.method": "POST", "taxdoc.path": "/Cashbill", "taxdoc.override": "ISSUE", "taxdoc.corpNum": CORP })
      const getInfo = spans.filter((s) => s.name === "Cashbill.getInfo")
      expect(getInfo).toHaveLength(2)
      expect(Object.fromEntries(getInfo[0]!.attributes)).toMatchObject({ "http.method": "GET", "taxdoc.path": "/Cashbill/TR-1", "taxdoc.corpNum": CORP })
      expect(getInfo[0]!.exit?._tag).toBe("Success")
      expect(getInfo[1]!.exit?._tag).toBe("Failure")
      expect(spans.some((s) => s.name === "Tokens.issue")).toBe(true)
      // No span per HTTP request of the platform: the operation's span says it all.
      expect(spans.filter((s) => s.name.startsWith("http.client"))).toEqual([])
    }).pipe(Effect.withTracer(tracer), Effect.provide(Sdk.layer({ sandbox: { members: [{ corpNum: CORP }] } })))
  })

  it.effect("nothing is collected with tracing disabled, and a call runs the same", () => {
    const { spans, tracer } = recording()
    return Effect.gen(function*() {
      const cashbill = yield* Cashbill
      yield* cashbill.issue(CORP, receipt("TR-2", CORP))
      expect((yield* cashbill.getInfo(CORP, "TR-2")).mgtKey).toBe("TR-2")
      expect(spans).toEqual([])
      expect(yield* Effect.withFiberRuntime((fiber) => Effect.succeed(Trace.isTracing(fiber)))).toBe(false)
    }).pipe(Effect.withTracer(tracer), Effect.withTracerEnabled(false), Effect.provide(Sdk.layer({ sandbox: { members: [{ corpNum: CORP }] } })))
  })

  it.effect("with Effect's built-in tracer only, no span is made for a call", () =>
    Effect.gen(function*() {
      expect(yield* Effect.withFiberRuntime((fiber) => Effect.succeed(Trace.isTracing(fiber)))).toBe(false)
      // Inside an enclosing span of the program's own, the call adds no span of its own.
      const parent = yield* Effect.withSpan(Effect.flatMap(Cashbill, (c) => Effect.zipRight(c.issue(CORP, receipt("TR-3", CORP)), Effect.currentSpan)), "program")
      expect(parent.name).toBe("program")
    }).pipe(Effect.provide(Sdk.layer({ sandbox: { members: [{ corpNum: CORP }] } }))))

  it.effect("each retry is an event on the call's span", () => {
    const { spans, tracer } = recording()
    const Thing = Schema.Struct({ name: Schema.String })
    const Read = Operation.make({
      name: "Thing.read",
      sdk: "Thing.read",
      summary: "read",
      method: "GET",
      path: "/Thing/{key}",
      params: Schema.Struct({ key: Schema.String }),
      scope: Operation.scope("140"),
      success: Thing,
      safeToRepeat: true
    })
    let calls = 0
    const state = Fake.makeState(() =>
      Effect.succeed(
        calls++ === 0
          ? { status: 503, body: JSON.stringify({ code: -99999999, message: "busy" }) }
          : { status: 200, body: JSON.stringify({ name: "done" }) }
      )
    )
    return Effect.gen(function*() {
      const client = yield* Client.TaxdocClient
      const fiber = yield* Effect.fork(client.call(Read, { corpNum: "1234567890", params: { key: "K1" } }))
      for (let i = 0; i < 100 && Option.isNone(yield* Fiber.poll(fiber)); i++) {
        yield* Effect.yieldNow()
        yield* TestClock.adjust("100 millis")
      }
      expect(yield* Fiber.join(fiber)).toEqual({ name: "done" })
      const span = spans.find((s) => s.name === "Thing.read")!
      expect(span.events.map((e) => e.name)).toEqual(["taxdoc.retry"])
      expect(span.events[0]!.attributes).toMatchObject({ operation: "Thing.read", failure: "ApiError", status: 503 })
      expect(span.attributes.get("taxdoc.retried")).toBe(true)
    }).pipe(Effect.withTracer(tracer), Effect.provide(Layer.provide(Client.layer, Fake.layer(state))))
  })
})
