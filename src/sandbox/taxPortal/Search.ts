/**
 * Search and summary over a job's collected documents (docs/service.md "Tax authority collection"):
 * pure functions from the documents and the filter parameters as received (strings, comma lists,
 * empty = no filter) to the filtered, ordered list, its pages and its totals. The summary is the
 * sum over exactly the list the search pages through.
 *
 * Branch-number filters: TaxRegIDType names the party (S seller, B buyer, T trustee; S when
 * absent) whose branch number TaxRegIDYN (0 none, 1 one) and TaxRegID (a list) look at; given
 * alone, TaxRegIDType filters nothing out (as the clients expect). SearchString matches part of a party's name
 * or number (registration, resident, 9999999999999 for a foreigner), case-insensitively.
 */
import * as Rules from "../../domains/taxPortal/Rules.js"
import type { CollectedReceipt, IssuedInvoice } from "./Records.js"

/** Tax invoice filter parameters as received (absent or empty = no filter). */
export interface InvoiceFilterParams {
  readonly Type?: string | undefined
  readonly TaxType?: string | undefined
  readonly PurposeType?: string | undefined
  readonly TaxRegIDYN?: string | undefined
  readonly TaxRegIDType?: string | undefined
  readonly TaxRegID?: string | undefined
  readonly SearchString?: string | undefined
}

/** Cash receipt filter parameters as received. */
export interface ReceiptFilterParams {
  readonly TradeType?: string | undefined
  readonly TradeUsage?: string | undefined
}

/** Paging parameters as received. */
export interface PageParams {
  readonly Page?: string | undefined
  readonly PerPage?: string | undefined
  readonly Order?: string | undefined
}

const TAX_TYPE = { 과세: "T", 면세: "N", 영세: "Z" } as const
const PURPOSE = { 영수: "R", 청구: "C", 없음: "N" } as const
const TRADE_TYPE: Record<string, string> = { 승인거래: "N", 취소거래: "C" }
const TRADE_USAGE: Record<string, string> = { 소득공제용: "P", 지출증빙용: "C" }

const within = (values: ReadonlyArray<string>, value: string): boolean => values.length === 0 || values.includes(value)

const branchOf = (invoice: IssuedInvoice, party: string): string =>
  (party === "B" ? invoice.invoicee.taxRegID : party === "T" ? invoice.trustee?.taxRegID : invoice.invoicer.taxRegID) ?? ""

/** The predicate of tax invoice filters. */
export const invoiceMatcher = (params: InvoiceFilterParams): (invoice: IssuedInvoice) => boolean => {
  const types = Rules.listOf(params.Type)
  const taxTypes = Rules.listOf(params.TaxType)
  const purposes = Rules.listOf(params.PurposeType)
  const branches = Rules.listOf(params.TaxRegID)
  const hasBranch = params.TaxRegIDYN ?? ""
  const party = params.TaxRegIDType === undefined || params.TaxRegIDType === "" ? "S" : params.TaxRegIDType
  const needle = (params.SearchString ?? "").trim().toLowerCase()
  return (invoice) => {
    if (!within(types, invoice.modifyYN ? "M" : "N")) return false
    if (!within(taxTypes, TAX_TYPE[invoice.taxType])) return false
    if (!within(purposes, PURPOSE[invoice.purposeType])) return false
    const branch = branchOf(invoice, party)
    if (hasBranch === "0" && branch !== "") return false
    if (hasBranch === "1" && branch === "") return false
    if (branches.length > 0 && !branches.includes(branch)) return false
    if (needle !== "") {
      const parties = [invoice.invoicer, invoice.invoicee, ...(invoice.trustee === undefined ? [] : [invoice.trustee])]
      if (!parties.some((p) => p.corpName.toLowerCase().includes(needle) || p.corpNum.includes(needle))) return false
    }
    return true
  }
}

/** The date a tax invoice is ordered and ranged by: W write date, I issue time, S filing date. */
export const invoiceDate = (invoice: IssuedInvoice, dateType: string): string =>
  dateType === "W" ? invoice.writeDate : dateType === "I" ? invoice.issueDT : invoice.sendDate

/** Ascending by `key`, each key computed once. */
const sortedBy = <A>(items: ReadonlyArray<A>, key: (a: A) => string): ReadonlyArray<A> =>
  items
    .map((item) => ({ item, key: key(item) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((keyed) => keyed.item)

/**
 * The items of an ascending list that match, in the requested order (A ascending, D — the
 * default — descending): no sorting, so a job's snapshot is sorted once and searched any number
 * of times.
 */
const selected = <A>(ascending: ReadonlyArray<A>, matches: ((a: A) => boolean) | undefined, order: string | undefined): ReadonlyArray<A> => {
  const found = matches === undefined ? [...ascending] : ascending.filter(matches)
  return order === "A" ? found : found.reverse()
}

/**
 * Tax invoices in ascending order of the date of the job's date type, then confirmation number
 * (the order Search pages through; a job sorts its snapshot once).
 */
export const sortInvoices = (invoices: ReadonlyArray<IssuedInvoice>, dateType: string): ReadonlyArray<IssuedInvoice> =>
  sortedBy(invoices, (i) => `${invoiceDate(i, dateType)}|${i.ntsconfirmNum}`)

const anyOf = (...values: ReadonlyArray<string | undefined>): boolean => values.some((v) => v !== undefined && v.trim() !== "")

/**
 * The tax invoices of an ascending list (`sortInvoices`) that pass the filters, D descending by
 * default.
 */
export const selectInvoices = (sorted: ReadonlyArray<IssuedInvoice>, params: InvoiceFilterParams & PageParams): ReadonlyArray<IssuedInvoice> =>
  selected(
    sorted,
    anyOf(params.Type, params.TaxType, params.PurposeType, params.TaxRegIDYN, params.TaxRegID, params.SearchString) ? invoiceMatcher(params) : undefined,
    params.Order
  )

/**
 * The filtered tax invoices, ordered by the job's date type (then confirmation number), D
 * descending by default.
 */
export const filterInvoices = (
  invoices: ReadonlyArray<IssuedInvoice>,
  dateType: string,
  params: InvoiceFilterParams & PageParams
): ReadonlyArray<IssuedInvoice> => selectInvoices(sortInvoices(invoices, dateType), params)

/** The predicate of cash receipt filters. */
export const receiptMatcher = (params: ReceiptFilterParams): (receipt: CollectedReceipt) => boolean => {
  const tradeTypes = Rules.listOf(params.TradeType)
  const usages = Rules.listOf(params.TradeUsage)
  return (receipt) => within(tradeTypes, TRADE_TYPE[receipt.tradeType] ?? "") && within(usages, TRADE_USAGE[receipt.tradeUsage] ?? "")
}

/** Cash receipts in ascending order of trade time, then confirmation number. */
export const sortReceipts = (receipts: ReadonlyArray<CollectedReceipt>): ReadonlyArray<CollectedReceipt> =>
  sortedBy(receipts, (r) => `${r.tradeDT}|${r.ntsconfirmNum}`)

/**
 * The cash receipts of an ascending list (`sortReceipts`) that pass the filters, D descending by
 * default.
 */
export const selectReceipts = (sorted: ReadonlyArray<CollectedReceipt>, params: ReceiptFilterParams & PageParams): ReadonlyArray<CollectedReceipt> =>
  selected(sorted, anyOf(params.TradeType, params.TradeUsage) ? receiptMatcher(params) : undefined, params.Order)

/** Page number and size of the paging parameters (defaults 1 and 500). */
export const paging = (params: PageParams): { readonly page: number; readonly perPage: number } => ({
  page: params.Page === undefined || params.Page === "" ? 1 : Number(params.Page),
  perPage: params.PerPage === undefined || params.PerPage === "" ? Rules.PER_PAGE_DEFAULT : Number(params.PerPage)
})

const sum = <A>(items: ReadonlyArray<A>, amount: (a: A) => string): number => items.reduce((total, a) => total + Number(amount(a)), 0)

/** Count and totals of tax invoices. */
export const invoiceSummary = (invoices: ReadonlyArray<IssuedInvoice>) => ({
  count: invoices.length,
  supplyCostTotal: sum(invoices, (i) => i.supplyCostTotal),
  taxTotal: sum(invoices, (i) => i.taxTotal),
  amountTotal: sum(invoices, (i) => i.totalAmount)
})

/** Count and totals of cash receipts. */
export const receiptSummary = (receipts: ReadonlyArray<CollectedReceipt>) => ({
  count: receipts.length,
  supplyCostTotal: sum(receipts, (r) => r.supplyCost),
  taxTotal: sum(receipts, (r) => r.tax),
  serviceFeeTotal: sum(receipts, (r) => r.serviceFee),
  amountTotal: sum(receipts, (r) => r.totalAmount)
})
