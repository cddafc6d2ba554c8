/**
 * Spans: each call is a span named after its operation (`Thing.get`), with the method, path and
 * member; a failed call's span ends in failure (a refused input too, nothing sent); a span of the
 * same name opened by the caller (a domain method's `Effect.fn`) is the call's span, not a second
 * one; token issuance is a span of its own; each retry is an event on the call's span; the HTTP
 * client opens no span per request; with tracing disabled nothing is collected; under Effect's native
 * tracer (no tracer installed) a call opens no span.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Schema, Tracer } from "effect"
import * as Client from "../../src/core/Client.js"
import * as Operation from "../../src/core/Operation.js"
import { driven } from "../support/clock.js"
import * as Fake from "../support/FakeService.js"
import { GetThing, PostThing } from "../support/things.js"

/** A tracer keeping every span it makes. */
export const recording = () => {
  const spans: Array<Tracer.NativeSpan> = []
  const tracer = Tracer.make({
    span: (options) => {
      const span = new Tracer.NativeSpan(options)
      spans.push(span)
      return span
    }
  })
  const named = (name: string) => spans.filter((span) => span.name === name)
  const parentOf = (span: Tracer.NativeSpan) => (span.parent._tag === "Some" && span.parent.value._tag === "Span" ? span.parent.value.name : undefined)
  return { spans, tracer, named, parentOf }
}

const CORP = "1234567890"
const thing = { status: 200, body: JSON.stringify({ name: "a", count: 1 }) }
const clientLayer = (state: Fake.FakeState) => Layer.provide(Client.layer, Fake.layer(state))

describe("spans of calls", () => {
  it.effect("each call is a span named after its operation, with method, path, override and member", () => {
    const { named, parentOf, tracer } = recording()
    const state = Fake.makeState(() => Effect.succeed(thing))
    return Effect.gen(function*() {
      const client = yield* Client.TaxdocClient
      yield* client.call(PostThing, { corpNum: CORP, params: { id: "A-1" }, body: { flag: true, zero: 0, empty: "" } })
      yield* client.call(GetThing, { corpNum: CORP, params: { name: "B-2" } })
      const post = named("Thing.post")
      expect(post).toHaveLength(1)
      expect(Object.fromEntries(post[0]!.attributes)).toEqual({
        "http.method": "POST",
        "taxdoc.path": "/Thing/A-1",
        "taxdoc.override": "ISSUE",
        "taxdoc.corpNum": CORP
      })
      expect(post[0]!.status._tag === "Ended" && post[0]!.status.exit._tag).toBe("Success")
      expect(Object.fromEntries(named("Thing.get")[0]!.attributes)).toMatchObject({ "http.method": "GET", "taxdoc.path": "/B-2" })
      // The token was issued once, in a span of its own inside the first call's.
      expect(named("Tokens.issue")).toHaveLength(1)
      expect(parentOf(named("Tokens.issue")[0]!)).toBe("Thing.post")
      // No span per HTTP request of the client: the operation's span says it all.
      expect(named("GET")).toEqual([])
      expect(named("POST")).toEqual([])
    }).pipe(Effect.provide(clientLayer(state)), Effect.withTracer(tracer))
  })

  it.effect("a failed call's span ends in failure; a refused input too, with nothing sent", () => {
    const { named, tracer } = recording()
    const state = Fake.makeState(() => Effect.succeed({ status: 404, body: JSON.stringify({ code: -14000003, message: "없음" }) }))
    const Strict = Operation.make({
      name: "Thing.Strict",
      sdk: "Thing.strict",
      summary: "a thing with a short name",
      method: "GET",
      path: "/Strict/{name}",
      params: Schema.Struct({ name: Schema.String.check(Schema.isMaxLength(3)) }),
      scope: Operation.scope("140"),
      success: Schema.Struct({ name: Schema.String }),
      safeToRepeat: true
    })
    return Effect.gen(function*() {
      const client = yield* Client.TaxdocClient
      yield* Effect.flip(client.call(GetThing, { corpNum: CORP, params: { name: "gone" } }))
      const refused = yield* Effect.flip(client.call(Strict, { corpNum: CORP, params: { name: "too long" } }))
      expect(refused._tag).toBe("ValidationError")
      const [failed] = named("Thing.get")
      expect(failed!.status._tag === "Ended" && failed!.status.exit._tag).toBe("Failure")
      const [invalid] = named("Thing.strict")
      expect(invalid!.status._tag === "Ended" && invalid!.status.exit._tag).toBe("Failure")
      expect(state.seen.filter((seen) => seen.url.includes("/Strict/"))).toEqual([])
    }).pipe(Effect.provide(clientLayer(state)), Effect.withTracer(tracer))
  })

  it.effect("inside a span of the same name (a method's Effect.fn) the call adds its attributes to it; inside another it is a child", () => {
    const { named, parentOf, tracer } = recording()
    const state = Fake.makeState(() => Effect.succeed(thing))
    return Effect.gen(function*() {
      const client = yield* Client.TaxdocClient
      const method = Effect.fn("Thing.get")(function*(name: string) {
        return yield* client.call(GetThing, { corpNum: CORP, params: { name } })
      })
      yield* method("C-3")
      expect(named("Thing.get")).toHaveLength(1)
      expect(Object.fromEntries(named("Thing.get")[0]!.attributes)).toMatchObject({ "taxdoc.path": "/C-3", "taxdoc.corpNum": CORP })
      yield* Effect.withSpan(client.call(GetThing, { corpNum: CORP, params: { name: "D-4" } }), "program")
      expect(named("Thing.get")).toHaveLength(2)
      expect(parentOf(named("Thing.get")[1]!)).toBe("program")
    }).pipe(Effect.provide(clientLayer(state)), Effect.withTracer(tracer))
  })

  it.effect("each retry is an event on the call's span", () => {
    const { named, tracer } = recording()
    const Read = Operation.make({
      name: "Thing.read",
      sdk: "Thing.read",
      summary: "read",
      method: "GET",
      path: "/Thing/{key}",
      params: Schema.Struct({ key: Schema.String }),
      scope: Operation.scope("140"),
      success: Schema.Struct({ name: Schema.String }),
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
      expect(yield* driven(client.call(Read, { corpNum: CORP, params: { key: "K1" } }), "100 millis")).toEqual({ name: "done" })
      const span = named("Thing.read")[0]!
      expect(span.events.map(([name]) => name)).toEqual(["taxdoc.retry"])
      expect(span.events[0]![2]).toMatchObject({ operation: "Thing.read", failure: "ApiError", status: 503 })
      expect(span.attributes.get("taxdoc.retried")).toBe(true)
    }).pipe(Effect.provide(clientLayer(state)), Effect.withTracer(tracer))
  })

  it.effect("nothing is collected with tracing disabled, and a call runs the same", () => {
    const { spans, tracer } = recording()
    const state = Fake.makeState(() => Effect.succeed(thing))
    return Effect.gen(function*() {
      const client = yield* Client.TaxdocClient
      expect(yield* client.call(GetThing, { corpNum: CORP, params: { name: "E" } })).toEqual({ name: "a", count: 1 })
      expect(spans).toEqual([])
    }).pipe(Effect.provide(clientLayer(state)), Effect.withTracer(tracer), Effect.withTracerEnabled(false))
  })

  it.effect("under Effect's native tracer (no tracer installed) a call opens no span, and runs the same", () => {
    const { current, state } = spanOfRequests()
    return Effect.gen(function*() {
      const client = yield* Client.TaxdocClient
      expect(yield* client.call(GetThing, { corpNum: CORP, params: { name: "F" } })).toEqual({ name: "a", count: 1 })
      expect(current).toEqual([undefined])
      // Inside a span of the caller's, the request runs in that span.
      yield* Effect.withSpan(client.call(GetThing, { corpNum: CORP, params: { name: "G" } }), "caller")
      expect(current).toEqual([undefined, "caller"])
    }).pipe(Effect.provide(clientLayer(state)))
  })

  it.effect("with a tracer installed, the request runs in the call's span", () => {
    const { tracer } = recording()
    const { current, state } = spanOfRequests()
    return Effect.gen(function*() {
      const client = yield* Client.TaxdocClient
      yield* client.call(GetThing, { corpNum: CORP, params: { name: "H" } })
      expect(current).toEqual(["Thing.get"])
    }).pipe(Effect.provide(clientLayer(state)), Effect.withTracer(tracer))
  })
})

/** A fake service that records the span each request runs in (its name, or `undefined`). */
function spanOfRequests() {
  const current: Array<string | undefined> = []
  const state = Fake.makeState(() =>
    Effect.map(Effect.option(Effect.currentSpan), (span) => {
      current.push(span._tag === "Some" ? span.value.name : undefined)
      return thing
    })
  )
  return { current, state }
}
