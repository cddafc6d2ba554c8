/**
 * What the `taxdoc collect …` commands do (their options: ./command.ts); the certificate and
 * department-account commands' work is in ./account.ts, re-exported here.
 *
 * @since 0.1.0
 */
import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import type { CashbillItem, JobState, TaxinvoiceItem } from "../../domains/taxPortal/Schemas.js"
import { type CashbillFilter, type JobFailedError, TaxPortal, type TaxinvoiceFilter } from "../../domains/taxPortal/TaxPortal.js"
import { CliError } from "../errors.js"
import type { Parsed } from "../lazy.js"
import { emit, table, won } from "../output.js"
import * as Progress from "../progress.js"
import type { Target as TargetOptions } from "../options.js"
import * as Target from "../target.js"
import type { cashbillOptions, taxinvoiceOptions } from "./options.js"

const values = <A extends string>(option: Option.Option<string>): ReadonlyArray<A> | undefined =>
  Option.match(option, { onNone: () => undefined, onSome: (text) => text.split(",").map((s) => s.trim()).filter((s) => s !== "") as Array<A> })

const STATES: Record<string, string> = { "1": "pending", "2": "processing", "3": "completed" }

/** Waits for the job with a progress display: the job's stage of 3. */
const awaitWithProgress = (corpNum: string, kind: "taxinvoice" | "cashbill", jobID: string, o: TargetOptions & { readonly interval: Option.Option<Duration.Duration>; readonly deadline: Option.Option<Duration.Duration>; readonly userId: Option.Option<string> }) =>
  Effect.gen(function*() {
    const display = Progress.make(`collecting (job ${jobID})`)
    const portal = yield* TaxPortal
    const job = yield* portal.awaitJob(corpNum, kind, jobID, {
      userId: Option.getOrUndefined(o.userId),
      interval: Option.getOrElse(o.interval, () => Target.defaultInterval(o)),
      deadline: Option.getOrUndefined(o.deadline),
      onProgress: (p) => display.update(Number(p.state.jobState), 3, `${STATES[p.state.jobState] ?? p.state.jobState}, ${p.polls} poll${p.polls === 1 ? "" : "s"}`)
    }).pipe(
      Effect.catchTag("JobFailedError", (e: JobFailedError) =>
        Effect.andThen(display.finish(`failed (${e.errorCode})`), Effect.fail(new CliError({ message: e.message, hint: "request the job again later; the tax authority refused this collection", exitCode: 1 }))))
    )
    yield* display.finish(`completed, ${job.collectCount ?? 0} document${job.collectCount === 1 ? "" : "s"}`)
    return job
  })

const jobLine = (job: JobState): string =>
  `job ${job.jobID}: ${job.queryType ?? ""} ${job.queryDateType ?? ""} ${job.queryStDate ?? ""}–${job.queryEnDate ?? ""}, ${job.collectCount ?? 0} collected`

const invoiceColumns = [
  { header: "ntsconfirmNum", value: (i: TaxinvoiceItem) => i.ntsconfirmNum },
  { header: "writeDate", value: (i: TaxinvoiceItem) => i.writeDate },
  { header: "sendDate", value: (i: TaxinvoiceItem) => i.sendDate },
  { header: "type", value: (i: TaxinvoiceItem) => `${i.taxType ?? ""}${i.modifyYN === true ? " (revised)" : ""}` },
  { header: "invoicer", value: (i: TaxinvoiceItem) => i.invoicerCorpName },
  { header: "invoicee", value: (i: TaxinvoiceItem) => i.invoiceeCorpName },
  { header: "supply", value: (i: TaxinvoiceItem) => won(i.supplyCostTotal), align: "right" as const },
  { header: "tax", value: (i: TaxinvoiceItem) => won(i.taxTotal), align: "right" as const },
  { header: "total", value: (i: TaxinvoiceItem) => won(i.totalAmount), align: "right" as const }
]

const receiptColumns = [
  { header: "confirmNum", value: (r: CashbillItem) => r.ntsconfirmNum },
  { header: "tradeDT", value: (r: CashbillItem) => r.tradeDT },
  { header: "tradeType", value: (r: CashbillItem) => r.tradeType },
  { header: "usage", value: (r: CashbillItem) => r.tradeUsage },
  { header: "seller", value: (r: CashbillItem) => r.franchiseCorpName },
  { header: "identityNum", value: (r: CashbillItem) => r.identityNum },
  { header: "total", value: (r: CashbillItem) => won(r.totalAmount), align: "right" as const }
]

const summaryLine = (s: { readonly count: number; readonly supplyCostTotal: number; readonly taxTotal: number; readonly amountTotal: number }) =>
  `${s.count} document${s.count === 1 ? "" : "s"}: supply ${won(s.supplyCostTotal)}, tax ${won(s.taxTotal)}, total ${won(s.amountTotal)}`

const pickSide = <S extends string>(flags: ReadonlyArray<readonly [boolean, S]>): Effect.Effect<S, CliError> => {
  const chosen = flags.filter(([on]) => on)
  return chosen.length === 1
    ? Effect.succeed(chosen[0]![1])
    : Effect.fail(new CliError({ message: "choose exactly one side to collect", hint: `give one of ${flags.map(([, s]) => `--${s.toLowerCase()}`).join(", ")}`, exitCode: 2 }))
}

/**
 * `taxdoc collect taxinvoice`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const taxinvoice = (o: Parsed<typeof taxinvoiceOptions>) =>
  Effect.gen(function*() {
    const queryType = yield* pickSide([[o.sell, "SELL"], [o.buy, "BUY"], [o.trustee, "TRUSTEE"]] as const)
    const filter: TaxinvoiceFilter = {
      types: values(o.types),
      taxTypes: values(o.taxTypes),
      purposeTypes: values(o.purposeTypes),
      searchString: Option.getOrUndefined(o.search)
    }
    const portal = yield* TaxPortal
    const uid = Option.getOrUndefined(o.userId)
    const jobID = yield* portal.requestTaxinvoiceJob(o.corpNum, { queryType, dateType: o.dateType, from: o.from, to: o.to }, uid)
    const job = yield* awaitWithProgress(o.corpNum, "taxinvoice", jobID, o)
    const items = yield* Stream.runCollect(portal.searchAll(o.corpNum, "taxinvoice", jobID, filter, { userId: uid }))
    const summary = yield* portal.summarizeTaxinvoices(o.corpNum, jobID, filter, uid)
    yield* emit(o.json, { job, summary, list: items }, () => [jobLine(job), table(items, invoiceColumns), summaryLine(summary)].join("\n"))
  }).pipe(Target.provide(o, [o.corpNum]))

/**
 * `taxdoc collect cashbill`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const cashbill = (o: Parsed<typeof cashbillOptions>) =>
  Effect.gen(function*() {
    const queryType = yield* pickSide([[o.sell, "SELL"], [o.buy, "BUY"]] as const)
    const filter: CashbillFilter = { tradeTypes: values(o.tradeTypes), tradeUsages: values(o.tradeUsages) }
    const portal = yield* TaxPortal
    const uid = Option.getOrUndefined(o.userId)
    const jobID = yield* portal.requestCashbillJob(o.corpNum, { queryType, from: o.from, to: o.to }, uid)
    const job = yield* awaitWithProgress(o.corpNum, "cashbill", jobID, o)
    const items = yield* Stream.runCollect(portal.searchAll(o.corpNum, "cashbill", jobID, filter, { userId: uid }))
    const summary = yield* portal.summarizeCashbills(o.corpNum, jobID, filter, uid)
    yield* emit(o.json, { job, summary, list: items }, () => [jobLine(job), table(items, receiptColumns), summaryLine(summary)].join("\n"))
  }).pipe(Target.provide(o, [o.corpNum]))

// The certificate and department-account commands' work, loaded with the group's.
export * from "./account.js"
