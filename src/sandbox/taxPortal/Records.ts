/**
 * What the sandbox's tax authority holds for collection (docs/decisions.md "Tax authority collection"): tax
 * invoices and cash receipts as crawled records, whoever issued them — the sandbox's own e-Tax
 * invoice and cash receipt domains, or synthetic counterpart documents — and the wire records the
 * collection operations answer (list items, the crawled detail with its invoiceType code, cash
 * receipt items, job records).
 */
import type * as Operations from "../../domains/taxPortal/Operations.js"
import type { SuccessEncoded } from "../../core/Operation.js"

/** A party of a tax invoice. */
export interface Party {
  readonly corpNum: string
  readonly taxRegID?: string | undefined
  readonly corpName: string
  readonly ceoName?: string | undefined
  readonly addr?: string | undefined
  readonly bizType?: string | undefined
  readonly bizClass?: string | undefined
  readonly contactName?: string | undefined
  readonly tel?: string | undefined
  readonly email?: string | undefined
}

/** An item line of a tax invoice. */
export interface InvoiceLine {
  readonly purchaseDT: string
  readonly itemName: string
  readonly spec?: string | undefined
  readonly qty?: string | undefined
  readonly unitCost?: string | undefined
  readonly supplyCost: string
  readonly tax: string
  readonly remark?: string | undefined
}

/**
 * A tax invoice as the tax authority holds it: the fields a crawled list item and detail record
 * need. This is also what the e-Tax invoice domain hands to collection (see `Sources.ts`).
 */
export interface IssuedInvoice {
  /** 24 characters. */
  readonly ntsconfirmNum: string
  /** yyyyMMdd. */
  readonly writeDate: string
  /** yyyyMMddHHmmss. */
  readonly issueDT: string
  /** yyyyMMdd: when it was filed with the tax authority. */
  readonly sendDate: string
  readonly taxType: "과세" | "영세" | "면세"
  readonly purposeType: "영수" | "청구" | "없음"
  /** A revised (modified) invoice. */
  readonly modifyYN: boolean
  readonly invoicerMgtKey?: string | undefined
  readonly invoicer: Party
  readonly invoiceeType: "사업자" | "개인" | "외국인"
  readonly invoiceeMgtKey?: string | undefined
  /** corpNum holds the resident number (개인) or 9999999999999 (외국인). */
  readonly invoicee: Party
  readonly trustee?: Party | undefined
  readonly supplyCostTotal: string
  readonly taxTotal: string
  readonly totalAmount: string
  readonly remark1?: string | undefined
  readonly remark2?: string | undefined
  readonly remark3?: string | undefined
  readonly lines: ReadonlyArray<InvoiceLine>
  /** The instant (document time) it became known to the tax authority: later jobs see it. */
  readonly knownAt: number
}

/** A cash receipt as the tax authority holds it. */
export interface CollectedReceipt {
  /** The receipt's confirmation number. */
  readonly ntsconfirmNum: string
  readonly tradeDate: string
  readonly tradeDT: string
  readonly tradeType: "승인거래" | "취소거래"
  readonly tradeUsage: string
  readonly totalAmount: string
  readonly supplyCost: string
  readonly tax: string
  readonly serviceFee: string
  readonly franchiseCorpNum: string
  readonly franchiseCorpName: string
  /** As the authority shows it: masked. */
  readonly identityNum: string
  readonly customerName: string
  readonly knownAt: number
}

/**
 * The invoiceType code of the crawled detail (docs/service.md "Tax authority collection"): 101 general, 102 zero-rated, 103
 * consigned, 105 consigned zero-rated, 301 tax-exempt, 303 consigned tax-exempt; a revised
 * invoice is the code plus 100 (201–205, 401, 403). (Import invoices, 104/304, are never issued
 * by the sandbox.)
 */
export const invoiceTypeCode = (invoice: IssuedInvoice): number => {
  const consigned = invoice.trustee !== undefined
  const base = invoice.taxType === "과세" ? (consigned ? 103 : 101) : invoice.taxType === "영세" ? (consigned ? 105 : 102) : (consigned ? 303 : 301)
  return invoice.modifyYN ? base + 100 : base
}

/** The member's side of a collection, as the records name it. */
export const sideLabel = { SELL: "매출", BUY: "매입", TRUSTEE: "수탁" } as const

type ListItem = SuccessEncoded<typeof Operations.TaxinvoiceSearch>["list"][number]

/** The list item of a search result. */
export const listItem = (invoice: IssuedInvoice, queryType: keyof typeof sideLabel): ListItem => {
  const first = invoice.lines[0]
  return {
    invoiceType: sideLabel[queryType],
    ntsconfirmNum: invoice.ntsconfirmNum,
    writeDate: invoice.writeDate,
    issueDate: invoice.issueDT.slice(0, 8),
    sendDate: invoice.sendDate,
    taxType: invoice.taxType,
    purposeType: invoice.purposeType,
    modifyYN: invoice.modifyYN,
    invoicerCorpNum: invoice.invoicer.corpNum,
    invoicerTaxRegID: invoice.invoicer.taxRegID ?? "",
    invoicerCorpName: invoice.invoicer.corpName,
    invoicerCEOName: invoice.invoicer.ceoName ?? "",
    invoicerEmail: invoice.invoicer.email ?? "",
    invoiceeCorpNum: invoice.invoicee.corpNum,
    invoiceeType: invoice.invoiceeType,
    invoiceeTaxRegID: invoice.invoicee.taxRegID ?? "",
    invoiceeCorpName: invoice.invoicee.corpName,
    invoiceeCEOName: invoice.invoicee.ceoName ?? "",
    invoiceeEmail1: invoice.invoicee.email ?? "",
    trusteeCorpNum: invoice.trustee?.corpNum ?? "",
    trusteeTaxRegID: invoice.trustee?.taxRegID ?? "",
    trusteeCorpName: invoice.trustee?.corpName ?? "",
    supplyCostTotal: invoice.supplyCostTotal,
    taxTotal: invoice.taxTotal,
    totalAmount: invoice.totalAmount,
    remark1: invoice.remark1 ?? "",
    purchaseDate: first?.purchaseDT ?? "",
    itemName: first?.itemName ?? "",
    supplyCost: first?.supplyCost ?? "",
    tax: first?.tax ?? ""
  }
}

/** The crawled detail record (GetTaxinvoice). */
export const detailRecord = (invoice: IssuedInvoice): SuccessEncoded<typeof Operations.TaxinvoiceGetTaxinvoice> => ({
  ntsconfirmNum: invoice.ntsconfirmNum,
  writeDate: invoice.writeDate,
  issueDT: invoice.issueDT,
  invoiceType: invoiceTypeCode(invoice),
  taxType: invoice.taxType,
  taxTotal: invoice.taxTotal,
  supplyCostTotal: invoice.supplyCostTotal,
  totalAmount: invoice.totalAmount,
  purposeType: invoice.purposeType,
  serialNum: "",
  cash: "",
  chkBill: "",
  credit: "",
  note: "",
  remark1: invoice.remark1 ?? "",
  remark2: invoice.remark2 ?? "",
  remark3: invoice.remark3 ?? "",
  invoicerCorpNum: invoice.invoicer.corpNum,
  invoicerMgtKey: invoice.invoicerMgtKey ?? "",
  invoicerTaxRegID: invoice.invoicer.taxRegID ?? "",
  invoicerCorpName: invoice.invoicer.corpName,
  invoicerCEOName: invoice.invoicer.ceoName ?? "",
  invoicerAddr: invoice.invoicer.addr ?? "",
  invoicerBizType: invoice.invoicer.bizType ?? "",
  invoicerBizClass: invoice.invoicer.bizClass ?? "",
  invoicerContactName: invoice.invoicer.contactName ?? "",
  invoicerTEL: invoice.invoicer.tel ?? "",
  invoicerEmail: invoice.invoicer.email ?? "",
  invoiceeType: invoice.invoiceeType,
  invoiceeCorpNum: invoice.invoicee.corpNum,
  invoiceeMgtKey: invoice.invoiceeMgtKey ?? "",
  invoiceeTaxRegID: invoice.invoicee.taxRegID ?? "",
  invoiceeCorpName: invoice.invoicee.corpName,
  invoiceeCEOName: invoice.invoicee.ceoName ?? "",
  invoiceeAddr: invoice.invoicee.addr ?? "",
  invoiceeBizType: invoice.invoicee.bizType ?? "",
  invoiceeBizClass: invoice.invoicee.bizClass ?? "",
  invoiceeContactName1: invoice.invoicee.contactName ?? "",
  invoiceeDeptName1: "",
  invoiceeTEL1: invoice.invoicee.tel ?? "",
  invoiceeEmail1: invoice.invoicee.email ?? "",
  invoiceeContactName2: "",
  invoiceeDeptName2: "",
  detailList: invoice.lines.map((line, i) => ({
    serialNum: i + 1,
    purchaseDT: line.purchaseDT,
    itemName: line.itemName,
    spec: line.spec ?? "",
    qty: line.qty ?? "",
    unitCost: line.unitCost ?? "",
    supplyCost: line.supplyCost,
    tax: line.tax,
    remark: line.remark ?? ""
  }))
})

type CashbillListItem = SuccessEncoded<typeof Operations.CashbillSearch>["list"][number]

/** A collected cash receipt of a search result. */
export const cashbillItem = (receipt: CollectedReceipt, queryType: "SELL" | "BUY"): CashbillListItem => ({
  ntsconfirmNum: receipt.ntsconfirmNum,
  tradeDate: receipt.tradeDate,
  tradeDT: receipt.tradeDT,
  tradeType: receipt.tradeType,
  tradeUsage: receipt.tradeUsage,
  totalAmount: receipt.totalAmount,
  supplyCost: receipt.supplyCost,
  tax: receipt.tax,
  serviceFee: receipt.serviceFee,
  invoiceType: sideLabel[queryType],
  franchiseCorpNum: receipt.franchiseCorpNum,
  franchiseCorpName: receipt.franchiseCorpName,
  identityNum: receipt.identityNum,
  customerName: receipt.customerName
})

