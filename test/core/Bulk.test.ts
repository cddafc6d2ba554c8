/**
 * The one bulk issuance engine (`Bulk.ts`) against a scripted service of made-up "things": chunks
 * under submit IDs derived from their exact bytes (sent with their digest), results awaited on the
 * Effect `Clock` and answered in input order, progress reported, and a run that cannot complete
 * answered with the outcome of every document.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Latch } from "effect"
import { HttpClientError, HttpClientRequest } from "effect/http"
import * as Bulk from "../../src/core/Bulk.js"
import * as BulkSubmission from "../../src/core/BulkSubmission.js"
import * as Signing from "../../src/core/Signing.js"
import { documents, member, service, things, withClient } from "../support/bulkThings.js"
import { driven } from "../support/clock.js"
import * as Fake from "../support/FakeService.js"

describe("Bulk.issueMany", () => {
  it.effect("chunks, submits each chunk under the ID of its exact bytes with their digest, and answers in input order", () => {
    const { state, submitted } = service()
    const input = documents(250, (i) => i % 7 === 3)
    const progress: Array<Bulk.Progress> = []
    return Effect.gen(function*() {
      const results = yield* driven(withClient(state, (client) =>
        Bulk.issueMany(client, things, member, input, { interval: "1 second", onProgress: (p) => Effect.sync(() => void progress.push(p)) })), "1 second")
      expect(results.map((r) => r.key)).toEqual(input.map((t) => t.key))
      expect(results.map((r) => r.code)).toEqual(input.map((t) => (t.amount < 0 ? -1 : 1)))
      const planned = BulkSubmission.submissions(things, input)
      expect(planned.map((s) => s.keys.length)).toEqual([100, 100, 50])
      expect(submitted.map((s) => s.submitId).sort()).toEqual(planned.map((s) => s.submitId).sort())
      for (const s of submitted) {
        const plan = planned.find((p) => p.submitId === s.submitId)!
        expect(s.body).toBe(new TextDecoder().decode(plan.body.bytes))
        expect(s.submitId).toBe(BulkSubmission.submitIdFor(plan.body.bytes))
        expect(s.digest).toBe(Signing.messageDigest(plan.body.bytes))
      }
      const last = progress[progress.length - 1]!
      expect(last).toMatchObject({ total: 250, submissions: 3, submitted: 250, completed: 250, polls: 6 })
      expect(last.succeeded + last.failed).toBe(250)
      expect(last.failed).toBe(input.filter((t) => t.amount < 0).length)
    })
  })

  it("the same documents make the same submissions, bytes and submit IDs; others make others", () => {
    const a = BulkSubmission.submissions(things, documents(150))
    const b = BulkSubmission.submissions(things, documents(150))
    expect(b.map((s) => s.submitId)).toEqual(a.map((s) => s.submitId))
    expect(b.map((s) => s.body.bytes)).toEqual(a.map((s) => s.body.bytes))
    expect(BulkSubmission.submissions(things, documents(151))[1]!.submitId).not.toBe(a[1]!.submitId)
    expect(a[0]!.submitId).toMatch(/^TD-[0-9a-f]{33}$/)
  })

  it.effect("a document its completed submission does not mention is reported, never dropped", () => {
    const { state } = service({ forget: "T-0002" })
    return Effect.gen(function*() {
      const results = yield* driven(withClient(state, (client) => Bulk.issueMany(client, things, member, documents(5))))
      expect(results.map((r) => r.key)).toEqual(["T-0000", "T-0001", "T-0002", "T-0003", "T-0004"])
      expect(results[2]).toEqual({ key: "T-0002", code: -99999999, message: "not mentioned" })
    })
  })

  it.effect("no documents: nothing sent", () => {
    const { state } = service()
    return Effect.gen(function*() {
      expect(yield* withClient(state, (client) => Bulk.issueMany(client, things, member, []))).toEqual([])
      expect(state.seen).toEqual([])
    })
  })

  it.effect("a submission that surely was not sent leaves its documents NotIssued; the others' results are kept", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })
    // The second submission's request is refused on every attempt until the call's deadline (60 s).
    const { state } = service({ failSubmit: (i) => (i >= 1 ? refused : undefined) })
    return Effect.gen(function*() {
      const error = yield* Effect.flip(driven(withClient(state, (client) =>
        Bulk.issueMany(client, things, member, documents(150, (i) => i === 0), { concurrency: 1 })), "100 millis", 2_000))
      expect(error._tag).toBe("BulkIncompleteError")
      if (error._tag !== "BulkIncompleteError") return
      expect(error.items).toHaveLength(150)
      expect(error.keys("Refused")).toEqual(["T-0000"])
      expect(error.keys("Issued")).toHaveLength(99)
      expect(error.keys("NotIssued")).toEqual(documents(150).slice(100).map((t) => t.key))
      expect(error.items[120]!.submitId).toBe(BulkSubmission.submissions(things, documents(150, (i) => i === 0))[1]!.submitId)
      expect(error.causes).toHaveLength(1)
      expect(error.message).toContain("1 of 2 submissions gave up")
    })
  })

  it.effect("submissions run 4 at once unless the options say otherwise", () => {
    const { state } = service()
    let inFlight = 0
    let most = 0
    // Every submission is held at the service until the gate opens: those sent meanwhile are in flight at once.
    const gate = Latch.makeUnsafe(false)
    const slow = Fake.makeState((seen, s) =>
      seen.method !== "POST" ? state.api(seen, s) : Effect.suspend(() => {
        most = Math.max(most, ++inFlight)
        return Effect.ensuring(Effect.andThen(gate.await, state.api(seen, s)), Effect.sync(() => inFlight--))
      }))
    return Effect.gen(function*() {
      const issuing = yield* Effect.forkChild(driven(withClient(slow, (client) => Bulk.issueMany(client, things, member, documents(1_000))), "100 millis", 2_000))
      for (let turn = 0; turn < 200 && inFlight < 4; turn++) yield* Effect.yieldNow
      // More turns: a fifth submission would be sent by now if the limit let it.
      for (let turn = 0; turn < 50; turn++) yield* Effect.yieldNow
      expect(inFlight).toBe(4)
      yield* gate.open
      const result = yield* Fiber.join(issuing)
      expect(result).toHaveLength(1_000)
      expect(most).toBe(4)
    })
  })

  it.effect("every submission given up, one of them perhaps accepted: BulkIncompleteError, not the first failure", () => {
    let posts = 0
    // The first submission's answer is lost (and it is never found); the second is refused at once.
    const failing = Fake.makeState((seen) => {
      if (seen.method !== "POST") return Effect.succeed({ status: 404, body: JSON.stringify({ code: -14001033, message: "no such submission" }) })
      return posts++ === 0 || seen.body.includes("T-0000")
        ? Effect.fail(new HttpClientError.HttpClientError({ reason: new HttpClientError.TransportError({ request: HttpClientRequest.post(seen.url), cause: new Error("socket hang up") }) })) as never
        : Effect.succeed({ status: 400, body: JSON.stringify({ code: -14001032, message: "refused" }) })
    })
    return Effect.gen(function*() {
      const error = yield* Effect.flip(driven(withClient(failing, (client) => Bulk.issueMany(client, things, member, documents(150), { concurrency: 1 }), { callTimeout: "5 seconds" }), "1 second"))
      expect(error._tag).toBe("BulkIncompleteError")
      if (error._tag !== "BulkIncompleteError") return
      expect(error.message).toBe("Thing.issueMany: 2 of 2 submissions gave up — 0 issued, 0 refused, 50 not issued, 100 unknown (see items)")
    })
  })

  it.effect("when nothing can have been sent, the first failure is the answer", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })
    const { state } = service({ failSubmit: () => refused })
    return Effect.gen(function*() {
      const error = yield* Effect.flip(driven(withClient(state, (client) => Bulk.issueMany(client, things, member, documents(150))), "100 millis", 2_000))
      expect(error).toMatchObject({ _tag: "TransportError", outcome: "NotSent" })
    })
  })

  it.effect("a submission accepted but not completed before the deadline is Unknown, under its submit ID", () => {
    const { state, submitted } = service()
    const never = Fake.makeState((seen, s) => seen.method === "POST" ? state.api(seen, s) : Effect.succeed({ status: 200, body: JSON.stringify({ txState: 1 }) }))
    return Effect.gen(function*() {
      const error = yield* Effect.flip(driven(withClient(never, (client) =>
        Bulk.issueMany(client, things, member, documents(3), { interval: "1 second", deadline: "5 seconds" })), "1 second"))
      expect(error._tag).toBe("BulkIncompleteError")
      if (error._tag !== "BulkIncompleteError") return
      expect(error.keys("Unknown")).toEqual(["T-0000", "T-0001", "T-0002"])
      expect(error.items[0]!.submitId).toBe(submitted[0]!.submitId)
      expect(error.causes[0]).toMatchObject({ _tag: "PollTimeoutError" })
    })
  })
})

describe("lists in chunks", () => {
  it.effect("inChunks runs each chunk and concatenates in order; inInputOrder answers in the order asked", () =>
    Effect.gen(function*() {
      const seen: Array<number> = []
      const answers = yield* Bulk.inChunks([1, 2, 3, 4, 5], 2, (chunk) => Effect.sync(() => (seen.push(chunk.length), chunk.map((n) => n * 10))))
      expect(answers).toEqual([10, 20, 30, 40, 50])
      expect(seen.sort()).toEqual([1, 2, 2])
      expect(Bulk.inInputOrder(["b", "a", "c"], [{ k: "a" }, { k: "b" }], (x) => x.k, () => undefined)).toEqual([{ k: "b" }, { k: "a" }])
      expect(Bulk.inInputOrder(["b", "c"], [{ k: "b" }], (x) => x.k, (k) => ({ k: `missing ${k}` }))).toEqual([{ k: "b" }, { k: "missing c" }])
      expect(Bulk.chunksOf([1, 2, 3], 5)).toEqual([[1, 2, 3]])
    }))
})
