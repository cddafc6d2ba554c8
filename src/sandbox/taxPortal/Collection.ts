/**
 * What a collection job finds (docs/decisions.md "Tax authority collection"): the documents where the member is on the job's side
 * — seller (SELL), buyer (BUY) or trustee (TRUSTEE) — whose date of the job's date type falls in
 * the range, as the tax authority knew them at the instant the job completed: documents issued
 * later, or dated after that day, are not in the snapshot. Sources: the sandbox's own e-Tax
 * invoices and cash receipts, and the synthetic counterpart documents of the member.
 */
import { type MemberView, memberView } from "../HandlerContext.js"
import type { Policy } from "../Progression.js"
import type { Environment } from "../Store.js"
import type { CollectedReceipt, IssuedInvoice } from "./Records.js"
import { invoiceDate, sortInvoices, sortReceipts } from "./Search.js"
import { issuedReceipts, memberParty, notAfterDayOf, type Store, type TaxinvoiceSource, taxinvoiceSource } from "./Sources.js"
import * as State from "./State.js"
import * as Synthetic from "./Synthetic.js"

type Query = State.Query

const unique = <A extends { readonly ntsconfirmNum: string }>(items: ReadonlyArray<A>): ReadonlyArray<A> => {
  const seen = new Map<string, A>()
  for (const item of items) if (!seen.has(item.ntsconfirmNum)) seen.set(item.ntsconfirmNum, item)
  return [...seen.values()]
}

const onSide = (invoice: IssuedInvoice, query: Query): boolean =>
  query.queryType === "SELL"
    ? invoice.invoicer.corpNum === query.corpNum
    : query.queryType === "BUY"
    ? invoice.invoicee.corpNum === query.corpNum
    : invoice.trustee?.corpNum === query.corpNum

/**
 * The tax invoices a job completed at `at` collects (`source`: the sandbox's own issued e-Tax
 * invoices, `taxinvoiceSource` unless given).
 */
export const collectInvoices = (
  store: Store,
  environment: Environment,
  query: Query,
  at: number,
  source: TaxinvoiceSource = taxinvoiceSource
): ReadonlyArray<IssuedInvoice> => {
  const side = query.queryType as "SELL" | "BUY" | "TRUSTEE"
  const candidates = [
    ...source(store, environment, query).filter((invoice) => onSide(invoice, query)),
    ...Synthetic.invoicesAround(memberParty(store, environment, query.corpNum), side, query.sDate, query.eDate)
  ]
  return unique(candidates.filter((invoice) => {
    const date = invoiceDate(invoice, query.dateType).slice(0, 8)
    return date >= query.sDate && date <= query.eDate && notAfterDayOf(date, at) && invoice.knownAt <= at
  }))
}

/** The cash receipts a job completed at `at` collects. */
export const collectReceipts = (store: Store, environment: Environment, query: Query, at: number): ReadonlyArray<CollectedReceipt> => {
  const side = query.queryType as "SELL" | "BUY"
  const own = issuedReceipts(store, environment, side, query.corpNum, query.sDate, query.eDate)
  const candidates = [...own, ...Synthetic.receiptsBetween(memberParty(store, environment, query.corpNum), side, query.sDate, query.eDate)]
  return unique(candidates.filter((receipt) =>
    receipt.tradeDate >= query.sDate && receipt.tradeDate <= query.eDate && notAfterDayOf(receipt.tradeDate, at) && receipt.knownAt <= at
  ))
}

/** What a member's collection handler works on. */
export interface MemberContext {
  readonly store: Store
  readonly environment: Environment
  readonly state: State.TaxPortalState
  readonly member: State.MemberPortal
  readonly corpNum: string
  readonly now: number
  readonly policy: Policy
}

/** A job's snapshot at its completion instant, sorted once in the order Search pages through. */
export const snapshot = (ctx: MemberContext) => (job: State.Job, at: number): void => {
  if (job.kind === "taxinvoice") job.invoices = sortInvoices(collectInvoices(ctx.store, ctx.environment, job, at), job.dateType)
  else job.receipts = sortReceipts(collectReceipts(ctx.store, ctx.environment, job, at))
}

/**
 * Runs `f` on a member's collection state (jobs, portal certificate, department account) in one
 * synchronous step, after completing the jobs that are due (without counting a poll).
 */
export const withMemberOf: MemberView<MemberContext> = memberView(
  State.taxPortalSlot,
  ({ now, policies, store }, state, environment, corpNum): MemberContext => ({
    store,
    environment,
    state,
    member: State.memberOf(state, corpNum),
    corpNum,
    now,
    policy: policies["taxPortal.job"]
  }),
  (ctx) => {
    let progressed = false
    for (const job of ctx.member.jobs) {
      const before = job.progress
      State.advance(job, ctx.policy, ctx.now, false, snapshot(ctx))
      progressed ||= job.progress !== before
    }
    return progressed
  }
)
