/**
 * The package's runtime entry point (`taxdoc`; its declarations are `index.ts`'s, which it mirrors
 * export for export). The services, the core and the errors are loaded with it; the schema, rule
 * and catalogue modules of the domains — most of the package's own start-up work — are loaded on
 * the first access to their namespace (`CashbillSchemas.CashReceiptIssue`, `Catalogue.operations`),
 * and a domain's service loads what it uses on its first call. So `import { Cashbill, Taxdoc } from
 * "taxdoc"` does no schema or catalogue work that can wait for the first call.
 *
 * @since 0.1.0
 */
import * as Lazy from "./core/Lazy.js"

// A namespace of this package loaded on its first use.
const lazy = <M extends object>(specifier: string): M => Lazy.namespace<M>(import.meta.url, specifier)

/** @since 0.1.0 */
export * as Taxdoc from "./Taxdoc.js"

/** @since 0.1.0 */
export * as Config from "./core/Config.js"

/** @since 0.1.0 */
export * as Client from "./core/Client.js"

/** @since 0.1.0 */
export * as Tokens from "./core/Tokens.js"

/** @since 0.1.0 */
export * as TokenStore from "./core/TokenStore.js"

/** @since 0.1.0 */
export * as Signing from "./core/Signing.js"

/** @since 0.1.0 */
export * as Polling from "./core/Polling.js"

/** @since 0.1.0 */
export * as Kst from "./core/Kst.js"

/** @since 0.1.0 */
export * as Schemas from "./core/Schemas.js"

/** @since 0.1.0 */
export * as ErrorCodes from "./core/ErrorCodes.js"

/** @since 0.1.0 */
export * as Operation from "./core/Operation.js"

/** @since 0.1.0 */
export * as Bulk from "./core/Bulk.js"

/** @since 0.1.0 */
export const Catalogue: typeof import("./domains/Catalogue.js") = lazy("./domains/Catalogue.js")

/** @since 0.1.0 */
export const MemberOperations: typeof import("./domains/member/Operations.js") = lazy("./domains/member/Operations.js")

/** @since 0.1.0 */
export const CompanyStatusOperations: typeof import("./domains/companyStatus/Operations.js") = lazy("./domains/companyStatus/Operations.js")

/** @since 0.1.0 */
export const CashbillOperations: typeof import("./domains/cashbill/Operations.js") = lazy("./domains/cashbill/Operations.js")

/** @since 0.1.0 */
export const StatementOperations: typeof import("./domains/statement/Operations.js") = lazy("./domains/statement/Operations.js")

/** @since 0.1.0 */
export const TaxPortalOperations: typeof import("./domains/taxPortal/Operations.js") = lazy("./domains/taxPortal/Operations.js")

/** @since 0.1.0 */
export const TaxinvoiceOperations: typeof import("./domains/taxinvoice/Operations.js") = lazy("./domains/taxinvoice/Operations.js")

/** @since 0.1.0 */
export const CertificateOperations: typeof import("./domains/certificate/Operations.js") = lazy("./domains/certificate/Operations.js")

/** @since 0.1.0 */
export { ApiError, PollTimeoutError, ResponseError, type TaxdocError, TokenError, TransportError, ValidationError, ValidationIssue } from "./core/Errors.js"

/** @since 0.1.0 */
export * as Member from "./domains/member/Member.js"

/** @since 0.1.0 */
export const MemberSchemas: typeof import("./domains/member/Schemas.js") = lazy("./domains/member/Schemas.js")

/** @since 0.1.0 */
export * as CompanyStatus from "./domains/companyStatus/CompanyStatus.js"

/** @since 0.1.0 */
export const CompanyStatusSchemas: typeof import("./domains/companyStatus/Schemas.js") = lazy("./domains/companyStatus/Schemas.js")

/** @since 0.1.0 */
export * as Cashbill from "./domains/cashbill/Cashbill.js"

/** @since 0.1.0 */
export const CashbillSchemas: typeof import("./domains/cashbill/Schemas.js") = lazy("./domains/cashbill/Schemas.js")

/** @since 0.1.0 */
export const CashbillRules: typeof import("./domains/cashbill/Rules.js") = lazy("./domains/cashbill/Rules.js")

/** @since 0.1.0 */
export * as Statement from "./domains/statement/Statement.js"

/** @since 0.1.0 */
export const StatementSchemas: typeof import("./domains/statement/Schemas.js") = lazy("./domains/statement/Schemas.js")

/** @since 0.1.0 */
export const StatementRules: typeof import("./domains/statement/Rules.js") = lazy("./domains/statement/Rules.js")

/** @since 0.1.0 */
export * as TaxPortal from "./domains/taxPortal/TaxPortal.js"

/** @since 0.1.0 */
export const TaxPortalSchemas: typeof import("./domains/taxPortal/Schemas.js") = lazy("./domains/taxPortal/Schemas.js")

/** @since 0.1.0 */
export const TaxPortalRules: typeof import("./domains/taxPortal/Rules.js") = lazy("./domains/taxPortal/Rules.js")

/** @since 0.1.0 */
export * as Taxinvoice from "./domains/taxinvoice/Taxinvoice.js"

/** @since 0.1.0 */
export const TaxinvoiceSchemas: typeof import("./domains/taxinvoice/Schemas.js") = lazy("./domains/taxinvoice/Schemas.js")

/** @since 0.1.0 */
export const TaxinvoiceRules: typeof import("./domains/taxinvoice/Rules.js") = lazy("./domains/taxinvoice/Rules.js")

/** @since 0.1.0 */
export * as Certificate from "./domains/certificate/Certificate.js"

/** @since 0.1.0 */
export const CertificateSchemas: typeof import("./domains/certificate/Schemas.js") = lazy("./domains/certificate/Schemas.js")

/** @since 0.1.0 */
export * as Undici from "./core/Undici.js"
