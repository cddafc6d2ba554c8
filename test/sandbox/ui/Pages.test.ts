/**
 * The sandbox's pages in process, the documents made through the SDK: the overview's counts, the
 * lists' filters and server-side paging, a document's state history with the time of each change
 * (cash receipt filing and revocation, every step of an e-Tax invoice, a statement approved then
 * cancelled), the production environment's pages apart, and pages that read without changing:
 * a filing due but not recorded is shown, yet a later policy change acts as if nobody had looked.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { HttpClient } from "effect/http"
import { TestClock } from "effect/testing"
import { Cashbill } from "../../../src/domains/cashbill/Cashbill.js"
import { Statement } from "../../../src/domains/statement/Statement.js"
import { Taxinvoice } from "../../../src/domains/taxinvoice/Taxinvoice.js"
import { TaxPortal } from "../../../src/domains/taxPortal/TaxPortal.js"
import { Sandbox } from "../../../src/sandbox/Sandbox.js"
import { draft } from "../../support/invoices.js"
import { halfRevocation, receipt } from "../../support/receipts.js"
import * as Sdk from "../../support/sdk.js"
import { statement } from "../../support/statements.js"
import { page, partOf, textOf } from "./support.js"

const CORP = Sdk.MEMBER
const OTHER = "3333333336"
// 2026-11-22 10:00 KST
const START = Date.UTC(2026, 10, 22, 1, 0, 0)
const TODAY = "20261122"
const YESTERDAY = "20261121"
const DAY = 86_400_000
const seeded = { sandbox: { members: [{ corpNum: CORP }, { corpNum: OTHER }] } }

/** The item key of the first document linked from a page of a kind. */
const itemKeyOf = (text: string, kind: string, mgtKey: string): string => {
  const found = new RegExp(`href="/_sandbox/ui/${kind}/\\d{10}/(\\d{18})">${mgtKey}<`).exec(text)?.[1]
  if (found === undefined) throw new Error(`no link to ${mgtKey}`)
  return found
}

describe("the sandbox's pages", () => {
  it.effect("pages read without changing: a receipt due for filing shows filed, yet a filing policy changed afterwards acts as if nobody had looked", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const cb = yield* Cashbill
      const sandbox = yield* Sandbox
      const issued = yield* cb.issue(CORP, receipt("P-1", CORP))
      yield* sandbox.advanceClock(DAY)

      const overview = yield* page()
      expect(partOf(overview, "by-state")).toContain("국세청 전송완료 (304) 1")
      expect(partOf(overview, "environments")).toContain("테스트 2 1 0 0 0 0")
      const list = yield* page("/cashbill?state=304")
      expect(partOf(list, "list")).toContain(issued.confirmNum)
      const document = yield* page(`/cashbill/${CORP}/${itemKeyOf(list.text, "cashbill", "P-1")}`)
      expect(document.status).toBe(200)
      expect(partOf(document, "facts")).toContain("국세청 전송완료 (304)")
      expect(partOf(document, "history")).toContain("2026-11-23 00:00:00 국세청 신고 완료 국세청 전송완료 (304) 0000 정상 처리")

      // Nothing was recorded by looking: under a policy set now, the receipt is still waiting.
      yield* sandbox.setProgression("cashbill.filing", { _tag: "AfterPolls", polls: 5 })
      expect((yield* cb.getInfo(CORP, "P-1")).stateCode).toBe(300)
      expect(partOf(yield* page("/cashbill"), "list")).toContain("발행완료 (300)")
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("lists filter by member, document ID, state and date and are paged on the server, 50 rows a page", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const cb = yield* Cashbill
      for (let i = 0; i < 55; i++) {
        const tradeDT = i < 25 ? `${YESTERDAY}120000` : undefined
        yield* cb.issue(CORP, receipt(`L-${String(i).padStart(3, "0")}`, CORP, tradeDT === undefined ? {} : { tradeDT }))
      }
      for (let i = 0; i < 3; i++) yield* cb.issue(OTHER, receipt(`O-${i}`, OTHER))
      const rows = (answered: { readonly text: string }) => (answered.text.match(/<tr><td><a href="\/_sandbox\/ui\/cashbill\//g) ?? []).length

      const first = yield* page("/cashbill")
      expect(rows(first)).toBe(50)
      expect(textOf(first)).toContain("전체 58건 중 1–50")
      // Newest first: the other member's receipts were issued last.
      expect(first.text.indexOf(">O-2<")).toBeLessThan(first.text.indexOf(">L-054<"))
      const second = yield* page("/cashbill?page=2")
      expect(rows(second)).toBe(8)
      expect(second.text).toContain(">L-000<")
      // A page past the end shows the last one.
      expect(rows(yield* page("/cashbill?page=99"))).toBe(8)

      expect(rows(yield* page(`/cashbill?member=${OTHER}`))).toBe(3)
      expect(rows(yield* page("/cashbill?from=2026-11-21&to=2026-11-21"))).toBe(25)
      expect(rows(yield* page("/cashbill?from=2026-11-22"))).toBe(33)
      expect(rows(yield* page("/cashbill?id=l-01"))).toBe(10)
      expect(rows(yield* page("/cashbill?state=305"))).toBe(0)
      expect(textOf(yield* page("/cashbill?state=305"))).toContain("조건에 맞는 문서가 없습니다")
      const info = yield* cb.getInfo(CORP, "L-042")
      const byNumber = yield* page(`/cashbill?id=${info.confirmNum}`)
      expect(rows(byNumber)).toBe(1)
      expect(byNumber.text).toContain(">L-042<")
      // The filters stay in the form and in the pager's links.
      expect(second.text).toContain(`href="/_sandbox/ui/cashbill" rel="prev"`)
      const filtered = yield* page(`/cashbill?member=${CORP}&page=2`)
      expect(filtered.text).toContain(`value="${CORP}"`)
      expect(filtered.text).toContain(`href="/_sandbox/ui/cashbill?member=${CORP}" rel="prev"`)
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("a receipt's history shows its revocation, linked both ways", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const cb = yield* Cashbill
      const issued = yield* cb.issue(CORP, receipt("H-1", CORP))
      yield* TestClock.adjust("1 hour")
      yield* cb.revoke(CORP, halfRevocation("H-1-C", issued))
      const list = yield* page("/cashbill")
      const original = yield* page(`/cashbill/${CORP}/${itemKeyOf(list.text, "cashbill", "H-1")}`)
      const history = partOf(original, "history")
      expect(history).toContain("2026-11-22 10:00:00 발행 발행완료 (300)")
      expect(history).toContain("2026-11-22 11:00:00 취소 현금영수증 발행 5500 H-1-C")
      const revocationKey = itemKeyOf(list.text, "cashbill", "H-1-C")
      expect(original.text).toContain(`href="/_sandbox/ui/cashbill/${CORP}/${revocationKey}">H-1-C<`)
      const revocation = yield* page(`/cashbill/${CORP}/${revocationKey}`)
      expect(partOf(revocation, "history")).toContain(`발행 (취소거래) 발행완료 (300) ${issued.confirmNum} ${issued.tradeDate}`)
      expect(partOf(revocation, "calls")).toContain("Cashbill.RevokeRegistIssue")
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("a receipt's page lists the portal links handed out for it: its own page, opened once, and a mass print of two", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const cb = yield* Cashbill
      yield* cb.issue(CORP, receipt("U-1", CORP))
      yield* cb.issue(CORP, receipt("U-2", CORP))
      const view = yield* cb.getViewURL(CORP, "U-1")
      yield* cb.getMassPrintURL(CORP, ["U-1", "U-2"])
      const opened = yield* Effect.flatMap(HttpClient.HttpClient, (client) => client.get(view)).pipe(Effect.map((r) => r.status), Effect.scoped, Effect.orDie)
      expect(opened).toBe(200)

      const list = yield* page("/cashbill")
      const first = partOf(yield* page(`/cashbill/${CORP}/${itemKeyOf(list.text, "cashbill", "U-1")}`), "links")
      expect(first).toContain("VIEW")
      expect(first).toContain("2026-11-22 10:00:00 열림")
      expect(first).toContain("MASSPRINT")
      const second = partOf(yield* page(`/cashbill/${CORP}/${itemKeyOf(list.text, "cashbill", "U-2")}`), "links")
      expect(second).toContain("MASSPRINT")
      expect(second).not.toContain("VIEW")
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("an e-Tax invoice's history: saved, file attached, issued, each filing step at its time, given a document ID later", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const ti = yield* Taxinvoice
      const sandbox = yield* Sandbox
      yield* ti.register(CORP, draft("T-1", CORP, TODAY))
      yield* TestClock.adjust("1 minute")
      yield* ti.attachFile(CORP, "SELL", "T-1", { bytes: new TextEncoder().encode("견적"), fileName: "quote.txt", displayName: "견적서" })
      yield* TestClock.adjust("1 minute")
      yield* ti.issue(CORP, "SELL", "T-1")
      yield* sandbox.setProgression("taxinvoice.filing", { _tag: "AfterDuration", millis: 60_000 })
      yield* sandbox.advanceClock(10 * 60_000)

      const list = yield* page("/taxinvoice")
      const document = yield* page(`/taxinvoice/${CORP}/${itemKeyOf(list.text, "taxinvoice", "T-1")}`)
      const history = partOf(document, "history")
      const expected = [
        "2026-11-22 10:00:00 임시저장 임시저장 (100)",
        "2026-11-22 10:01:00 파일 첨부 견적서",
        "2026-11-22 10:02:00 발행 발행완료 (300)",
        "2026-11-22 10:03:00 국세청 전송 대기 전송대기 (301)",
        "2026-11-22 10:04:00 국세청 전송 중 전송중 (302)",
        "2026-11-22 10:05:00 국세청 전송 완료 전송완료(결과대기) (303)",
        "2026-11-22 10:06:00 국세청 신고 완료 국세청 신고완료 (304)"
      ]
      for (const step of expected) expect(history).toContain(step)
      expect(history.indexOf(expected[0]!)).toBeLessThan(history.indexOf(expected[6]!))
      expect(partOf(document, "files")).toContain("견적서 (quote.txt")
      expect(partOf(document, "fields")).toContain("invoicerMgtKey T-1")

      // Issued on the portal, given its document ID an hour later.
      const portal = yield* sandbox.issueOnPortal("test", CORP, draft("IGNORED", CORP, TODAY))
      yield* TestClock.adjust("1 hour")
      yield* ti.assignMgtKey(CORP, portal.itemKey, "SELL", "FROM-PORTAL")
      const assigned = yield* page(`/taxinvoice/${CORP}/${portal.itemKey}`)
      expect(partOf(assigned, "history")).toContain("2026-11-22 11:12:00 문서번호 할당 (AssignMgtKey) FROM-PORTAL")
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("a statement's history: pending approval, approved, cancelled with its memo", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const st = yield* Statement
      const sandbox = yield* Sandbox
      yield* sandbox.setMemberPreferences("test", CORP, { statementApprovalRequired: true })
      yield* st.issue(CORP, statement(121, "S-1", CORP))
      yield* TestClock.adjust("1 hour")
      yield* sandbox.approveStatement("test", CORP, 121, "S-1")
      yield* TestClock.adjust("1 hour")
      yield* st.cancel(CORP, 121, "S-1", "잘못 발행")
      const list = yield* page("/statement")
      expect(partOf(list, "list")).toContain("취소 (600)")
      const document = yield* page(`/statement/${CORP}/${itemKeyOf(list.text, "statement", "S-1")}`)
      const history = partOf(document, "history")
      expect(history).toContain("2026-11-22 10:00:00 발행, 승인 대기 승인대기 (200)")
      expect(history).toContain("2026-11-22 11:00:00 수신자 승인 발행완료 (300)")
      expect(history).toContain("2026-11-22 12:00:00 취소 취소 (600) 잘못 발행")
      expect(partOf(document, "calls")).toContain("Statement.Cancel")
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("jobs: a bulk submission's progress as a read finds it (without counting a poll), its refused items; a collection job", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const cb = yield* Cashbill
      const sandbox = yield* Sandbox
      yield* sandbox.setProgression("cashbill.bulk", { _tag: "AfterDuration", millis: 60_000 })
      // B-2 is issued already: the submission's B-2 is refused when it is processed.
      yield* cb.issue(CORP, receipt("B-2", CORP))
      yield* cb.bulkSubmit(CORP, "BULK-UI-1", [receipt("B-1", CORP), receipt("B-2", CORP)])
      const waiting = partOf(yield* page("/jobs"), "bulks")
      expect(waiting).toContain("BULK-UI-1")
      expect(waiting).toContain("접수 (0)")
      yield* sandbox.advanceClock(2 * 60_000)
      const done = partOf(yield* page("/jobs", "en"), "bulks")
      expect(done).toContain("completed (2)")
      // The items are processed by the next read of the API, not by the page.
      expect(done).not.toContain("issued")
      const result = yield* cb.getBulkResult(CORP, "BULK-UI-1")
      expect(result.successCount).toBe(1)
      const processed = partOf(yield* page("/jobs", "en"), "bulks")
      expect(processed).toContain("1 issued, 1 refused")
      expect(processed).toMatch(/B-2 : -\d+ /)

      const jobID = yield* Effect.flatMap(TaxPortal, (tp) => tp.requestCashbillJob(CORP, { queryType: "SELL", from: TODAY, to: TODAY }))
      const jobs = partOf(yield* page(`/jobs?member=${CORP}`, "en"), "collection")
      expect(jobs).toContain(jobID)
      expect(jobs).toContain("pending (1)")
      expect(partOf(yield* page(`/jobs?member=${OTHER}`, "en"), "collection")).toContain("No collection jobs.")
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("the production environment's pages show its own data; members, jobs, faults, snapshots and outbox pages render", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      yield* Effect.flatMap(Cashbill, (cb) => cb.issue(CORP, receipt("ENV-1", CORP)))
      const production = yield* page("/cashbill", "ko-KR", "/production")
      expect(production.status).toBe(200)
      expect(production.text).not.toContain("ENV-1")
      expect(production.text).toContain(`href="/production/_sandbox/ui/cashbill"`)
      expect(partOf(yield* page("/cashbill"), "list")).toContain("ENV-1")

      const members = yield* page("/members", "en")
      expect(partOf(members, "members")).toContain(`${CORP}`)
      expect(textOf(members)).toContain("TESTER")
      const member = yield* page(`/members/${CORP}`, "en")
      expect(partOf(member, "member")).toContain("Cash receipts 1")
      expect(member.text).not.toContain("sandbox1!")
      for (const path of ["/jobs", "/faults", "/snapshots", "/outbox"]) expect((yield* page(path)).status).toBe(200)
      expect((yield* page("/nothing-here")).status).toBe(404)
      expect((yield* page(`/cashbill/${CORP}/000000000000000000`)).status).toBe(404)
      expect((yield* page("/members/9999999999")).status).toBe(404)
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("every page carries the pages' policy: one script and one stylesheet by their hashes, no framing, no caching", () =>
    Effect.gen(function*() {
      const overview = yield* page()
      const policy = overview.headers["content-security-policy"]!
      expect(policy).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/)
      expect(policy).toContain("default-src 'none'")
      expect(policy).toContain("connect-src 'self'")
      expect(policy).toContain("frame-ancestors 'none'")
      expect(overview.headers["cache-control"]).toBe("no-store")
      expect(overview.headers["x-frame-options"]).toBe("DENY")
      expect(overview.text.match(/<script>/g)).toHaveLength(1)
      // A value from the state is text, never markup.
      yield* Effect.flatMap(Sandbox, (sandbox) => sandbox.setMemberPreferences("test", CORP, { note: "<script>alert(1)</script>" }))
      const member = yield* page(`/members/${CORP}`)
      expect(member.text).toContain("&lt;script&gt;alert(1)&lt;/script&gt;")
      expect(member.text.match(/<script>/g)).toHaveLength(1)
    }).pipe(Effect.provide(Sdk.layer(seeded))))
})
