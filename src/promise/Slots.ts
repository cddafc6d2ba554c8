/**
 * Where each method's call options sit, for the runtime (the types know it already: `Slot` in
 * `Methods.ts`). Each entry is typed by its method's signature, so it can take one value only, and a
 * method added to a service is a compile error here until its entry is written.
 *
 * @since 0.1.0
 */
import type * as Cashbill from "../domains/cashbill/Cashbill.js"
import type * as Certificate from "../domains/certificate/Certificate.js"
import type * as CompanyStatus from "../domains/companyStatus/CompanyStatus.js"
import type * as Member from "../domains/member/Member.js"
import type * as Statement from "../domains/statement/Statement.js"
import type * as TaxPortal from "../domains/taxPortal/TaxPortal.js"
import type * as Taxinvoice from "../domains/taxinvoice/Taxinvoice.js"
import type { RedactedAt, Slots } from "./Methods.js"

/** @since 0.1.0 */
export const member: Slots<Member.Member["Service"]> = {
  checkIsMember: ["append", 1],
  checkId: ["append", 1],
  join: ["append", 1],
  quit: ["userId", 2],
  getCorpInfo: ["userId", 1],
  updateCorpInfo: ["userId", 2],
  registContact: ["userId", 2],
  getContactInfo: ["userId", 2],
  listContact: ["userId", 1],
  updateContact: ["userId", 2],
  deleteContact: ["append", 3],
  getAccessURL: ["userId", 1],
  getChargeURL: ["userId", 1],
  getPaymentURL: ["userId", 1],
  getUseHistoryURL: ["userId", 1]
}

/** @since 0.1.0 */
export const companyStatus: Slots<CompanyStatus.CompanyStatus["Service"]> = {
  check: ["userId", 2],
  checkMany: ["userId", 2]
}

/** @since 0.1.0 */
export const cashbill: Slots<Cashbill.Cashbill["Service"]> = {
  issue: ["userId", 2],
  revoke: ["userId", 2],
  bulkSubmit: ["userId", 3],
  getBulkResult: ["userId", 2],
  awaitBulkResult: ["options", 2],
  issueMany: ["options", 2],
  delete: ["userId", 2],
  getInfo: ["userId", 2],
  getInfos: ["userId", 2],
  getDetailInfo: ["userId", 2],
  getURL: ["userId", 2],
  getPDF: ["userId", 2],
  getPopUpURL: ["userId", 2],
  getViewURL: ["userId", 2],
  getPrintURL: ["userId", 2],
  getEPrintURL: ["userId", 2],
  getMailURL: ["userId", 2],
  getPDFURL: ["userId", 2],
  getMassPrintURL: ["userId", 2]
}

/** @since 0.1.0 */
export const statement: Slots<Statement.Statement["Service"]> = {
  issue: ["userId", 2],
  cancel: ["userId", 4],
  delete: ["userId", 3],
  getInfo: ["userId", 3],
  getInfos: ["userId", 3],
  getDetailInfo: ["userId", 3],
  getPopUpURL: ["userId", 3],
  getViewURL: ["userId", 3],
  getPrintURL: ["userId", 3],
  getEPrintURL: ["userId", 3],
  getMailURL: ["userId", 3],
  getMassPrintURL: ["userId", 3],
  sendEmail: ["userId", 4]
}

/** @since 0.1.0 */
export const taxinvoice: Slots<Taxinvoice.Taxinvoice["Service"]> = {
  register: ["userId", 2],
  attachFile: ["userId", 4],
  issue: ["userId", 4],
  getFiles: ["userId", 3],
  deleteFile: ["userId", 4],
  getInfo: ["userId", 3],
  getInfos: ["userId", 3],
  getDetailInfo: ["userId", 3],
  getURL: ["userId", 4],
  getMassPrintURL: ["userId", 3],
  sendEmail: ["userId", 4],
  assignMgtKey: ["userId", 4],
  bulkIssue: ["userId", 4],
  getBulkResult: ["userId", 2],
  awaitBulkResult: ["options", 2],
  issueMany: ["options", 2]
}

/** @since 0.1.0 */
export const certificate: Slots<Certificate.Certificate["Service"]> = {
  getTaxCertURL: ["userId", 1],
  getExpireDate: ["userId", 1],
  checkValidation: ["userId", 1],
  getInfo: ["userId", 1]
}

/** @since 0.1.0 */
export const taxPortal: Slots<TaxPortal.TaxPortal["Service"]> = {
  requestTaxinvoiceJob: ["userId", 2],
  getTaxinvoiceJobState: ["userId", 2],
  listActiveTaxinvoiceJobs: ["userId", 1],
  searchTaxinvoices: ["userId", 4],
  summarizeTaxinvoices: ["userId", 3],
  getTaxinvoice: ["userId", 2],
  requestCashbillJob: ["userId", 2],
  getCashbillJobState: ["userId", 2],
  listActiveCashbillJobs: ["userId", 1],
  searchCashbills: ["userId", 4],
  summarizeCashbills: ["userId", 3],
  getCertificatePopUpURL: ["userId", 2],
  getCertificateExpireDate: ["userId", 2],
  checkCertValidation: ["userId", 2],
  registDeptUser: ["userId", 4],
  checkDeptUser: ["userId", 2],
  checkLoginDeptUser: ["userId", 2],
  deleteDeptUser: ["userId", 2],
  awaitJob: ["options", 3],
  searchAll: ["options", 4, "stream"],
  collect: ["options", 2, "stream"]
}

/**
 * The parameters of each method that carry a secret as `Redacted` on the Effect side: the Promise
 * client takes them as plain strings and wraps them before anything else sees them.
 *
 * @since 0.1.0
 */
export const secrets: { readonly taxPortal: { readonly registDeptUser: RedactedAt<TaxPortal.TaxPortal["Service"]["registDeptUser"], 3> } } = {
  taxPortal: { registDeptUser: 3 }
}
