/**
 * taxdoc: an Effect-based SDK for the Tax Document Service API.
 *
 * What a program calls: `Taxdoc` (the layers), `Config`, `Undici` (an `HttpClient` for the real
 * service), `Telemetry` and `Metrics` (the names of what a call emits), the seven services with
 * their input and answer schemas, the errors and `ErrorCodes`, and `Tokens` and `TokenStore` (the
 * tokens a client holds, and the store a fleet shares them through). Calls of your own through the
 * operation catalogue: `taxdoc/catalogue`.
 *
 * @since 0.1.0
 */
// First, so that an older Node is told which it needs before any dependency loads.
import "./core/NodeVersion.js"

/** @since 0.1.0 */
export * as Taxdoc from "./Taxdoc.js"

/** @since 0.1.0 */
export * as Config from "./public/Config.js"

/** @since 1.0.0 */
export * as Undici from "./core/Undici.js"

/** @since 1.1.0 */
export * as Telemetry from "./core/Telemetry.js"

/** @since 1.1.0 */
export * as Metrics from "./core/Metrics.js"

// ── the services ────────────────────────────────────────────────────────────────────────────

/** @since 0.1.0 */
export * as Member from "./public/Member.js"

/** @since 0.1.0 */
export * as MemberSchemas from "./public/MemberSchemas.js"

/** @since 0.1.0 */
export * as CompanyStatus from "./public/CompanyStatus.js"

/** @since 0.1.0 */
export * as CompanyStatusSchemas from "./public/CompanyStatusSchemas.js"

/** @since 0.1.0 */
export * as Cashbill from "./public/Cashbill.js"

/** @since 0.1.0 */
export * as CashbillSchemas from "./public/CashbillSchemas.js"

/** @since 0.1.0 */
export * as Statement from "./public/Statement.js"

/** @since 0.1.0 */
export * as StatementSchemas from "./public/StatementSchemas.js"

/** @since 0.1.0 */
export * as Taxinvoice from "./public/Taxinvoice.js"

/** @since 0.1.0 */
export * as TaxinvoiceSchemas from "./public/TaxinvoiceSchemas.js"

/** @since 0.1.0 */
export * as Certificate from "./public/Certificate.js"

/** @since 0.1.0 */
export * as CertificateSchemas from "./domains/certificate/Schemas.js"

/** @since 0.1.0 */
export * as TaxPortal from "./public/TaxPortal.js"

/** @since 0.1.0 */
export * as TaxPortalSchemas from "./public/TaxPortalSchemas.js"

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

// ── tokens ──────────────────────────────────────────────────────────────────────────────────

/** @since 0.1.0 */
export * as Tokens from "./public/Tokens.js"

/** @since 0.1.0 */
export * as TokenStore from "./core/TokenStore.js"
