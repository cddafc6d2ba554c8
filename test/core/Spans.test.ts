/**
 * Spans: each call is a span named after its operation (`Thing.get`), with the catalogue name and
 * the member; under it a client span per HTTP attempt with OpenTelemetry's HTTP attributes; a
 * failed call's span ends in failure (a refused input too, nothing sent), its failure summarised; a
 * span of the same name opened by the caller (a domain method's `Telemetry.fn`) is the call's
 * span, not a second one; token issuance is a span of its own; each retry is an event on the
 * call's span; the HTTP client opens no span of its own; with tracing disabled nothing is
 * collected; under Effect's native tracer (no tracer installed) a call opens no span.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Schema, Tracer } from "effect"
import * as Client from "../../src/core/Client.js"
import * as Operation from "../../src/core/Operation.js"
import * as Telemetry from "../../src/core/internal/Telemetry.js"
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
  it.effect("each call is a span named after its operation, with its catalogue name and member, each attempt a client span under it", () => {
    const { named, parentOf, tracer } = recording()
    const state = Fake.makeState(() => Effect.succeed(thing))
    return Effect.gen(function*() {
      const client = yield* Client.TaxdocClient
      yield* client.call(PostThing, { corpNum: CORP, params: { id: "A-1" }, body: { flag: true, zero: 0, empty: "" } })
      yield* client.call(GetThing, { corpNum: CORP, params: { name: "B-2" } })
      const post = named("Thing.post")
      expect(post).toHaveLength(1)
      expect(Object.fromEntries(post[0]!.attributes)).toEqual({ "taxdoc.operation": "Thing.Post", "taxdoc.member": CORP })
      expect(post[0]!.kind).toBe("internal")
      expect(post[0]!.status._tag === "Ended" && post[0]!.status.exit._tag).toBe("Success")
      // The attempt: OpenTelemetry's HTTP client attributes, the template and never the filled path.
      const [attempt] = named("POST /Thing/{id}")
      expect(attempt!.kind).toBe("client")
      expect(parentOf(attempt!)).toBe("Thing.post")
      expect(Object.fromEntries(attempt!.attributes)).toEqual({
        "http.request.method": "POST",
        "server.address": "api.example.test",
        "server.port": 80,
        "url.template": "/Thing/{id}",
        "taxdoc.operation": "Thing.Post",
        "http.response.status_code": 200
      })
      expect(Object.fromEntries(named("Thing.get")[0]!.attributes)).toEqual({ "taxdoc.operation": "Thing.Get", "taxdoc.member": CORP })
      expect(named("GET /{name}")[0]!.attributes.get("url.template")).toBe("/{name}")
      // The token was issued once, in a span of its own inside the first call's, its attempt under it.
      const [issue] = named("Tokens.issue")
      expect(named("Tokens.issue")).toHaveLength(1)
      expect(parentOf(issue!)).toBe("Thing.post")
      expect(Object.fromEntries(issue!.attributes)).toEqual({ "taxdoc.operation": "Auth.Token", "taxdoc.member": CORP, "taxdoc.token.scopes": "member,140" })
      expect(parentOf(named("POST /{serviceId}/Token")[0]!)).toBe("Tokens.issue")
      expect(named("POST /{serviceId}/Token")[0]!.attributes.get("server.address")).toBe("auth.example.test")
      // No span of the HTTP client's own: the attempt's span says it all.
      expect(named("GET")).toEqual([])
      expect(named("POST")).toEqual([])
    }).pipe(Effect.provide(clientLayer(state)), Effect.withTracer(tracer))
  })

  it.effect("a failed call's span ends in failure, summarised (the service's text left out); a refused input too, with nothing sent", () => {
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
      expect(failed!.attributes.get("error.type")).toBe("ApiError")
      expect(failed!.attributes.get("taxdoc.error.code")).toBe(-14000003)
      expect(messageOf(failed!)).toBe("Thing.get: CashbillNotFound (-14000003), HTTP 404")
      const [attempt] = named("GET /{name}")
      expect(Object.fromEntries(attempt!.attributes)).toMatchObject({ "http.response.status_code": 404, "error.type": "404", "taxdoc.error.code": -14000003 })
      const [invalid] = named("Thing.strict")
      // The paths and rules broken, never the value refused.
      expect(messageOf(invalid!)).toBe("Thing.strict: invalid input, nothing was sent: name [invalid]")
      expect(invalid!.attributes.get("error.type")).toBe("ValidationError")
      expect(state.seen.filter((seen) => seen.url.includes("/Strict/"))).toEqual([])
    }).pipe(Effect.provide(clientLayer(state)), Effect.withTracer(tracer))
  })

  it.effect("inside a span of the same name (a method's Telemetry.fn) the call adds its attributes to it; inside another it is a child", () => {
    const { named, parentOf, tracer } = recording()
    const state = Fake.makeState(() => Effect.succeed(thing))
    return Effect.gen(function*() {
      const client = yield* Client.TaxdocClient
      const method = Telemetry.fn("Thing.get")(function*(name: string) {
        return yield* client.call(GetThing, { corpNum: CORP, params: { name } })
      })
      yield* method("C-3")
      expect(named("Thing.get")).toHaveLength(1)
      expect(Object.fromEntries(named("Thing.get")[0]!.attributes)).toMatchObject({ "taxdoc.operation": "Thing.Get", "taxdoc.member": CORP })
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
      expect(span.events[0]![2]).toMatchObject({
        "taxdoc.operation": "Thing.read",
        "taxdoc.retry.attempt": 1,
        "error.type": "503",
        "http.response.status_code": 503,
        "taxdoc.error.code": -99999999
      })
      expect(span.attributes.get("taxdoc.retried")).toBe(true)
      // Two attempts, the second marked as a resend.
      expect(named("GET /Thing/{key}").map((attempt) => attempt.attributes.get("http.request.resend_count"))).toEqual([undefined, 1])
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

  it.effect("with a tracer installed, the request runs in its attempt's span, under the call's", () => {
    const { named, parentOf, tracer } = recording()
    const { current, state } = spanOfRequests()
    return Effect.gen(function*() {
      const client = yield* Client.TaxdocClient
      yield* client.call(GetThing, { corpNum: CORP, params: { name: "H" } })
      expect(current).toEqual(["GET /{name}"])
      expect(parentOf(named("GET /{name}")[0]!)).toBe("Thing.get")
    }).pipe(Effect.provide(clientLayer(state)), Effect.withTracer(tracer))
  })

  it.effect("a method of Telemetry.fn opens no span under the native tracer, and its span's failure is summarised under another", () => {
    const { named, tracer } = recording()
    const failing = Telemetry.fn("Thing.method")(function*(value: string) {
      return yield* Effect.fail({ _tag: "ApiError", operation: "Thing.method", status: 404, code: -14000003, message: `refused ${value}` })
    })
    return Effect.gen(function*() {
      const inside = Telemetry.fn("Thing.span")(function*() {
        return yield* Effect.option(Effect.currentSpan)
      })
      expect((yield* inside())._tag).toBe("None")
      yield* Effect.flip(failing("the value").pipe(Effect.withTracer(tracer)))
      const [span] = named("Thing.method")
      expect(messageOf(span!)).toBe("Thing.method: CashbillNotFound (-14000003), HTTP 404")
      expect(span!.attributes.get("taxdoc.error.code")).toBe(-14000003)
    })
  })
})

/** The message of the failure a span ended with. */
function messageOf(span: Tracer.NativeSpan): string | undefined {
  if (span.status._tag !== "Ended" || span.status.exit._tag !== "Failure") return undefined
  const reason = span.status.exit.cause.reasons[0]
  return reason?._tag === "Fail" ? (reason.error as Error).message : undefined
}

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
