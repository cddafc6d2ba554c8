import { readFileSync } from "node:fs"
import { afterAll, describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit, Option, Result } from "effect"
import { TestClock } from "effect/testing"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import * as Cashbill from "../../src/domains/cashbill/Cashbill.js"
import * as Member from "../../src/domains/member/Member.js"
import { Tokens } from "../../src/core/Tokens.js"
import * as Cassette from "../../src/recordings/Cassette.js"
import * as RecordReplay from "../../src/recordings/RecordReplay.js"
import { CASSETTE, MEMBER, recordingLayer, replayLayer, runScenario, sdkLayer, START, withoutPersonalData } from "./scenario.js"

const root = fs.mkdtempSync(path.join(os.tmpdir(), "taxdoc-rr-"))
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))
const tempDir = () => fs.mkdtempSync(path.join(root, "run-"))

/** Replay of the committed cassette that tolerates unused interactions (for partial runs). */
const partialReplay = sdkLayer(RecordReplay.layerReplay({ cassette: CASSETTE }))

describe("recorded suite", () => {
  it.effect("a live run against the sandbox and a replay of the committed cassette (no sandbox) see the same results", () =>
    Effect.gen(function*() {
      const recorded = path.join(tempDir(), "live.json")
      const live = yield* runScenario(recordingLayer(recorded, "record"))
      // Recording again gives the committed file, byte for byte.
      expect(fs.readFileSync(recorded).equals(fs.readFileSync(CASSETTE)), "the committed cassette is what recording writes today: npx tsx test/recordings/record.ts").toBe(true)
      const replayed = yield* runScenario(replayLayer(CASSETTE))
      // Personal data is scrubbed from cassettes: a replay answers placeholders in its place.
      expect(withoutPersonalData(replayed)).toEqual(withoutPersonalData(live))
      expect(JSON.stringify(replayed)).toContain("<identity-")
      // The scenario did what it says: a bulk submission awaited over several polls, a PDF.
      expect(live).toMatchObject({
        cashbill: { polls: [0, 1, 1, 2], bulk: { txState: 2, successCount: 3 } },
        refused: { tag: "ApiError", code: -14000003, status: 404 },
        pdf: { magic: "%PDF-" }
      })
    }))

  it.effect("recording the same scenario twice gives byte-identical cassettes", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      const first = path.join(dir, "first.json")
      const second = path.join(dir, "second.json")
      yield* runScenario(recordingLayer(first, "record"))
      yield* runScenario(recordingLayer(second, "record"))
      const a = fs.readFileSync(first)
      const b = fs.readFileSync(second)
      expect(a.length).toBeGreaterThan(1000)
      expect(a.equals(b)).toBe(true)
      // What is recorded is scrubbed: placeholders, never the live tokens.
      const text = a.toString("utf8")
      expect(text).toContain("\"session_token\": \"<token-1>\"")
      expect(text).toContain("\"Password\": \"<password>\"")
      expect(text).not.toMatch(/authorization|x-svc-date|Bearer/i)
    }))

  it.effect("a replay at another time, with the clock far from the recording, issues no token the cassette lacks", () =>
    Effect.gen(function*() {
      const replayed = yield* Effect.gen(function*() {
        yield* TestClock.setTime(START + 400 * 24 * 60 * 60 * 1000)
        const cashbill = yield* Cashbill.Cashbill
        const member = yield* Member.Member
        const corp = yield* member.getCorpInfo(MEMBER)
        yield* TestClock.adjust("10 minutes")
        const info = yield* cashbill.getInfo(MEMBER, "RR-0001")
        yield* TestClock.adjust("10 minutes")
        const detail = yield* cashbill.getDetailInfo(MEMBER, "RR-0001")
        const stats = yield* (yield* Tokens).stats
        return { corp: corp.corpName, info: info.confirmNum, detail: detail.totalAmount, issued: stats.issued }
      }).pipe(Effect.provide(partialReplay))
      expect(replayed).toEqual({ corp: "리플레이 상사", info: "100048271", detail: "11000", issued: 2 })
    }))
})

describe("personal data", () => {
  it("the committed cassette holds none of the identity numbers, phones, e-mails or names the scenario used", () => {
    const text = readFileSync(CASSETTE, "utf8")
    for (const value of ["01012341234", "010****1234", "manager@example.com", "clerk@example.com", "02-1234-5678", "010-1111-2222", "김대표", "담당자", "직원", "고객"]) {
      expect(text.includes(value), value).toBe(false)
    }
    for (const placeholder of ["<identity-1>", "<email-1>", "<phone-1>", "<person-1>"]) expect(text).toContain(placeholder)
  })
})

describe("replay misses", () => {
  it.effect("a changed request body fails with a diff naming the field", () =>
    Effect.gen(function*() {
      const cashbill = yield* Cashbill.Cashbill
      const error = yield* Effect.flip(cashbill.issue(MEMBER, {
        mgtKey: "RR-0001",
        tradeType: "승인거래",
        tradeUsage: "소득공제용",
        taxationType: "과세",
        totalAmount: "12000",
        supplyCost: "11000",
        tax: "1000",
        serviceFee: "0",
        franchiseCorpNum: MEMBER,
        franchiseCorpName: "리플레이 상사",
        identityNum: "01012341234",
        itemName: "녹음 테스트",
        customerName: "고객"
      }))
      expect(error._tag).toBe("TransportError")
      expect(error.message).toContain("no recorded interaction matches POST /Cashbill (ISSUE)")
      expect(error.message).toContain("body.totalAmount: recorded \"11000\", sent \"12000\"")
      expect(error.message).toContain("body.supplyCost: recorded \"10000\", sent \"11000\"")
      const miss = Option.getOrThrow(RecordReplay.missOf(error))
      expect(miss.diff).toEqual([
        { field: "body.supplyCost", recorded: "\"10000\"", sent: "\"11000\"" },
        { field: "body.totalAmount", recorded: "\"11000\"", sent: "\"12000\"" }
      ])
      const recorded = yield* Cassette.read(CASSETTE)
      expect(recorded.interactions[miss.nearestIndex!]!.request.headers["x-http-method-override"]).toBe("ISSUE")
    }).pipe(Effect.provide(partialReplay)))

  it.effect("a repeated poll returns the recorded sequence in order, then misses", () =>
    Effect.gen(function*() {
      const cashbill = yield* Cashbill.Cashbill
      const states: Array<number> = []
      for (let i = 0; i < 4; i++) states.push((yield* cashbill.getBulkResult(MEMBER, "RR-BULK-0001")).txState)
      expect(states).toEqual([0, 1, 1, 2])
      const error = yield* Effect.flip(cashbill.getBulkResult(MEMBER, "RR-BULK-0001"))
      expect(error.message).toContain("every recorded answer to it was already used")
      const miss = Option.getOrThrow(RecordReplay.missOf(error))
      expect(miss.diff).toEqual([])
    }).pipe(Effect.provide(partialReplay)))

  it.effect("unused interactions are reported", () =>
    Effect.gen(function*() {
      yield* (yield* Member.Member).checkIsMember(MEMBER)
      const unused = yield* (yield* RecordReplay.Recorder).unused
      const recorded = yield* Cassette.read(CASSETTE)
      expect(unused.length).toBe(recorded.interactions.length - 1)
      expect(unused[0]).toEqual({ index: 1, request: "GET /IDCheck?ID=replay-manager" })
    }).pipe(Effect.provide(partialReplay)))

  it.effect("with failOnUnused, closing the scope with unused interactions fails", () =>
    Effect.gen(function*() {
      const exit = yield* Effect.exit(
        Effect.flatMap(Member.Member, (member) => member.checkIsMember(MEMBER)).pipe(Effect.provide(replayLayer(CASSETTE)))
      )
      const defect = Exit.isFailure(exit) ? Result.getOrUndefined(Cause.findDefect(exit.cause)) : undefined
      expect(defect).toBeInstanceOf(RecordReplay.UnusedInteractions)
      expect((defect as RecordReplay.UnusedInteractions).message).toContain("were never replayed")
    }))
})
