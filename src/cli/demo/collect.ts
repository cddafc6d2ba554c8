/**
 * The demo's collection step: after the receipts were issued and filed, collect them back from
 * the tax authority as the member's sales (RequestJob → GetJobState until completed → Search over
 * every page → Summary), and check that every receipt the authority accepted is there once.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import * as Kst from "../../core/Kst.js"
import { Cashbill } from "../../domains/cashbill/Cashbill.js"
import { StateCode } from "../../domains/cashbill/Rules.js"
import { TaxPortal } from "../../domains/taxPortal/TaxPortal.js"
import { Sandbox } from "../../sandbox/index.js"
import { won } from "../output.js"
import * as Progress from "../progress.js"
import { MEMBER } from "./receipts.js"
import type { Step } from "./steps.js"
import type { TourContext } from "./context.js"

/**
 * Collects the member's cash receipts of the tour's days and checks them against what was issued.
 *
 * @since 0.1.0
 * @category constructors
 */
export const collectStep = (state: { readonly documents: ReadonlyArray<string> }): Step<TourContext> => ({
  name: "taxPortal.collect",
  title: "Collect the issued receipts back from the tax authority",
  run: ({ expect, say }) =>
    Effect.gen(function*() {
      const portal = yield* TaxPortal
      const sandbox = yield* Sandbox.Sandbox
      const { now } = yield* sandbox.clock
      const today = Kst.toDate8(now)
      const from = Kst.addDays(today, -1)
      const display = Progress.make("collecting cash receipts")
      const jobID = yield* portal.requestCashbillJob(MEMBER, { queryType: "SELL", from, to: today })
      const job = yield* portal.awaitJob(MEMBER, "cashbill", jobID, {
        interval: "50 millis",
        onProgress: (p) => display.update(Number(p.state.jobState), 3, `jobState ${p.state.jobState}`)
      })
      yield* display.finish(`job ${jobID} completed: ${job.collectCount} receipts`)
      const collected = yield* Stream.runCollect(portal.searchAll(MEMBER, "cashbill", jobID, {}, { perPage: 100 }))
      const summary = yield* portal.summarizeCashbills(MEMBER, jobID)
      yield* say(`RequestJob ${from}–${today} (sales), polled to jobState 3, then ${Math.ceil(collected.length / 100)} pages of Search and a Summary`)
      yield* say(`${summary.count} receipts, total ${won(summary.amountTotal)} — the demo's own plus counterpart receipts the sandbox derives for the member`)
      const infos = yield* Effect.flatMap(Cashbill, (c) => c.getInfos(MEMBER, state.documents))
      const accepted = infos.filter((i) => i.stateCode !== StateCode.FilingFailed).map((i) => i.confirmNum)
      const numbers = collected.map((r) => r.ntsconfirmNum)
      yield* expect("the job completed (jobState 3, errorCode 1)", [job.jobState, job.errorCode], ["3", 1])
      yield* expect("every page together holds collectCount receipts, each once", [collected.length, new Set(numbers).size], [job.collectCount, job.collectCount])
      yield* expect(`every receipt the authority accepted (${accepted.length}) was collected`, accepted.every((n) => numbers.includes(n)), true)
      yield* expect("the one refused receipt (305) was not", infos.filter((i) => i.stateCode === StateCode.FilingFailed).some((i) => numbers.includes(i.confirmNum)), false)
      yield* expect("Summary's total is the sum of the collected receipts", summary.amountTotal, collected.reduce((s, r) => s + Number(r.totalAmount), 0))
    })
})
