/** Generators of valid collection inputs: ranges, identifiers and search filters as they travel. */
import * as fc from "fast-check"
import * as Kst from "../../../src/core/Kst.js"
import { MEMBER } from "../../support/sdk.js"

const digits = (length: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(""))

/** A valid range: start in 2026, at most 89 days long (always within 3 months). */
export const range = fc.tuple(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 89 })).map(([offset, length]) => {
  const sDate = Kst.addDays("20260101", offset)
  return { SDate: sDate, EDate: Kst.addDays(sDate, length) }
})

export const jobID = digits(18)
export const ntsConfirmNum = fc.stringMatching(/^[0-9a-z]{24}$/)

/** A comma list of some of `values` (possibly empty: no filter). */
export const commaList = <A extends string>(values: ReadonlyArray<A>) => fc.subarray([...values]).map((list) => list.join(","))

export const taxinvoiceFilters = fc.record({
  Type: commaList(["N", "M"]),
  TaxType: commaList(["T", "N", "Z"]),
  PurposeType: commaList(["R", "C", "N"]),
  TaxRegIDYN: fc.constantFrom("", "0", "1"),
  TaxRegIDType: fc.constantFrom("", "S", "B", "T"),
  TaxRegID: fc.subarray(["0001", "0002", "0003"]).map((l) => l.join(",")),
  SearchString: fc.constantFrom("", "한빛", "1058734216", "9999999999999", "상사")
}, { requiredKeys: [] })

export const cashbillFilters = fc.record({ TradeType: commaList(["N", "C"]), TradeUsage: commaList(["P", "C"]) }, { requiredKeys: [] })

export const paging = fc.record({
  Page: fc.integer({ min: 1, max: 5 }).map(String),
  PerPage: fc.integer({ min: 1, max: 1000 }).map(String),
  Order: fc.constantFrom("D", "A", "")
}, { requiredKeys: [] })

const member = fc.constant(MEMBER)

/** Valid inputs of every collection operation, by spec name (merged into the catalogue's table). */
export const taxPortalInputs = {
  "TaxPortalTaxinvoice.RequestJob": fc.record({
    corpNum: member,
    params: fc.tuple(fc.constantFrom("SELL", "BUY", "TRUSTEE"), fc.constantFrom("W", "I", "S"), range).map(([queryType, DType, r]) => ({ queryType, DType, ...r }))
  }),
  "TaxPortalTaxinvoice.GetJobState": fc.record({ corpNum: member, params: fc.record({ jobID }) }),
  "TaxPortalTaxinvoice.ListActiveJob": fc.constant({ corpNum: MEMBER }),
  "TaxPortalTaxinvoice.Search": fc.record({ corpNum: member, params: fc.tuple(jobID, taxinvoiceFilters, paging).map(([id, f, p]) => ({ jobID: id, ...f, ...p })) }),
  "TaxPortalTaxinvoice.Summary": fc.record({ corpNum: member, params: fc.tuple(jobID, taxinvoiceFilters).map(([id, f]) => ({ jobID: id, ...f })) }),
  "TaxPortalTaxinvoice.GetTaxinvoice": fc.record({ corpNum: member, params: fc.record({ ntsConfirmNum }) }),
  "TaxPortalCashbill.RequestJob": fc.record({
    corpNum: member,
    params: fc.tuple(fc.constantFrom("SELL", "BUY"), range).map(([queryType, r]) => ({ queryType, ...r }))
  }),
  "TaxPortalCashbill.GetJobState": fc.record({ corpNum: member, params: fc.record({ jobID }) }),
  "TaxPortalCashbill.ListActiveJob": fc.constant({ corpNum: MEMBER }),
  "TaxPortalCashbill.Search": fc.record({ corpNum: member, params: fc.tuple(jobID, cashbillFilters, paging).map(([id, f, p]) => ({ jobID: id, ...f, ...p })) }),
  "TaxPortalCashbill.Summary": fc.record({ corpNum: member, params: fc.tuple(jobID, cashbillFilters).map(([id, f]) => ({ jobID: id, ...f })) }),
  ...accountInputs("TaxPortalTaxinvoice"),
  ...accountInputs("TaxPortalCashbill")
}

/** The certificate and department-account operations of a collection: the same inputs for both. */
function accountInputs(collection: "TaxPortalTaxinvoice" | "TaxPortalCashbill") {
  return {
    [`${collection}.GetCertificatePopUpURL`]: fc.constant({ corpNum: MEMBER }),
    [`${collection}.GetCertificateExpireDate`]: fc.constant({ corpNum: MEMBER }),
    [`${collection}.CheckCertValidation`]: fc.constant({ corpNum: MEMBER }),
    [`${collection}.RegistDeptUser`]: fc.record({
      corpNum: member,
      body: fc.record({ id: fc.stringMatching(/^[a-z][a-z0-9]{3,20}$/), pwd: fc.stringMatching(/^[A-Za-z0-9!]{6,20}$/) })
    }),
    [`${collection}.CheckDeptUser`]: fc.constant({ corpNum: MEMBER }),
    [`${collection}.CheckLoginDeptUser`]: fc.constant({ corpNum: MEMBER }),
    [`${collection}.DeleteDeptUser`]: fc.constant({ corpNum: MEMBER })
  }
}
