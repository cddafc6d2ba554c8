/**
 * taxdoc/catalogue: the operation catalogue, for programs that build on it — calls the services do
 * not offer, sandbox routes of your own (`Route.implement` of `taxdoc/sandbox`), generated
 * references. Every operation of the service is declared once, as data (`…Operations`); `Catalogue`
 * lists them by domain; `Operation` declares one; `Client.TaxdocClient` calls one; `Schemas` holds
 * the field schemas and shared answers declarations are built from (docs/architecture.md "The
 * catalogue and everything that reads it").
 *
 * @since 2.0.0
 */
// First, so that an older Node is told which it needs before any dependency loads.
import "../core/NodeVersion.js"

/** @since 0.1.0 */
export * as Catalogue from "../domains/Catalogue.js"

/** @since 0.1.0 */
export * as Operation from "./Operation.js"

/** @since 0.1.0 */
export * as Client from "./Client.js"

/** @since 0.1.0 */
export * as Schemas from "./Schemas.js"

// ── the operations, by domain ───────────────────────────────────────────────────────────────

/** @since 0.1.0 */
export * as MemberOperations from "./MemberOperations.js"

/** @since 0.1.0 */
export * as CompanyStatusOperations from "./CompanyStatusOperations.js"

/** @since 0.1.0 */
export * as CashbillOperations from "./CashbillOperations.js"

/** @since 0.1.0 */
export * as StatementOperations from "./StatementOperations.js"

/** @since 0.1.0 */
export * as TaxinvoiceOperations from "./TaxinvoiceOperations.js"

/** @since 0.1.0 */
export * as CertificateOperations from "./CertificateOperations.js"

/** @since 0.1.0 */
export * as TaxPortalOperations from "./TaxPortalOperations.js"
