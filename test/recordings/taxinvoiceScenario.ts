/**
 * The recorded e-Tax invoice scenario: the main flow through the SDK services (a draft, a file
 * attached, issue, status and detail, the mail resent, a page URL, a bulk submission awaited over
 * several polls, a refused query and the certificate refused while none is registered). Run against
 * the in-process sandbox (recording) and from `test/cassettes/taxinvoice.json` (replay); the results
 * must be identical. Record again with `npx tsx test/recordings/record.ts taxinvoice`.
 */
import { Effect, Fiber, Layer } from "effect"
import { TestClock } from "effect/testing"
import * as Certificate from "../../src/domains/certificate/Certificate.js"
import type { TaxinvoiceDraft } from "../../src/domains/taxinvoice/Schemas.js"
import * as Taxinvoice from "../../src/domains/taxinvoice/Taxinvoice.js"
import * as RecordReplay from "../../src/recordings/RecordReplay.js"
import * as InProcess from "../../src/sandbox/InProcess.js"
import { tester } from "../../src/sandbox/Partners.js"
import type * as Taxdoc from "../../src/Taxdoc.js"
import { sdkLayer, START } from "./scenario.js"

/** The member of the scenario (seeded in the sandbox; valid check digit). */
export const SELLER = "1234567891"

/** The committed cassette of the scenario. */
export const TAXINVOICE_CASSETTE = new URL("../cassettes/taxinvoice.json", import.meta.url).pathname

/** A fresh sandbox with the seller; a bulk submission advances one stage every two polls. */
const sandboxLayer = InProcess.layer({
  partners: [tester],
  members: [{ corpNum: SELLER }],
  progressions: { "taxinvoice.bulk": { _tag: "AfterPolls", polls: 2 } }
})

/** The recorder in `mode` over a fresh sandbox. */
export const recordingLayer = (cassette: string, mode: RecordReplay.Mode) =>
  sdkLayer(RecordReplay.layer({ cassette, mode, failOnUnused: true }).pipe(Layer.provide(sandboxLayer)))

const draft = (invoicerMgtKey: string, supply: number): TaxinvoiceDraft => ({
  issueType: "정발행",
  taxType: "과세",
  chargeDirection: "정과금",
  writeDate: "20261122",
  purposeType: "청구",
  supplyCostTotal: String(supply),
  taxTotal: String(supply / 10),
  totalAmount: String(supply + supply / 10),
  invoicerMgtKey,
  invoicerCorpNum: SELLER,
  invoicerCorpName: "리플레이 상사",
  invoicerCEOName: "김대표",
  invoiceeType: "사업자",
  invoiceeCorpNum: "3333333336",
  invoiceeCorpName: "구매 상사",
  invoiceeCEOName: "이대표",
  invoiceeEmail1: "buyer@example.com",
  detailList: [{ serialNum: 1, purchaseDT: "20261122", itemName: "녹음 테스트", supplyCost: String(supply), tax: String(supply / 10) }]
})

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value))

/** What the scenario saw, as plain JSON. */
export const scenario = Effect.gen(function*() {
  const ti = yield* Taxinvoice.Taxinvoice
  const certificate = yield* Certificate.Certificate

  const registered = yield* ti.register(SELLER, draft("RT-0001", 100000))
  const attached = yield* ti.attachFile(SELLER, "SELL", "RT-0001", { bytes: new TextEncoder().encode("견적 내용"), fileName: "견적서.txt", displayName: "견적서" })
  const files = yield* ti.getFiles(SELLER, "SELL", "RT-0001")
  const issued = yield* ti.issue(SELLER, "SELL", "RT-0001", { memo: "녹음", forceIssue: false })
  const info = yield* ti.getInfo(SELLER, "SELL", "RT-0001")
  const detail = yield* ti.getDetailInfo(SELLER, "SELL", "RT-0001")
  const mailed = yield* ti.sendEmail(SELLER, "SELL", "RT-0001", "again@example.com")
  const url = yield* ti.getURL(SELLER, "SELL", "RT-0001", "PRINT")

  const submitId = "RT-BULK-0001"
  const submitted = yield* ti.bulkIssue(SELLER, submitId, [draft("RT-B-01", 20000), draft("RT-B-02", 30000), draft("RT-B-03", 40000)])
  const polls: Array<number> = []
  const polling = yield* Effect.forkChild(ti.awaitBulkResult(SELLER, submitId, {
    interval: "2 seconds",
    factor: 1,
    onProgress: (progress) => Effect.sync(() => polls.push(progress.state.txState))
  }))
  yield* TestClock.adjust("30 seconds")
  const bulk = yield* Fiber.join(polling)
  const infos = yield* ti.getInfos(SELLER, "SELL", ["RT-0001", "RT-B-01", "RT-B-02", "RT-B-03"])

  const refused = yield* Effect.flip(ti.getInfo(SELLER, "SELL", "RT-MISSING"))
  const noCertificate = yield* Effect.flip(certificate.getExpireDate(SELLER))

  return plain({
    taxinvoice: { registered, attached, files, issued, info, detail, mailed, url, submitted, polls, bulk, infos },
    refused: { tag: refused._tag, ...(refused._tag === "ApiError" ? { code: refused.code, status: refused.status } : {}) },
    certificate: { tag: noCertificate._tag, ...(noCertificate._tag === "ApiError" ? { code: noCertificate.code } : {}) }
  })
})

/** Runs the scenario from START with the given layer. */
export const runScenario = <E>(layer: Layer.Layer<Taxdoc.Services | RecordReplay.Recorder, E>) =>
  Effect.andThen(TestClock.setTime(START), Effect.provide(scenario, layer))
