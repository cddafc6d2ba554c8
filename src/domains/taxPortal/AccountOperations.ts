/**
 * The tax portal certificate and department-account operations of the catalogue (docs/service.md
 * "Tax authority collection"): the spec lists them under cash receipt collection, and the clients
 * call them on the tax invoice collection's paths as well — the same seven operations on each
 * collection's paths, with its scope. The literal segments (CertInfo, CertCheck, DeptUser) are never
 * taken for job IDs.
 *
 * @since 0.1.0
 */
import * as Operation from "../../core/Operation.js"
import { GenericResult } from "../../core/Schemas.js"
import { urlOperation } from "../../core/UrlOperation.js"
import { CertificateExpiration, DeptUserBody } from "./Schemas.js"
import { CASHBILL_SCOPE, TAXINVOICE_SCOPE } from "./Scopes.js"

/** The collections with a certificate and a department account of their own paths. */
type Collection = "Taxinvoice" | "Cashbill"

/**
 * The seven certificate and department-account operations of a collection, on its paths
 * (`/TaxPortal/Taxinvoice/…` or `/TaxPortal/Cashbill/…`) and with its scope: the same operations
 * for both, each declared once per collection. The SDK reaches both through one method with a
 * `kind` (`TaxPortal.getCertificatePopUpURL(corpNum, "taxinvoice")`).
 */
const accountOperations = (collection: Collection, scope: Operation.Scope) => {
  const name = `TaxPortal${collection}`
  const base = `/TaxPortal/${collection}` as const
  return {
    GetCertificatePopUpURL: urlOperation(
      { domain: name, service: "TaxPortal", cli: "collect certificate url", path: base, scope },
      "GetCertificatePopUpURL",
      "getCertificatePopUpURL",
      "CERT",
      "the URL of the portal certificate registration page"
    ),
    GetCertificateExpireDate: Operation.make({
      name: `${name}.GetCertificateExpireDate`,
      sdk: "TaxPortal.getCertificateExpireDate",
      cli: "collect certificate expiry",
      summary: "the expiry of the registered portal certificate",
      method: "GET",
      path: `${base}/CertInfo`,
      scope,
      success: CertificateExpiration,
      safeToRepeat: true
    }),
    CheckCertValidation: Operation.make({
      name: `${name}.CheckCertValidation`,
      sdk: "TaxPortal.checkCertValidation",
      cli: "collect certificate check",
      summary: "a login test with the registered certificate",
      method: "GET",
      path: `${base}/CertCheck`,
      scope,
      success: GenericResult,
      safeToRepeat: true
    }),
    RegistDeptUser: Operation.make({
      name: `${name}.RegistDeptUser`,
      sdk: "TaxPortal.registDeptUser",
      cli: "collect dept-user register",
      summary: "register the portal department account",
      method: "POST",
      path: `${base}/DeptUser`,
      scope,
      body: Operation.json(DeptUserBody),
      success: GenericResult,
      safeToRepeat: true
    }),
    CheckDeptUser: Operation.make({
      name: `${name}.CheckDeptUser`,
      sdk: "TaxPortal.checkDeptUser",
      cli: "collect dept-user check",
      summary: "whether a department account is registered",
      method: "GET",
      path: `${base}/DeptUser`,
      scope,
      success: GenericResult,
      safeToRepeat: true
    }),
    CheckLoginDeptUser: Operation.make({
      name: `${name}.CheckLoginDeptUser`,
      sdk: "TaxPortal.checkLoginDeptUser",
      cli: "collect dept-user login",
      summary: "a login test with the department account",
      method: "GET",
      path: `${base}/DeptUser/Check`,
      scope,
      success: GenericResult,
      safeToRepeat: true
    }),
    DeleteDeptUser: Operation.make({
      name: `${name}.DeleteDeptUser`,
      sdk: "TaxPortal.deleteDeptUser",
      cli: "collect dept-user delete",
      summary: "remove the department account",
      method: "POST",
      path: `${base}/DeptUser`,
      override: "DELETE",
      scope,
      success: GenericResult,
      safeToRepeat: false
    })
  }
}

const cashbillAccount = accountOperations("Cashbill", Operation.scope(CASHBILL_SCOPE))
const taxinvoiceAccount = accountOperations("Taxinvoice", Operation.scope(TAXINVOICE_SCOPE))

/**
 * GetCertificatePopUpURL (cash receipts): the page registering the tax portal certificate, valid 30 seconds.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetCertificatePopUpURL = cashbillAccount.GetCertificatePopUpURL

/**
 * GetCertificateExpireDate (cash receipts): the expiry (yyyyMMddHHmmss, KST) of the registered certificate.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetCertificateExpireDate = cashbillAccount.GetCertificateExpireDate

/**
 * CheckCertValidation (cash receipts): a login test with the registered certificate.
 *
 * @since 0.1.0
 * @category operations
 */
export const CheckCertValidation = cashbillAccount.CheckCertValidation

/**
 * RegistDeptUser (cash receipts): registers (or replaces) the tax portal department account; the password is stored, never answered.
 *
 * @since 0.1.0
 * @category operations
 */
export const RegistDeptUser = cashbillAccount.RegistDeptUser

/**
 * CheckDeptUser (cash receipts): whether a department account is registered (the message names its ID).
 *
 * @since 0.1.0
 * @category operations
 */
export const CheckDeptUser = cashbillAccount.CheckDeptUser

/**
 * CheckLoginDeptUser (cash receipts): a login test with the registered department account.
 *
 * @since 0.1.0
 * @category operations
 */
export const CheckLoginDeptUser = cashbillAccount.CheckLoginDeptUser

/**
 * DeleteDeptUser (cash receipts): removes the registered department account.
 *
 * @since 0.1.0
 * @category operations
 */
export const DeleteDeptUser = cashbillAccount.DeleteDeptUser

/**
 * GetCertificatePopUpURL (tax invoices; sent by the live clients on the tax invoice paths): the page registering the tax portal certificate.
 *
 * @since 0.1.0
 * @category operations
 */
export const TaxinvoiceGetCertificatePopUpURL = taxinvoiceAccount.GetCertificatePopUpURL

/**
 * GetCertificateExpireDate (tax invoices): the expiry of the registered certificate.
 *
 * @since 0.1.0
 * @category operations
 */
export const TaxinvoiceGetCertificateExpireDate = taxinvoiceAccount.GetCertificateExpireDate

/**
 * CheckCertValidation (tax invoices): a login test with the registered certificate.
 *
 * @since 0.1.0
 * @category operations
 */
export const TaxinvoiceCheckCertValidation = taxinvoiceAccount.CheckCertValidation

/**
 * RegistDeptUser (tax invoices): registers (or replaces) the tax portal department account.
 *
 * @since 0.1.0
 * @category operations
 */
export const TaxinvoiceRegistDeptUser = taxinvoiceAccount.RegistDeptUser

/**
 * CheckDeptUser (tax invoices): whether a department account is registered.
 *
 * @since 0.1.0
 * @category operations
 */
export const TaxinvoiceCheckDeptUser = taxinvoiceAccount.CheckDeptUser

/**
 * CheckLoginDeptUser (tax invoices): a login test with the registered department account.
 *
 * @since 0.1.0
 * @category operations
 */
export const TaxinvoiceCheckLoginDeptUser = taxinvoiceAccount.CheckLoginDeptUser

/**
 * DeleteDeptUser (tax invoices): removes the registered department account.
 *
 * @since 0.1.0
 * @category operations
 */
export const TaxinvoiceDeleteDeptUser = taxinvoiceAccount.DeleteDeptUser

/**
 * The certificate and department-account operations of each collection, by kind (what
 * `TaxPortal`'s methods with a `kind` call).
 *
 * @since 0.1.0
 * @category operations
 */
export const accountOperationsOf = { taxinvoice: taxinvoiceAccount, cashbill: cashbillAccount } as const
