/** Hand-written generators of valid e-Tax invoice drafts (every value passes every rule). */
import * as fc from "fast-check"
import * as Kst from "../../../src/core/Kst.js"
import type { TaxinvoiceDraft } from "../../../src/domains/taxinvoice/Schemas.js"
import { FOREIGNER_CORP_NUM } from "../../../src/domains/taxinvoice/Rules.js"

const digits = (length: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(""))
const name = (max: number) => fc.string({ minLength: 1, maxLength: max })
const opt = <A>(arb: fc.Arbitrary<A>) => fc.option(arb, { nil: undefined })

/** A document ID: 1–24 letters, digits, '-' and '_'. */
export const mgtKey = fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/)

/** A KST date from 40 days before `nowMillis` to its day. */
export const writeDate = (nowMillis: number) => fc.integer({ min: 0, max: 40 }).map((days) => Kst.addDays(Kst.toDate8(nowMillis), -days))

const buyer = fc.oneof(
  digits(10).map((corpNum) => ({ invoiceeType: "사업자" as const, invoiceeCorpNum: corpNum })),
  digits(13).map((corpNum) => ({ invoiceeType: "개인" as const, invoiceeCorpNum: corpNum })),
  fc.constant({ invoiceeType: "외국인" as const, invoiceeCorpNum: FOREIGNER_CORP_NUM })
)

const amount = fc.integer({ min: -5_000_000, max: 50_000_000 })

/** Detail lines (0 to 3) with the totals they imply, or totals alone. */
const amounts = fc.oneof(
  fc.record({ supply: amount, tax: amount }).map(({ supply, tax }) => ({
    supplyCostTotal: String(supply),
    taxTotal: String(tax),
    totalAmount: String(supply + tax),
    detailList: undefined
  })),
  fc.array(fc.record({ supply: amount, tax: amount, itemName: name(100) }), { minLength: 1, maxLength: 3 }).map((lines) => {
    const supply = lines.reduce((n, l) => n + l.supply, 0)
    const tax = lines.reduce((n, l) => n + l.tax, 0)
    return {
      supplyCostTotal: String(supply),
      taxTotal: String(tax),
      totalAmount: String(supply + tax),
      detailList: lines.map((l, i) => ({ serialNum: i + 1, itemName: l.itemName, supplyCost: String(l.supply), tax: String(l.tax) }))
    }
  })
)

const revision = fc.option(
  fc.record({ modifyCode: fc.integer({ min: 1, max: 6 }), orgNTSConfirmNum: fc.stringMatching(/^[0-9a-z]{24}$/) }),
  { nil: undefined }
)

/** A valid draft of `seller`, written within 40 days before `nowMillis`. */
export const draft = (nowMillis: number, seller: string): fc.Arbitrary<TaxinvoiceDraft> =>
  fc.record({
    mgtKey,
    writeDate: writeDate(nowMillis),
    taxType: fc.constantFrom("과세" as const, "영세" as const, "면세" as const),
    purposeType: fc.constantFrom("영수" as const, "청구" as const, "없음" as const),
    buyer,
    amounts,
    revision,
    invoicerCorpName: name(200),
    invoicerCEOName: name(100),
    invoiceeCorpName: name(200),
    invoiceeCEOName: name(100),
    remark1: opt(name(150)),
    kwon: opt(fc.integer({ min: -9999, max: 9999 })),
    email: opt(fc.constant("buyer@example.com")),
    contacts: opt(fc.array(fc.record({ contactName: name(100), email: fc.constant("extra@example.com") }), { maxLength: 5 }))
  }).map((r) => {
    const d: Record<string, unknown> = {
      issueType: "정발행",
      taxType: r.taxType,
      chargeDirection: "정과금",
      writeDate: r.writeDate,
      purposeType: r.purposeType,
      supplyCostTotal: r.amounts.supplyCostTotal,
      taxTotal: r.amounts.taxTotal,
      totalAmount: r.amounts.totalAmount,
      invoicerMgtKey: r.mgtKey,
      invoicerCorpNum: seller,
      invoicerCorpName: r.invoicerCorpName,
      invoicerCEOName: r.invoicerCEOName,
      invoiceeType: r.buyer.invoiceeType,
      invoiceeCorpNum: r.buyer.invoiceeCorpNum,
      invoiceeCorpName: r.invoiceeCorpName,
      invoiceeCEOName: r.invoiceeCEOName
    }
    if (r.amounts.detailList !== undefined) d["detailList"] = r.amounts.detailList
    if (r.revision !== undefined) Object.assign(d, r.revision)
    if (r.remark1 !== undefined) d["remark1"] = r.remark1
    if (r.kwon !== undefined) d["kwon"] = r.kwon
    if (r.email !== undefined) d["invoiceeEmail1"] = r.email
    if (r.contacts !== undefined) d["addContactList"] = r.contacts
    return d as TaxinvoiceDraft
  })
