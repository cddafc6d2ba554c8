/**
 * For generated secret keys, no secret — the partner's secret key, an issued access token, an
 * `Authorization` value — appears in any error (`message`, `toString`, `JSON.stringify`,
 * `Cause.pretty`), in any log line at any level, or in any span attribute or event, across
 * successful calls, refusals, validation failures, token re-issuance and refused token requests.
 */
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Cause, Effect, Exit, Logger, Redacted, References, Schema, Tracer } from "effect"
import { TestClock } from "effect/testing"
import * as Taxdoc from "../../src/Taxdoc.js"
import { Cashbill } from "../../src/domains/cashbill/Cashbill.js"
import { Member } from "../../src/domains/member/Member.js"
import { tokensSlot } from "../../src/sandbox/auth/IssuedTokens.js"
import { Sandbox } from "../../src/sandbox/Sandbox.js"
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

/** A span that records its name, attributes, events and failure as it sees them. */
class CapturingSpan extends Tracer.NativeSpan {
  constructor(options: ConstructorParameters<typeof Tracer.NativeSpan>[0]) {
    super(options)
    record(options.name)
  }
  override end(endTime: bigint, exit: Exit.Exit<unknown, unknown>): void {
    super.end(endTime, exit)
    if (Exit.isFailure(exit)) record(Cause.pretty(exit.cause))
  }
  override attribute(key: string, value: unknown): void {
    super.attribute(key, value)
    record([key, value])
  }
  override event(name: string, startTime: bigint, attributes?: Record<string, unknown>): void {
    super.event(name, startTime, attributes)
    record([name, attributes])
  }
}

const tracer = Tracer.make({ span: (options) => new CapturingSpan(options) })

const logger = Logger.make(({ cause, fiber, message }) => {
  record(message)
  record(fiber.getRef(References.CurrentLogAnnotations))
  if (Cause.hasFails(cause) || Cause.hasDies(cause)) record(Cause.pretty(cause))
})

const renderError = (error: unknown) => {
  record(String(error))
  record(error instanceof Error ? error.message : error)
  record(error)
  record(Cause.pretty(Cause.fail(error)))
}

const secretKey = Arbitrary.map(Arbitrary.schema(Schema.Uint8Array.check(Schema.isBetweenLength(32, 32))), (b) => Buffer.from(b).toString("base64"))

describe("secrets never leak", () => {
  it.effect.prop("no secret key, token or Authorization value in errors, logs or spans", [secretKey], ([secret]) => {
    seen.length = 0
    const sdk = Taxdoc.layerSandbox({
      linkId: "LEAKTEST",
      secretKey: Redacted.make(secret),
      retries: 0,
      sandbox: { partners: [{ linkId: "LEAKTEST", secretKey: secret }], members: [{ corpNum: CORP, linkId: "LEAKTEST" }] }
    })
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const cashbill = yield* Cashbill
      yield* Effect.logDebug("starting").pipe(Effect.annotateLogs("corpNum", CORP))
      yield* cashbill.issue(CORP, receipt("LEAK-1", CORP))
      yield* cashbill.getInfo(CORP, "LEAK-1")
      const member = yield* Member
      const failures = [
        yield* Effect.flip(cashbill.getInfo(CORP, "NOPE-1")),
        yield* Effect.flip(cashbill.getInfo(CORP, "not valid!")),
        yield* Effect.flip(cashbill.getInfo("6798700433", "LEAK-1")),
        yield* Effect.flip(member.getCorpInfo("0000000000"))
      ]
      // A refused token is dropped and the call retried with a new one.
      const sandbox = yield* Sandbox
      yield* sandbox.expireTokens("test")
      yield* cashbill.getInfo(CORP, "LEAK-1")
      for (const failure of failures) renderError(failure)
      yield* Effect.logError("failures", failures)

      const tokens = yield* sandbox.use(Effect.map(SandboxStore, (store) => [...store.get(tokensSlot, "test").byValue.keys()]))
      expect(tokens.length).toBeGreaterThanOrEqual(2)
      const forbidden = [secret, Buffer.from(secret, "base64").toString("hex"), ...tokens, ...tokens.map((t) => `Bearer ${t}`)]
      const everything = seen.join("\n")
      // The observers did see the calls: spans with their attributes, logs, rendered errors.
      expect(everything).toContain("Cashbill.issue")
      expect(everything).toContain("taxdoc.member")
      expect(everything).toContain("starting")
      expect(everything).toContain("ValidationError")
      for (const value of forbidden) expect(everything.includes(value), "a secret leaked").toBe(false)
    }).pipe(
      Effect.withTracer(tracer),
      Effect.provide(Logger.layer([logger])),
      Effect.provideService(References.MinimumLogLevel, "All"),
      Effect.provide(sdk)
    )
  }, { arbitrary: { runs: 25 } })
})
