/**
 * `Outcome.settle` on scripted writes and reads, under `TestClock`: a lost answer read back, sent
 * again, read back again, round after round until a definite answer or the deadline; a rerun
 * answered as its first run; the deadline handed to every call of the settlement; what is counted
 * and told.
 */
import { describe, expect, it } from "@effect/vitest"
import { Clock, Duration, Effect, Option, References, Schedule } from "effect"
import { ApiError, ResponseError, TransportError } from "../../src/core/Errors.js"
import * as Outcome from "../../src/core/Outcome.js"
import * as Retry from "../../src/core/Retry.js"
import { TestClock } from "effect/testing"
import { driven } from "../support/clock.js"
import { exported, spanNamed } from "../support/otel.js"

const OPERATION = { name: "Thing.Write", sdk: "Thing.write" }
const START = Date.UTC(2026, 10, 22, 1, 0, 0)

const policy = (overrides: Partial<Retry.Policy> = {}): Retry.Policy => ({
  schedule: Option.some(Retry.backoff({ retries: 3, baseDelay: "100 millis", maxDelay: "1 second" })),
  patience: Option.some(Retry.backoff({ retries: Number.POSITIVE_INFINITY, baseDelay: "100 millis", maxDelay: "1 second" })),
  callTimeout: Duration.seconds(10),
  patientReads: false,
  answerReruns: true,
  ...overrides
})

const lost = new TransportError({ operation: "Thing.write", reason: "Network", outcome: "Unknown", message: "socket hang up" })
const notSent = new TransportError({ operation: "Thing.write", reason: "Network", outcome: "NotSent", message: "connect ECONNREFUSED" })
const api = (status: number, code: number) => new ApiError({ operation: "Thing.write", status, code, message: `${code}`, serviceMessage: `${code}` })
const inUse = api(400, -14001019)
const refused = api(400, -14001020)
const busy = api(503, -99999999)
const gateway = new ResponseError({ operation: "Thing.write", status: 502, reason: "UnexpectedStatus", bodyExcerpt: "<html>", message: "502" })
const forbidden = api(403, -10000020)

type Step<A> = { readonly ok: A } | { readonly fail: unknown } | "hang"

/** An effect answering `steps` in turn (the last repeats), noting each call's time and the settlement deadline it saw. */
const scripted = <A>(steps: ReadonlyArray<Step<A>>) => {
  const calls: Array<{ readonly at: number; readonly until: number | undefined }> = []
  const effect = Effect.withFiber((fiber) => {
    const step = steps[Math.min(calls.length, steps.length - 1)]!
    calls.push({ at: fiber.getRef(Clock.Clock).currentTimeMillisUnsafe(), until: fiber.getRef(Retry.SettlingUntil) })
    if (step === "hang") return Effect.never
    return "ok" in step ? Effect.succeed(step.ok) : Effect.fail(step.fail)
  }) as Effect.Effect<A, never>
  return { effect: effect as Effect.Effect<A, Failure>, calls }
}

const found = { ok: Option.some("the document sent") }
const other = { ok: Option.some("another document") }
const missing = { ok: Option.none<string>() }

type Failure = TransportError | ApiError | ResponseError
interface Scripted {
  readonly effect: Effect.Effect<unknown, Failure>
}

const settle = (write: Scripted, read: Scripted, overrides: Partial<Outcome.SettleOptions<string, Failure, never, string, Failure, never>> = {}) =>
  Outcome.settle({
    operation: OPERATION,
    documentId: "D-1",
    policy: policy(),
    write: write.effect as Effect.Effect<string, Failure>,
    read: read.effect as Effect.Effect<Option.Option<string>, Failure>,
    judge: (document, why) =>
      Option.isNone(document)
        ? Outcome.didNotHappen
        : document.value === "the document sent"
        ? Outcome.happened(`answered (${why})`)
        : Outcome.different("amount differs"),
    ...overrides
  })

const bySteps = <A, E>(effect: Effect.Effect<A, E>) => driven(effect, "50 millis", 2_000)

describe("Outcome.settle: a lost answer", () => {
  it.effect("answered at once: nothing read, the deadline handed to the write", () => {
    const write = scripted([{ ok: "issued" }])
    const read = scripted([found])
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const started = yield* Clock.currentTimeMillis
      expect(yield* settle(write, read)).toBe("issued")
      expect(read.calls).toHaveLength(0)
      expect(write.calls[0]!.until).toBe(started + 10_000)
    })
  })

  it.effect("read back and found as sent: its answer rebuilt, the write sent once", () => {
    const write = scripted([{ fail: lost }])
    const read = scripted([found])
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      expect(yield* settle(write, read)).toBe("answered (lost)")
      expect(write.calls).toHaveLength(1)
      expect(read.calls).toHaveLength(1)
    })
  })

  it.effect("not there: sent again; that answer lost too: read back again (after a wait), found", () => {
    const write = scripted([{ fail: lost }, { fail: lost }])
    const read = scripted([missing, found])
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const started = yield* Clock.currentTimeMillis
      expect(yield* bySteps(settle(write, read))).toBe("answered (lost)")
      expect(write.calls).toHaveLength(2)
      expect(read.calls).toHaveLength(2)
      // The first read comes at once, the resend right after it; every call keeps the deadline.
      expect(read.calls[0]!.at).toBe(started)
      expect(write.calls[1]!.at).toBe(started)
      expect([...write.calls, ...read.calls].every((call) => call.until === started + 10_000)).toBe(true)
    })
  })

  it.effect("lost round after round: StillUnknown once the deadline leaves no room, counting reads and sends", () => {
    const write = scripted([{ fail: lost }])
    const read = scripted([missing])
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const started = yield* Clock.currentTimeMillis
      const error = yield* Effect.flip(bySteps(settle(write, read)))
      expect(error).toMatchObject({ _tag: "UnknownOutcomeError", operation: "Thing.write", documentId: "D-1", reason: "StillUnknown" })
      if (error._tag !== "UnknownOutcomeError") return
      expect(error.sends).toBe(write.calls.length)
      expect(error.reads).toBe(read.calls.length)
      expect(error.sends).toBe(error.reads + 1)
      expect(error.reads).toBeGreaterThan(3)
      expect(error.message).toBe(
        `Thing.write: the outcome of D-1 is unknown — it was not there, was sent again, and that answer was lost too (${error.reads} reads and ${error.sends} sends); read it back before sending it again`
      )
      expect(error.cause).toBe(lost)
      const elapsed = (yield* Clock.currentTimeMillis) - started
      expect(elapsed).toBeGreaterThanOrEqual(9_000)
      expect(elapsed).toBeLessThanOrEqual(10_000)
    })
  })

  it.effect("a read refused for good (not an outage): ReadFailed at once", () => {
    const write = scripted([{ fail: lost }])
    const read = scripted<Option.Option<string>>([{ fail: forbidden }])
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const error = yield* Effect.flip(settle(write, read))
      expect(error).toMatchObject({ _tag: "UnknownOutcomeError", reason: "ReadFailed", reads: 1, sends: 1, cause: forbidden })
      expect(error.message).toContain("reading it back failed (1 read and 1 send)")
    })
  })

  it.effect("reads failing through an outage are tried again; the outage over, the write is settled", () => {
    const write = scripted([{ fail: lost }])
    const read = scripted<Option.Option<string>>([{ fail: gateway }, { fail: notSent }, { fail: busy }, found])
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      expect(yield* bySteps(settle(write, read))).toBe("answered (lost)")
      expect(read.calls).toHaveLength(4)
      expect(write.calls).toHaveLength(1)
    })
  })

  it.effect("reads failing until the deadline: ReadFailed", () => {
    const write = scripted([{ fail: lost }])
    const read = scripted<Option.Option<string>>([{ fail: gateway }])
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const error = yield* Effect.flip(bySteps(settle(write, read)))
      expect(error).toMatchObject({ _tag: "UnknownOutcomeError", reason: "ReadFailed", sends: 1, cause: gateway })
      expect(error.message).toContain("reading it back failed until the deadline")
    })
  })

  it.effect("a different document under the ID: DifferentDocument, never sent again", () => {
    const write = scripted([{ fail: gateway }])
    const read = scripted([other])
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const error = yield* Effect.flip(settle(write, read))
      expect(error).toMatchObject({ _tag: "UnknownOutcomeError", reason: "DifferentDocument", reads: 1, sends: 1, cause: gateway })
      expect(error.message).toContain("a different document stands under that ID: amount differs")
      expect(write.calls).toHaveLength(1)
    })
  })

  it.effect("refused for the moment (503 with the service's code): read back, not there, sent again", () => {
    const write = scripted([{ fail: busy }, { ok: "issued" }])
    const read = scripted([missing])
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      expect(yield* settle(write, read)).toBe("issued")
      expect(read.calls).toHaveLength(1)
      expect(write.calls).toHaveLength(2)
    })
  })

  it.effect("a definite refusal is the answer, not settled", () => {
    const write = scripted([{ fail: refused }])
    const read = scripted([found])
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      expect(yield* Effect.flip(settle(write, read))).toBe(refused)
      expect(read.calls).toHaveLength(0)
    })
  })

  it.effect("a resend surely not sent is sent again; surely not sent until the deadline, that refusal is the answer", () => {
    const write = scripted([{ fail: lost }, { fail: notSent }])
    const read = scripted([missing])
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      expect(yield* Effect.flip(bySteps(settle(write, read)))).toBe(notSent)
      expect(read.calls).toHaveLength(1)
      expect(write.calls.length).toBeGreaterThan(3)
    })
  })

  it.effect("a resend surely not sent, then answered: issued, without reading again", () => {
    const write = scripted([{ fail: lost }, { fail: notSent }, { ok: "issued" }])
    const read = scripted([missing])
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      expect(yield* bySteps(settle(write, read))).toBe("issued")
      expect(read.calls).toHaveLength(1)
      expect(write.calls).toHaveLength(3)
    })
  })

  it.effect("the first send surely not sent is the answer (the client already tried it until the deadline)", () => {
    const write = scripted([{ fail: notSent }])
    const read = scripted([missing])
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      expect(yield* Effect.flip(settle(write, read))).toBe(notSent)
      expect(write.calls).toHaveLength(1)
      expect(read.calls).toHaveLength(0)
    })
  })

  it.effect("a deadline of its own, without end: a first send surely not sent is sent again along the patience given", () => {
    const write = scripted([{ fail: notSent }, { fail: notSent }, { ok: "issued" }])
    const read = scripted([missing])
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const started = yield* Clock.currentTimeMillis
      const answer = yield* bySteps(settle(write, read, { deadline: Duration.infinity, patience: Schedule.spaced("1 second") }))
      expect(answer).toBe("issued")
      expect(read.calls).toHaveLength(0)
      expect(write.calls.map((call) => call.at - started)).toEqual([0, 0, 1_000])
      expect(write.calls.every((call) => call.until === Number.POSITIVE_INFINITY)).toBe(true)
    })
  })

  it.effect("a deadline given counts from the write's start", () => {
    const write = scripted([{ fail: lost }])
    const read = scripted([missing])
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const started = yield* Clock.currentTimeMillis
      const error = yield* Effect.flip(bySteps(settle(write, read, { deadline: Duration.seconds(2) })))
      expect(error._tag).toBe("UnknownOutcomeError")
      expect(write.calls[0]!.until).toBe(started + 2_000)
      expect((yield* Clock.currentTimeMillis) - started).toBeLessThanOrEqual(2_000)
    })
  })

  it.effect("retrying off (no patience): one round — a read, one resend — then StillUnknown", () => {
    const write = scripted([{ fail: lost }])
    const read = scripted([missing])
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const error = yield* Effect.flip(settle(write, read, { policy: policy({ schedule: Option.none(), patience: Option.none() }) }))
      expect(error).toMatchObject({ _tag: "UnknownOutcomeError", reason: "StillUnknown", reads: 1, sends: 2 })
    })
  })

  it.effect("the write used up the deadline: still one round", () => {
    const read = scripted([found])
    // The write takes 11 seconds of the test's clock, then its answer is lost.
    const write = { effect: Effect.andThen(TestClock.adjust("11 seconds"), Effect.fail(lost)) }
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      expect(yield* bySteps(settle(write, read))).toBe("answered (lost)")
      expect(read.calls).toHaveLength(1)
    })
  })

  it.effect("the deadline passing while it is read back: ReadFailed; while it is sent again: StillUnknown", () => {
    const hangingRead = scripted<Option.Option<string>>(["hang"])
    const hangingSend = scripted<string>([{ fail: lost }, "hang"])
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const reading = yield* Effect.flip(bySteps(settle(scripted([{ fail: lost }]), hangingRead)))
      expect(reading).toMatchObject({ reason: "ReadFailed" })
      expect(reading.message).toContain("the deadline passed while it was read back")
      const sending = yield* Effect.flip(bySteps(settle(hangingSend, scripted([missing]))))
      expect(sending).toMatchObject({ reason: "StillUnknown" })
      expect(sending.message).toContain("the deadline passed while it was sent again")
    })
  })
})

describe("Outcome.settle: a rerun", () => {
  it.effect("answered 'ID in use', the document sent found there: answered as its first run", () => {
    const write = scripted([{ fail: inUse }])
    const read = scripted([found])
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      expect(yield* settle(write, read)).toBe("answered (rerun)")
      expect(write.calls).toHaveLength(1)
    })
  })

  it.effect("another document there, or none: the service's refusal, never sent again", () => {
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      for (const document of [other, missing]) {
        const write = scripted([{ fail: inUse }])
        expect(yield* Effect.flip(settle(write, scripted([document])))).toBe(inUse)
        expect(write.calls).toHaveLength(1)
      }
    })
  })

  it.effect("answerReruns off: the refusal at once, nothing read", () => {
    const read = scripted([found])
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      expect(yield* Effect.flip(settle(scripted([{ fail: inUse }]), read, { policy: policy({ answerReruns: false }) }))).toBe(inUse)
      expect(read.calls).toHaveLength(0)
    })
  })

  it.effect("a refusal of its own that says the write was made before (an invoice issued already)", () => {
    const invalidState = api(400, -11000016)
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      expect(yield* settle(scripted([{ fail: invalidState }]), scripted([found]), { rerun: (error) => error === invalidState })).toBe("answered (rerun)")
      expect(yield* Effect.flip(settle(scripted([{ fail: inUse }]), scripted([found]), { rerun: (error) => error === invalidState }))).toBe(inUse)
    })
  })

  it.effect("a resend answered 'ID in use' after nothing was found (the lost send processed late): read back again and answered", () => {
    const write = scripted([{ fail: lost }, { fail: inUse }])
    const read = scripted([missing, found])
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      expect(yield* bySteps(settle(write, read))).toBe("answered (lost)")
      expect(read.calls).toHaveLength(2)
    })
  })

  it.effect("…and another document found then: the service's refusal stands", () => {
    const write = scripted([{ fail: lost }, { fail: inUse }])
    const read = scripted([missing, other])
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      expect(yield* Effect.flip(bySteps(settle(write, read)))).toBe(inUse)
    })
  })
})

describe("Outcome.isUnknown", () => {
  it("a write may have been processed: a dropped connection or a deadline after sending, an answer cut short, a 5xx page", () => {
    expect(Outcome.isUnknown(lost)).toBe(true)
    expect(Outcome.isUnknown(notSent)).toBe(false)
    expect(Outcome.isUnknown(gateway)).toBe(true)
    expect(Outcome.isUnknown(new ResponseError({ operation: "x", status: 500, reason: "UnexpectedStatus", bodyExcerpt: "", message: "" }))).toBe(true)
    expect(Outcome.isUnknown(new ResponseError({ operation: "x", status: 200, reason: "Decode", bodyExcerpt: "{", message: "" }))).toBe(true)
    expect(Outcome.isUnknown(new ResponseError({ operation: "x", status: 499, reason: "UnexpectedStatus", bodyExcerpt: "", message: "" }))).toBe(false)
    expect(Outcome.isUnknown(busy)).toBe(false)
    expect(Outcome.isIdInUse(inUse)).toBe(true)
    expect(Outcome.isIdInUse(refused)).toBe(false)
    expect(Outcome.isIdInUse(lost)).toBe(false)
  })
})

describe("what a settlement tells", () => {
  const told = <A, E>(effect: Effect.Effect<A, E>) => {
    const otel = exported()
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const exit = yield* Effect.exit(bySteps(effect.pipe(Effect.withSpan("Thing.write"))))
      const span = spanNamed(otel.spans(), "Thing.write")
      return {
        exit,
        steps: span.events.filter((event) => event.name === "taxdoc.settlement").map((event) => [event.attributes!["taxdoc.settlement.verdict"], event.attributes!["taxdoc.settlement.attempt"]]),
        events: span.events.filter((event) => event.name === "taxdoc.settlement"),
        logs: otel.logs().filter((record) => String(record.body).startsWith("taxdoc:"))
      }
    }).pipe(Effect.provide(otel.layer), Effect.provideService(References.MinimumLogLevel, "All"))
  }

  it.effect("each read and resend an event with its verdict and number; one warning at the end, with the member, the verdict and the time taken", () =>
    Effect.gen(function*() {
      const write = { effect: Effect.andThen(TestClock.adjust("1500 millis"), Effect.fail(lost)) }
      const { logs, steps, events } = yield* told(settle(write, scripted([found]), { corpNum: "1234567890" }))
      expect(steps).toEqual([["happened", 1]])
      expect(events[0]!.attributes).toEqual({
        "taxdoc.operation": "Thing.Write",
        "taxdoc.document.id": "D-1",
        "taxdoc.member": "1234567890",
        "error.type": "TransportError.Network",
        "taxdoc.settlement.verdict": "happened",
        "taxdoc.settlement.attempt": 1
      })
      expect(logs).toHaveLength(1)
      expect(logs[0]!.severityText).toBe("Warn")
      expect(logs[0]!.body).toBe("taxdoc: the answer of Thing.write for D-1 was lost (TransportError.Network); read back, it had happened (1 read and 1 send, 1.50 s)")
      expect(logs[0]!.attributes).toMatchObject({ "taxdoc.member": "1234567890", "taxdoc.settlement.verdict": "happened", "taxdoc.settlement.duration_ms": 1500 })
    }))

  it.effect("the steps of rounds: not there, sent again and lost, read again; sent again and answered", () =>
    Effect.gen(function*() {
      const { logs, steps, events } = yield* told(settle(scripted([{ fail: busy }, { fail: lost }, { ok: "issued" }]), scripted([missing])))
      expect(steps).toEqual([["did_not_happen", 1], ["still_unknown", 2], ["did_not_happen", 2], ["answered", 3]])
      expect(events.every((event) => !("taxdoc.member" in event.attributes!))).toBe(true)
      // Why the answer counts as lost: the last failure.
      expect(events.map((event) => event.attributes!["error.type"])).toEqual(["503", "TransportError.Network", "TransportError.Network", "TransportError.Network"])
      expect(logs).toHaveLength(0)
    }))

  it.effect("the end of a settlement that gives up says so, with the verdict of its last step", () =>
    Effect.gen(function*() {
      const different = yield* told(settle(scripted([{ fail: lost }]), scripted([other])))
      expect(different.steps).toEqual([["different", 1]])
      expect(different.logs[0]!.body).toMatch(/^taxdoc: the answer of Thing\.write for D-1 was lost \(TransportError\.Network\); not settled: a different document stands under that ID: amount differs \(1 read and 1 send, 0\.00 s\)$/)
      expect(different.logs[0]!.attributes).toMatchObject({ "taxdoc.settlement.verdict": "different" })
      const failed = yield* told(settle(scripted([{ fail: busy }]), scripted<Option.Option<string>>([{ fail: forbidden }])))
      expect(failed.steps).toEqual([["read_failed", 1]])
      expect(failed.logs[0]!.body).toMatch(/^taxdoc: Thing\.write for D-1 was refused for the moment \(503\); not settled: reading it back failed/)
      expect(failed.logs[0]!.attributes).toMatchObject({ "taxdoc.settlement.verdict": "read_failed" })
      const still = yield* told(settle(scripted([{ fail: lost }]), scripted([missing]), { deadline: Duration.seconds(1) }))
      expect(still.logs[0]!.attributes).toMatchObject({ "taxdoc.settlement.verdict": "still_unknown" })
      expect(still.logs[0]!.severityText).toBe("Warn")
    }))

  it.effect("a rerun is a debug line; a rerun of another document, and a first send that could not be sent, say so", () =>
    Effect.gen(function*() {
      const rerun = yield* told(settle(scripted([{ fail: inUse }]), scripted([found])))
      expect(rerun.logs[0]!.severityText).toBe("Debug")
      expect(rerun.logs[0]!.body).toBe("taxdoc: Thing.write for D-1 was refused as run before (400); read back, it is the document sent: answered as its first run (1 read and 1 send, 0.00 s)")
      const another = yield* told(settle(scripted([{ fail: inUse }]), scripted([other])))
      expect(another.logs[0]!.body).toContain("; read back, a different document stands under that ID: amount differs (")
      expect(another.logs[0]!.attributes).toMatchObject({ "taxdoc.settlement.verdict": "different" })
      const none = yield* told(settle(scripted([{ fail: inUse }]), scripted([missing])))
      expect(none.logs[0]!.body).toContain("; read back, the document is not the one sent (")
      expect(none.logs[0]!.attributes).toMatchObject({ "taxdoc.settlement.verdict": "did_not_happen" })
      const unsent = yield* told(settle(scripted([{ fail: notSent }]), scripted([missing]), { deadline: Duration.seconds(1), patience: Schedule.spaced("300 millis") }))
      expect(unsent.logs[0]!.body).toMatch(/^taxdoc: Thing\.write for D-1 could not be sent \(TransportError\.Network\); it was not there and could not be sent again \(0 reads and \d+ sends, /)
      expect(unsent.logs[0]!.attributes).toMatchObject({ "taxdoc.settlement.verdict": "did_not_happen" })
    }))
})

describe("Outcome.found", () => {
  it.effect("not found is None; any other failure stays the failure", () =>
    Effect.gen(function*() {
      expect(yield* Outcome.found(Effect.fail(api(404, -14000003)))).toEqual(Option.none())
      expect(yield* Outcome.found(Effect.succeed("x"))).toEqual(Option.some("x"))
      expect(yield* Effect.flip(Outcome.found(Effect.fail(forbidden)))).toBe(forbidden)
      expect(yield* Effect.flip(Outcome.found(Effect.fail(lost)))).toBe(lost)
    }))
})
