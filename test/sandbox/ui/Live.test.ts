/**
 * How the pages follow the sandbox: the change signal (bumped by calls, portal forms and admin
 * operations, not by reading admin state or the pages), the events of a page (a burst of changes
 * is one event a throttle period, driven by TestClock), the events route in process, and the log
 * of recent calls the document pages search.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Stream } from "effect"
import { TestClock } from "effect/testing"
import * as CallLog from "../../../src/sandbox/admin/CallLog.js"
import * as Changes from "../../../src/sandbox/admin/Changes.js"
import { Cashbill } from "../../../src/domains/cashbill/Cashbill.js"
import { Sandbox } from "../../../src/sandbox/Sandbox.js"
import * as Live from "../../../src/sandbox/ui/Live.js"
import { receipt } from "../../support/receipts.js"
import * as Sdk from "../../support/sdk.js"
import { page } from "./support.js"

const versionOf = (text: string): number => Number(/data-version="(\d+)"/.exec(text)![1])

describe("following the sandbox", () => {
  it.effect("the version moves with calls and admin changes, not with reading admin state or the pages", () =>
    Effect.gen(function*() {
      const sandbox = yield* Sandbox
      const start = versionOf((yield* page()).text)
      expect(versionOf((yield* page("/cashbill")).text)).toBe(start)
      yield* sandbox.stats
      yield* sandbox.clock
      expect(versionOf((yield* page()).text)).toBe(start)
      yield* Effect.flatMap(Cashbill, (cb) => cb.issue(Sdk.MEMBER, receipt("V-1", Sdk.MEMBER)))
      const afterCalls = versionOf((yield* page()).text)
      expect(afterCalls).toBeGreaterThan(start)
      yield* sandbox.advanceClock(1_000)
      expect(versionOf((yield* page()).text)).toBeGreaterThan(afterCalls)
    }).pipe(Effect.provide(Sdk.layer({ sandbox: { members: [{ corpNum: Sdk.MEMBER }] } }))))

  it.effect("a page's events: one at once when it is behind, then one per change at most every throttle period", () =>
    Effect.gen(function*() {
      const changes = Changes.make()
      expect(Live.events(changes, 0, {}).first).toBe(`retry: ${Live.RETRY_MILLIS}\n\n`)
      changes.bump()
      const behind = Live.events(changes, 0, {})
      expect(behind.first).toBe(`retry: ${Live.RETRY_MILLIS}\n\nevent: change\ndata: 1\n\n`)

      const answer = Live.events(changes, 1, {})
      const fiber = yield* Effect.forkChild(Stream.runCollect(Stream.take(answer.next, 2)))
      yield* Effect.yieldNow
      changes.bump()
      yield* Effect.yieldNow
      // A burst right after: it waits for the end of the throttle period, then is one event.
      changes.bump()
      changes.bump()
      yield* TestClock.adjust(Live.THROTTLE_MILLIS - 1)
      expect(fiber.pollUnsafe()).toBeUndefined()
      yield* TestClock.adjust(1)
      expect(yield* Fiber.join(fiber)).toEqual(["event: change\ndata: 2\n\n", "event: change\ndata: 4\n\n"])
    }))

  it.effect("in process the events route answers its first events and ends (an in-process client reads whole bodies)", () =>
    Effect.gen(function*() {
      const events = yield* page("/events?since=-1")
      expect(events.status).toBe(200)
      expect(events.headers["content-type"]).toBe("text/event-stream; charset=utf-8")
      expect(events.text).toMatch(/^retry: 3000\n\nevent: change\ndata: \d+\n\n$/)
    }).pipe(Effect.provide(Sdk.layer())))

  it("the call log keeps the most recent calls, a copy of the document operations' small bodies, and finds a document named in a path or a body", () => {
    const log = CallLog.make(3)
    const body = new TextEncoder().encode(JSON.stringify({ mgtKey: "K-1", itemName: "x" }))
    const first = log.record("test", "Cashbill.RegistIssue", {}, body)
    body.fill(0)
    log.record("test", "Cashbill.GetInfo", { mgtKey: "K-1" }, new Uint8Array(0))
    log.record("test", "Cashbill.GetInfos", {}, new TextEncoder().encode(JSON.stringify(["K-2", "K-1"])))
    expect(CallLog.names(first, "K-1")).toBe(true)
    expect(CallLog.names(first, "K")).toBe(false)
    expect(log.recent().map((c) => c.operation)).toEqual(["Cashbill.GetInfos", "Cashbill.GetInfo", "Cashbill.RegistIssue"])
    expect(log.recent().every((c) => CallLog.names(c, "K-1"))).toBe(true)
    log.record("test", "Cashbill.Delete", { mgtKey: "K-3" }, new Uint8Array(CallLog.KEPT_BODY_BYTES + 1))
    expect(log.recent().map((c) => c.seq)).toEqual([4, 3, 2])
    expect(log.recent()[0]!.body).toBeUndefined()
    // Bodies of other operations are never kept (a member's password travels in JoinMember's).
    const joined = log.record("test", "Member.JoinMember", {}, new TextEncoder().encode(JSON.stringify({ Password: "secret12!" })))
    expect(joined.body).toBeUndefined()
    const none = CallLog.make(0)
    none.record("test", "Cashbill.GetInfo", {}, body)
    expect(none.recent()).toEqual([])
  })
})
