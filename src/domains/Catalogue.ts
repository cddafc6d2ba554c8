/**
 * The operation catalogue: every operation of the service this package implements, each declared
 * once in its domain's `Operations.ts` (token issuance in `core/Tokens.ts`). The SDK builds its
 * requests from these declarations, the sandbox routes and implements them, and the operations
 * reference (`docs/operations.md`) is generated from them.
 *
 * @since 0.1.0
 */
import type * as Operation from "../core/Operation.js"
import { IssueToken } from "../core/Tokens.js"
import * as Cashbill from "./cashbill/Operations.js"
import * as Certificate from "./certificate/Operations.js"
import * as CompanyStatus from "./companyStatus/Operations.js"
import * as Member from "./member/Operations.js"
import * as Statement from "./statement/Operations.js"
import * as TaxPortal from "./taxPortal/Operations.js"
import * as Taxinvoice from "./taxinvoice/Operations.js"

/**
 * The catalogue by domain, in the order of the spec's endpoint tables.
 *
 * @since 0.1.0
 * @category operations
 */
export const domains: ReadonlyArray<{ readonly domain: string; readonly operations: ReadonlyArray<Operation.Any> }> = [
  { domain: "Authentication", operations: [IssueToken] },
  { domain: "Member", operations: Member.operations },
  { domain: "Cash receipt", operations: Cashbill.operations },
  { domain: "Statement", operations: Statement.operations },
  { domain: "e-Tax invoice", operations: Taxinvoice.operations },
  { domain: "Certificate management", operations: Certificate.operations },
  { domain: "Company status", operations: CompanyStatus.operations },
  { domain: "Tax authority collection", operations: TaxPortal.operations }
]

/**
 * Every operation.
 *
 * @since 0.1.0
 * @category operations
 */
export const operations: ReadonlyArray<Operation.Any> = domains.flatMap((d) => d.operations)
