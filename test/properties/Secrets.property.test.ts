/**
 * For generated secret keys, no secret — the partner's secret key, an issued access token, an
 * `Authorization` value — appears in any error (`message`, `toString`, `JSON.stringify`,
 * `Cause.pretty`), in any log line at any level, or in any span attribute or event, across
 * successful calls, refusals, validation failures, token re-issuance and refused token requests.
 */
import { describe, expect, it } from "@effect/vitest"
import { Cause, Context, Effect, Exit, Layer, Logger, LogLevel, Option, Redacted, TestClock, Tracer } from "effect"
import * as fc from "fast-check"
import * as Taxdoc from "../../src/Taxdoc.js"
import { Cashbill } from "../../src/domains/cashbill/Cashbill.js"
import { Member } from "../../src/domains/member/Member.js"
import * as Connect from "../../src/sandbox/Connect.js"
import * as InProcess from "../../src/sandbox/InProcess.js"
import { Sandbox } from "../../src/sandbox/Sandbox.js"
import { tokensSlot } from "../../src/sandbox/IssuedTokens.js"
import { SandboxStore } from "../../src/sandbox/Store.js"
import { receipt } from "../support/receipts.js"

const CORP = "1234567891"
const START = Date.UTC(2026, 10, 22, 1, 0, 0)

/** Everything an observer could see: log lines, span attributes and events, rendered errors. */
const seen: Array<string> = []

const record = (value: unknown) => {
  try {
    seen.push(typeof value === "string" ? value : JSON.stringify(value, (_, v) => (typeof v === "bigint" ? String(v) : v)) ?? String(value))
  } catch {
    seen.push(String(value))
  }
}

class CapturingSpan implements Tracer.Span {
  readonly _tag = "Span"
  readonly spanId = Math.random().toString(16).slice(2)
  readonly traceId = "trace"
  readonly sampled = true
  readonly attributes = new Map<string, unknown>()
  readonly links: Array<Tracer.SpanLink> = []
  status: Tracer.SpanStatus
  constructor(
    readonly name: string,
    readonly parent: Option.Option<Tracer.AnySpan>,
    readonly context: Context.Context<never>,
    startTime: bigint,
    readonly kind: Tracer.SpanKind
  ) {
    this.status = { _tag: "Started", startTime }
    record(name)
  }
  end(endTime: bigint, exit: Exit.Exit<unknown, unknown>): void {
    this.status = { _tag: "Ended", startTime: (this.status as { startTime: bigint }).startTime, endTime, exit }
    if (Exit.isFailure(exit)) record(Cause.pretty(exit.cause))
  }
  attribute(key: string, value: unknown): void {
    this.attributes.set(key, value)
    record([key, value])
  }
  event(name: string, _startTime: bigint, attributes?: Record<string, unknown>): void {
    record([name, attributes])
  }
  addLinks(links: ReadonlyArray<Tracer.SpanLink>): void {
    this.links.push(...links)
  }
}

const tracer = Tracer.make({
  span: (name, parent, context, links, startTime, kind) => {
    const span = new CapturingSpan(name, parent, context, startTime, kind)
    span.addLinks(links)
    return span
  },
  context: (f) => f()
})

const logger = Logger.make(({ annotations, cause, message }) => {
  record(message)
  record(Array.from(annotations))
  if (!Cause.isEmpty(cause)) record(Cause.pretty(cause))
})

const renderError = (error: unknown) => {
  record(String(error))
  record(error instanceof Error ? error.message : error)
  record(error)
  record(Cause.pretty(Cause.fail(error)))
}

const secretKey = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString("base64"))

describe("secrets never leak", () => {
  it.effect.prop("no secret key, token or Authorization value in errors, logs or spans", [secretKey], ([secret]) => {
    seen.length = 0
    const sandbox = InProcess.layer({ partners: [{ linkId: "LEAKTEST", secretKey: secret }], members: [{ corpNum: CORP, linkId: "LEAKTEST" }] })
    const sdk = Taxdoc.services.pipe(
      Layer.provideMerge(Connect.layerConfig({ linkId: "LEAKTEST", secretKey: Redacted.make(secret), retries: 0 })),
      Layer.provideMerge(sandbox)
    )
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const cashbill = yield* Cashbill
      yield* Effect.logDebug("starting").pipe(Effect.annotateLogs("corpNum", CORP))
      yield* cashbill.issue(CORP, receipt("LEAK-1", CORP))
      yield* cashbill.getInfo(CORP, "LEAK-1")
      const failures = [
        yield* Effect.flip(cashbill.getInfo(CORP, "NOPE-1")),
        yield* Effect.flip(cashbill.getInfo(CORP, "not valid!")),
        yield* Effect.flip(cashbill.getInfo("6798700433", "LEAK-1")),
        yield* Effect.flip(Effect.flatMap(Member, (m) => m.getCorpInfo("0000000000")))
      ]
      // A refused token is dropped and the call retried with a new one.
      yield* Effect.flatMap(Sandbox, (s) => s.expireTokens("test"))
      yield* cashbill.getInfo(CORP, "LEAK-1")
      for (const failure of failures) renderError(failure)
      yield* Effect.logError("failures", failures)

      const tokens = yield* Effect.flatMap(Sandbox, (s) => s.use(Effect.map(SandboxStore, (store) => [...store.get(tokensSlot, "test").byValue.keys()])))
      expect(tokens.length).toBeGreaterThanOrEqual(2)
      const forbidden = [secret, Buffer.from(secret, "base64").toString("hex"), ...tokens, ...tokens.map((t) => `Bearer ${t}`)]
      const everything = seen.join("\n")
      // The observers did see the calls: spans with their attributes, logs, rendered errors.
      expect(everything).toContain("Cashbill.issue")
      expect(everything).toContain("taxdoc.corpNum")
      expect(everything).toContain("starting")
      expect(everything).toContain("ValidationError")
      for (const value of forbidden) expect(everything.includes(value), "a secret leaked").toBe(false)
    }).pipe(
      Effect.withTracer(tracer),
      Effect.provide(Logger.replace(Logger.defaultLogger, logger)),
      Logger.withMinimumLogLevel(LogLevel.All),
      Effect.provide(sdk)
    )
  }, { fastCheck: { numRuns: 25 } })
})
