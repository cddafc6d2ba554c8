/**
 * taxdoc: an Effect-based SDK for the Tax Document Service API.
 *
 * What a program calls: `Taxdoc` (the layers), `Config`, `Telemetry` and `Metrics` (the names
 * of what a call emits), the seven services with their input and
 * answer schemas and the rules and limits of their documents, the errors and `ErrorCodes`; for
 * calls of your own through the catalogue, `Client`, `Operation`, the `…Operations` declarations
 * and `Catalogue`.
 *
 * @since 0.1.0
 */
// First, so that an older Node is told which it needs before any dependency loads.
import "./core/NodeVersion.js"

/** @since 0.1.0 */
export * as Taxdoc from "./Taxdoc.js"

/** @since 0.1.0 */
export * as Config from "./core/Config.js"

/** @since 1.0.0 */
export * as Undici from "./core/Undici.js"

/** @since 1.1.0 */
export * as Telemetry from "./core/Telemetry.js"

/** @since 1.1.0 */
export * as Metrics from "./core/Metrics.js"

// ── the services ────────────────────────────────────────────────────────────────────────────

/** @since 0.1.0 */
export * as Member from "./domains/member/Member.js"

/** @since 0.1.0 */
export * as MemberSchemas from "./domains/member/Schemas.js"

/** @since 0.1.0 */
export * as CompanyStatus from "./domains/companyStatus/CompanyStatus.js"

/** @since 0.1.0 */
export * as CompanyStatusSchemas from "./domains/companyStatus/Schemas.js"

/** @since 0.1.0 */
export * as Cashbill from "./domains/cashbill/Cashbill.js"

/** @since 0.1.0 */
export * as CashbillSchemas from "./domains/cashbill/Schemas.js"


/** @since 0.1.0 */
export * as Statement from "./domains/statement/Statement.js"

/** @since 0.1.0 */
export * as StatementSchemas from "./domains/statement/Schemas.js"


/** @since 0.1.0 */
export * as Taxinvoice from "./domains/taxinvoice/Taxinvoice.js"

/** @since 0.1.0 */
export * as TaxinvoiceSchemas from "./domains/taxinvoice/Schemas.js"


/** @since 0.1.0 */
export * as Certificate from "./domains/certificate/Certificate.js"

/** @since 0.1.0 */
export * as CertificateSchemas from "./domains/certificate/Schemas.js"

/** @since 0.1.0 */
export * as TaxPortal from "./domains/taxPortal/TaxPortal.js"

/** @since 0.1.0 */
export * as TaxPortalSchemas from "./domains/taxPortal/Schemas.js"


// ── errors ──────────────────────────────────────────────────────────────────────────────────

/** @since 0.1.0 */
export {
  ApiError,
  PollTimeoutError,
  ResponseError,
  type TaxdocError,
  TokenError,
  TransportError,
  UnknownOutcomeError,
  ValidationError,
  ValidationIssue
} from "./core/Errors.js"

/** @since 1.0.0 */
export { BulkIncompleteError, type ItemOutcome } from "./core/Bulk.js"

/** @since 0.1.0 */
export * as ErrorCodes from "./core/ErrorCodes.js"

// ── the client and the catalogue, for calls of your own ─────────────────────────────────────

/** @since 0.1.0 */
export * as Client from "./core/Client.js"

/** @since 0.1.0 */
export * as Tokens from "./core/Tokens.js"

/** @since 0.1.0 */
export * as TokenStore from "./core/TokenStore.js"

/** @since 0.1.0 */
export * as Operation from "./core/Operation.js"

/** @since 0.1.0 */
export * as Schemas from "./core/Schemas.js"

/** @since 0.1.0 */
export * as Catalogue from "./domains/Catalogue.js"

/** @since 0.1.0 */
export * as MemberOperations from "./domains/member/Operations.js"

/** @since 0.1.0 */
export * as CompanyStatusOperations from "./domains/companyStatus/Operations.js"

/** @since 0.1.0 */
export * as CashbillOperations from "./domains/cashbill/Operations.js"

/** @since 0.1.0 */
export * as StatementOperations from "./domains/statement/Operations.js"

/** @since 0.1.0 */
export * as TaxinvoiceOperations from "./domains/taxinvoice/Operations.js"

/** @since 0.1.0 */
export * as CertificateOperations from "./domains/certificate/Operations.js"

/** @since 0.1.0 */
export * as TaxPortalOperations from "./domains/taxPortal/Operations.js"
