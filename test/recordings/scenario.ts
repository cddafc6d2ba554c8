/**
 * The recorded scenario: member administration and cash receipts through the SDK services (a join,
 * company information, contacts, an issue, queries, a bulk submission awaited over several polls, a
 * partial revocation, a refused query and a PDF download). Written once, run against the
 * in-process sandbox (recording) and from a cassette (replay); the results must be identical.
 */
import { Effect, Fiber, Layer, Redacted } from "effect"
import type { HttpClient } from "effect/http"
import { TestClock } from "effect/testing"
import { createHash } from "node:crypto"
import * as Config from "../../src/core/Config.js"
import * as Cashbill from "../../src/domains/cashbill/Cashbill.js"
import * as Member from "../../src/domains/member/Member.js"
import * as RecordReplay from "../../src/recordings/RecordReplay.js"
import * as Scrub from "../../src/recordings/Scrub.js"
import * as InProcess from "../../src/sandbox/InProcess.js"
import { tester, TESTER_LINK_ID, TESTER_SECRET } from "../../src/sandbox/Partners.js"
import * as Taxdoc from "../../src/Taxdoc.js"
import { halfRevocation } from "../support/receipts.js"

/** 2026-11-22 10:00:00 KST: every run starts here, so the sandbox's answers are the same each time. */
export const START = Date.UTC(2026, 10, 22, 1, 0, 0)

/** The business that signs up in the scenario (valid check digit). */
export const MEMBER = "6088101234"

/** The committed cassette of the scenario. */
export const CASSETTE = new URL("../cassettes/member-cashbill.json", import.meta.url).pathname

export const configLayer = Config.layer({
  linkId: TESTER_LINK_ID,
  secretKey: Redacted.make(TESTER_SECRET),
  authUrl: InProcess.SANDBOX_ORIGIN,
  apiUrl: InProcess.SANDBOX_ORIGIN,
  forwardedIp: "*"
})

/** A fresh sandbox reached in process; a bulk submission advances one stage every two polls. */
export const sandboxLayer = InProcess.layer({ partners: [tester], progressions: { "cashbill.bulk": { _tag: "AfterPolls", polls: 2 } } })

/** The SDK services over the given (recording) client. */
export const sdkLayer = <E>(http: Layer.Layer<HttpClient.HttpClient | RecordReplay.Recorder, E, Config.TaxdocConfig>) =>
  Taxdoc.services.pipe(Layer.provideMerge(http), Layer.provideMerge(configLayer))

/** The recorder in `mode` over a fresh sandbox (the configuration is in its context, for the secret scan). */
export const recordingLayer = (cassette: string, mode: RecordReplay.Mode) =>
  sdkLayer(RecordReplay.layer({ cassette, mode, failOnUnused: true }).pipe(Layer.provide(sandboxLayer)))

/** Replay from a cassette with no sandbox and no transport at all. */
export const replayLayer = (cassette: string) => sdkLayer(RecordReplay.layerReplay({ cassette, failOnUnused: true }))

const PERSONAL = Scrub.defaultPersonalData.map((rule) => rule.keys)

/**
 * `value` with every member that holds personal data set to one marker: a replay answers the
 * cassette's placeholders where a live run sees the values, and the two compare equal through it.
 */
export const withoutPersonalData = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutPersonalData)
    : value !== null && typeof value === "object"
    ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, PERSONAL.some((keys) => keys.test(k)) ? "<personal>" : withoutPersonalData(v)]))
    : value

const receipt = (mgtKey: string, totalAmount: string, supplyCost: string, tax: string) => ({
  mgtKey,
  tradeType: "승인거래" as const,
  tradeUsage: "소득공제용" as const,
  taxationType: "과세" as const,
  totalAmount,
  supplyCost,
  tax,
  serviceFee: "0",
  franchiseCorpNum: MEMBER,
  franchiseCorpName: "리플레이 상사",
  identityNum: "01012341234",
  itemName: "녹음 테스트",
  customerName: "고객"
})

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value))

/** What the scenario saw, as plain JSON (the PDF as its size, signature and SHA-256). */
export const scenario = Effect.gen(function*() {
  const member = yield* Member.Member
  const cashbill = yield* Cashbill.Cashbill

  const before = yield* member.checkIsMember(MEMBER)
  const idInUse = yield* member.checkId("replay-manager")
  const joined = yield* member.join({
    ID: "replay-manager",
    Password: "replay12!@",
    CorpNum: MEMBER,
    CEOName: "김대표",
    CorpName: "리플레이 상사",
    Addr: "서울특별시 중구 세종대로 110",
    BizType: "서비스",
    BizClass: "소프트웨어",
    ContactName: "담당자",
    ContactEmail: "manager@example.com",
    ContactTEL: "02-1234-5678"
  })
  const after = yield* member.checkIsMember(MEMBER)
  const corpInfo = yield* member.getCorpInfo(MEMBER)
  const contact = yield* member.registContact(MEMBER, {
    id: "replay-clerk",
    password: "clerk123!@",
    personName: "직원",
    tel: "010-1111-2222",
    email: "clerk@example.com"
  })
  const contacts = yield* member.listContact(MEMBER)

  const issued = yield* cashbill.issue(MEMBER, receipt("RR-0001", "11000", "10000", "1000"))
  const info = yield* cashbill.getInfo(MEMBER, "RR-0001")
  const detail = yield* cashbill.getDetailInfo(MEMBER, "RR-0001")

  const submitId = "RR-BULK-0001"
  const submitted = yield* cashbill.bulkSubmit(MEMBER, submitId, [
    receipt("RR-B-01", "22000", "20000", "2000"),
    receipt("RR-B-02", "33000", "30000", "3000"),
    receipt("RR-B-03", "4400", "4000", "400")
  ])
  const polls: Array<number> = []
  const polling = yield* Effect.forkChild(cashbill.awaitBulkResult(MEMBER, submitId, {
    interval: "2 seconds",
    factor: 1,
    onProgress: (progress) => Effect.sync(() => polls.push(progress.state.txState))
  }))
  yield* TestClock.adjust("30 seconds")
  const bulk = yield* Fiber.join(polling)

  const infos = yield* cashbill.getInfos(MEMBER, ["RR-0001", "RR-B-01", "RR-B-02", "RR-B-03"])
  const revoked = yield* cashbill.revoke(MEMBER, halfRevocation("RR-0001-R", info))
  const refused = yield* Effect.flip(cashbill.getInfo(MEMBER, "RR-MISSING"))
  const pdf = yield* cashbill.getPDF(MEMBER, "RR-0001")

  return plain({
    member: { before, idInUse, joined, after, corpInfo, contact, contacts },
    cashbill: { issued, info, detail, submitted, polls, bulk, infos, revoked },
    refused: { tag: refused._tag, ...(refused._tag === "ApiError" ? { code: refused.code, status: refused.status } : {}) },
    pdf: {
      size: pdf.length,
      magic: Buffer.from(pdf.subarray(0, 5)).toString("latin1"),
      sha256: createHash("sha256").update(pdf).digest("hex")
    }
  })
})

/** Runs the scenario from START with the given layer; the layer's scope (and the cassette write) closes before this returns. */
export const runScenario = <E>(layer: Layer.Layer<Taxdoc.Services | RecordReplay.Recorder, E>) =>
  Effect.andThen(TestClock.setTime(START), Effect.provide(scenario, layer))
