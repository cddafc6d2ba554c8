/**
 * The guided tour of `taxdoc demo`, against the in-process sandbox: sign-up, tokens, a receipt's
 * life (issue, query, PDF, partial revocation), 250 receipts in bulk, the filing results after
 * midnight (KST), deleting a refused receipt and reusing its ID, company status, and a summary.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as FileSystem from "effect/FileSystem"
import * as Option from "effect/Option"
import * as Path from "effect/Path"
import * as Result from "effect/Result"
import * as Kst from "../../core/Kst.js"
import { Tokens } from "../../core/Tokens.js"
import { Cashbill } from "../../domains/cashbill/Cashbill.js"
import { StateCode } from "../../domains/cashbill/Rules.js"
import { CompanyStatus } from "../../domains/companyStatus/CompanyStatus.js"
import { Member } from "../../domains/member/Member.js"
import { companyStatusOf } from "../../sandbox/companyStatus/Table.js"
import { Sandbox } from "../../sandbox/index.js"
import { businessState as companyStateName } from "../names.js"
import { kst, won } from "../output.js"
import * as Progress from "../progress.js"
import { BULK_COUNT, bulkKey, bulkReceipts, GOOD_IDENTITY, JOIN, MEMBER, receipt, REFUSED } from "./receipts.js"
import { statementStep } from "./statements.js"
import type { Step } from "./steps.js"
import * as Admin from "./admin.js"
import type { TourContext, TourState } from "./context.js"
import { collectStep } from "./collect.js"
import { taxinvoiceStep } from "./taxinvoice.js"

const ORIGINAL = "DEMO-0001"
const REVOCATION = "DEMO-0001-R"
const STATUS_CHECKS = ["1234567891", "1111111119", "2222222227", "3333333336", "1234567890"]

const countBy = <A>(items: ReadonlyArray<A>, key: (a: A) => string): Record<string, number> => {
  const counts: Record<string, number> = {}
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1
  return counts
}

/**
 * The steps of the tour over a shared state; `startedAt` is when the tour began (for the summary).
 *
 * @since 0.1.0
 * @category constructors
 */
export const steps = (state: TourState, startedAt: number): ReadonlyArray<Step<TourContext>> => [
  {
    name: "member.join",
    title: "Sign a business up as a member",
    run: ({ expect, say }) =>
      Effect.gen(function*() {
        const member = yield* Member
        yield* expect("not a member before signing up (CheckIsMember 0)", yield* member.checkIsMember(MEMBER), false)
        const answer = yield* member.join(JOIN)
        yield* say(`partner TESTER signed up ${MEMBER} (${JOIN.CorpName}), manager account ${JOIN.ID}`)
        yield* expect("JoinMember answered code 1", answer.code, 1)
        yield* expect("a member afterwards (CheckIsMember 1)", yield* member.checkIsMember(MEMBER), true)
      })
  },
  {
    name: "tokens.reuse",
    title: "A token is issued once, then reused",
    run: ({ expect, say }) =>
      Effect.gen(function*() {
        const member = yield* Member
        const tokens = yield* Tokens
        const before = yield* tokens.stats
        const info = yield* member.getCorpInfo(MEMBER)
        const first = yield* tokens.stats
        yield* say(`GetCorpInfo: ${info.corpName}, CEO ${info.ceoname} — a token was issued for it`)
        yield* member.getCorpInfo(MEMBER)
        const second = yield* tokens.stats
        yield* say(`GetCorpInfo again — the cached token was reused (issued ${second.issued}, reused ${second.reused})`)
        yield* expect("the first call issued one token", first.issued - before.issued, 1)
        yield* expect("the second call issued none", second.issued - first.issued, 0)
        yield* expect("the second call reused the cached token", second.reused - first.reused, 1)
      })
  },
  {
    name: "cashbill.issue",
    title: "Issue a cash receipt",
    run: ({ expect, say }) =>
      Effect.gen(function*() {
        const cashbill = yield* Cashbill
        const body = receipt(ORIGINAL, 10_000)
        const answer = yield* cashbill.issue(MEMBER, body)
        state.documents.push(ORIGINAL)
        state.original = { mgtKey: ORIGINAL, confirmNum: answer.confirmNum, tradeDate: answer.tradeDate }
        yield* say(`${ORIGINAL}: ${won(body.totalAmount)} to a buyer's mobile number, confirmation ${answer.confirmNum}, trade date ${answer.tradeDate}`)
        yield* expect("RegistIssue answered code 1", answer.code, 1)
        yield* expect("a 9-digit confirmation number was assigned", /^\d{9}$/.test(answer.confirmNum), true)
        // A job that died after sending runs it again: the service says the ID is in use, the SDK
        // reads the receipt back and answers as the first run did.
        const rerun = yield* cashbill.issue(MEMBER, body)
        yield* say(`${ORIGINAL} issued again (a rerun): answered as the first run, confirmation ${rerun.confirmNum}`)
        yield* expect("a rerun answers the first run's confirmation number", rerun.confirmNum, answer.confirmNum)
      })
  },
  {
    name: "cashbill.getInfo",
    title: "Query it",
    run: ({ expect, say }) =>
      Effect.gen(function*() {
        const info = yield* Effect.flatMap(Cashbill, (c) => c.getInfo(MEMBER, ORIGINAL))
        yield* say(`state ${info.stateCode}, ${info.tradeType} ${won(info.totalAmount ?? undefined)}, buyer ${info.identityNum}`)
        yield* expect("state 300 (issued, not yet filed)", info.stateCode, StateCode.Issued)
        yield* expect("the confirmation number is the one issued", info.confirmNum, state.original?.confirmNum)
        yield* expect("the buyer's number is masked", (info.identityNum ?? "").includes("*"), true)
      })
  },
  {
    name: "cashbill.getPDF",
    title: "Save it as a PDF",
    run: ({ expect, say }) =>
      Effect.gen(function*() {
        const bytes = yield* Effect.flatMap(Cashbill, (c) => c.getPDF(MEMBER, ORIGINAL))
        // Saved where --out-dir says; without it the demo leaves nothing behind.
        if (Option.isSome(state.outDir)) {
          const fs = yield* FileSystem.FileSystem
          const path = yield* Path.Path
          const dir = path.resolve(state.outDir.value)
          yield* fs.makeDirectory(dir, { recursive: true })
          const file = path.join(dir, `${ORIGINAL}.pdf`)
          yield* fs.writeFile(file, bytes)
          state.pdf = file
          yield* say(`saved ${file} (${bytes.length} bytes)`)
        } else {
          yield* say(`${bytes.length} bytes, not saved (--out-dir DIR saves it)`)
        }
        yield* expect("the answer is a PDF document", new TextDecoder().decode(bytes.slice(0, 5)), "%PDF-")
      })
  },
  {
    name: "cashbill.revoke",
    title: "Revoke part of it",
    run: ({ expect, say }) =>
      Effect.gen(function*() {
        const cashbill = yield* Cashbill
        const original = state.original!
        const answer = yield* cashbill.revoke(MEMBER, {
          mgtKey: REVOCATION,
          orgConfirmNum: original.confirmNum,
          orgTradeDate: original.tradeDate,
          isPartCancel: true,
          cancelType: 1,
          supplyCost: "5000",
          tax: "500",
          serviceFee: "0",
          totalAmount: "5500"
        })
        state.documents.push(REVOCATION)
        const info = yield* cashbill.getInfo(MEMBER, REVOCATION)
        yield* say(`${REVOCATION} revokes ${won(info.totalAmount ?? undefined)} of ${ORIGINAL} (confirmation ${answer.confirmNum})`)
        yield* expect("RevokeRegistIssue answered code 1", answer.code, 1)
        yield* expect("it is a revocation (취소거래)", info.tradeType, "취소거래")
        yield* expect("it points at the original", { orgConfirmNum: info.orgConfirmNum, orgTradeDate: info.orgTradeDate }, { orgConfirmNum: original.confirmNum, orgTradeDate: original.tradeDate })
      })
  },
  {
    name: "cashbill.issueMany",
    title: `Issue ${BULK_COUNT} receipts in bulk`,
    run: ({ expect, say }) =>
      Effect.gen(function*() {
        const cashbill = yield* Cashbill
        const receipts = bulkReceipts()
        const display = Progress.make(`issuing ${BULK_COUNT} receipts`)
        let submissions = 0
        const results = yield* cashbill.issueMany(MEMBER, receipts, {
          interval: "50 millis",
          onProgress: (p) => {
            submissions = p.submissions
            return Progress.issueManyReporter(display)(p)
          }
        })
        const issued = results.filter((r) => r.code === 1).length
        yield* display.finish(`${issued} of ${results.length} issued in ${submissions} submissions`)
        state.documents.push(...receipts.map((r) => r.mgtKey))
        state.bulk = { results: results.length, submissions, issued, refused: results.length - issued }
        yield* say(`${results.length} results in ${submissions} submissions of at most 100 (BulkSubmit, then GetBulkResult until txState 2)`)
        yield* say(`${Object.keys(REFUSED).join(" and ")} carry buyer numbers the tax authority will refuse when filing`)
        yield* expect(`${BULK_COUNT} results, one per receipt`, results.length, BULK_COUNT)
        yield* expect("3 submissions (100 + 100 + 50)", submissions, 3)
        yield* expect("every receipt issued (code 1)", issued, BULK_COUNT)
        yield* expect("results in input order", results.every((r, i) => r.mgtKey === bulkKey(i)), true)
        const infos = yield* cashbill.getInfos(MEMBER, receipts.map((r) => r.mgtKey))
        yield* expect("none filed before the day ends (all 300)", countBy(infos, (i) => String(i.stateCode)), { [StateCode.Issued]: BULK_COUNT })
      })
  },
  {
    name: "sandbox.advanceClock",
    title: "Midnight (KST) passes: the receipts are filed",
    run: ({ expect, say }) =>
      Effect.gen(function*() {
        const sandbox = yield* Sandbox.Sandbox
        const tokens = yield* Tokens
        const { now } = yield* sandbox.clock
        const millis = Kst.endOfDay(now) - now + 60_000
        const moved = yield* Admin.advanceClock(millis)
        yield* say(`sandbox clock moved ${(millis / 3_600_000).toFixed(1)} h to ${kst(Kst.toDateTime14(moved.now))}, past the filing at midnight`)
        const before = yield* tokens.stats
        const infos = yield* Effect.flatMap(Cashbill, (c) => c.getInfos(MEMBER, state.documents))
        const after = yield* tokens.stats
        yield* expect("the token cached before the move still served (tokens expire on the real clock, not sandbox time)", after.issued, before.issued)
        const byState = countBy(infos, (i) => String(i.stateCode))
        state.filing = byState
        const failed = infos.filter((i) => i.stateCode === StateCode.FilingFailed)
        yield* say(`filed (304): ${byState[StateCode.Filed] ?? 0}, filing failed (305): ${failed.map((i) => `${i.mgtKey} ${i.ntsresultCode}`).join(", ")}`)
        yield* expect(`every document filed: ${state.documents.length - 2} as 304, 2 as 305`, byState, {
          [StateCode.Filed]: state.documents.length - 2,
          [StateCode.FilingFailed]: 2
        })
        yield* expect(
          "the refused ones are the planned ones, with their result codes",
          Object.fromEntries(failed.map((i) => [i.mgtKey, i.ntsresultCode])),
          Object.fromEntries(Object.entries(REFUSED).map(([key, r]) => [key, r.code]))
        )
      })
  },
  {
    name: "cashbill.deleteAndReuse",
    title: "Delete a refused receipt and reuse its ID",
    run: ({ expect, say }) =>
      Effect.gen(function*() {
        const cashbill = yield* Cashbill
        const refused = Object.keys(REFUSED)[0]!
        const filed = yield* Effect.result(cashbill.delete(MEMBER, ORIGINAL))
        yield* expect(
          `deleting a filed receipt (${ORIGINAL}) is refused as an invalid state`,
          Result.isFailure(filed) && filed.failure._tag === "ApiError" && filed.failure.isInvalidState,
          true
        )
        const deleted = yield* cashbill.delete(MEMBER, refused)
        yield* expect(`Delete of ${refused} (305) answered code 1`, deleted.code, 1)
        const gone = yield* Effect.result(cashbill.getInfo(MEMBER, refused))
        yield* expect("it is gone", Result.isFailure(gone) && gone.failure._tag === "ApiError" && gone.failure.isNotFound, true)
        const again = yield* cashbill.issue(MEMBER, receipt(refused, 3000, GOOD_IDENTITY))
        const info = yield* cashbill.getInfo(MEMBER, refused)
        state.reusedId = refused
        yield* say(`${refused} issued again with a valid buyer number: confirmation ${again.confirmNum}, state ${info.stateCode}`)
        yield* expect("the reused ID was accepted (code 1)", again.code, 1)
        yield* expect("the new receipt is issued (300)", info.stateCode, StateCode.Issued)
      })
  },
  statementStep,
  {
    name: "companyStatus.checkMany",
    title: "Check the status of a few businesses",
    run: ({ expect, say }) =>
      Effect.gen(function*() {
        const statuses = yield* Effect.flatMap(CompanyStatus, (c) => c.checkMany(MEMBER, STATUS_CHECKS))
        for (const s of statuses) yield* say(`${s.corpNum}: ${companyStateName(s.state)}${s.stateDate === null ? "" : ` since ${s.stateDate}`}`)
        yield* expect("answers in the order asked", statuses.map((s) => s.corpNum), STATUS_CHECKS)
        yield* expect(
          "states as in the sandbox's fixed table (a bad check digit is unregistered)",
          statuses.map((s) => s.state),
          STATUS_CHECKS.map((n) => companyStatusOf(n, 0).state)
        )
      })
  },
  taxinvoiceStep,
  collectStep(state),
  {
    name: "summary",
    title: "Summary",
    run: ({ expect }) =>
      Effect.gen(function*() {
        const sandbox = yield* Sandbox.Sandbox
        const infos = yield* Effect.flatMap(Cashbill, (c) => c.getInfos(MEMBER, state.documents))
        const stats = yield* sandbox.stats
        const tokens = yield* Effect.flatMap(Tokens, (t) => t.stats)
        const calls = Object.values(stats.calls).reduce((sum, n) => sum + n, 0)
        state.summary = {
          documentsByState: countBy(infos, (i) => String(i.stateCode)),
          calls: { total: calls, byOperation: stats.calls },
          tokens: { issued: tokens.issued, reused: tokens.reused, countedBySandbox: stats.totalTokens },
          elapsedMillis: (yield* Clock.currentTimeMillis) - startedAt
        }
        yield* expect(`${state.documents.length} documents: one reissued (300), the rest filed or refused`, state.summary.documentsByState, {
          [StateCode.Issued]: 1,
          [StateCode.Filed]: state.documents.length - 2,
          [StateCode.FilingFailed]: 1
        })
        yield* expect("3 bulk submissions reached the service", stats.calls["Cashbill.BulkSubmit"], 3)
        yield* expect("the sandbox counted the tokens the SDK issued", stats.totalTokens, tokens.issued)
      })
  }
]
