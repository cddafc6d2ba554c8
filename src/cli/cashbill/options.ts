/**
 * The flags and arguments of `taxdoc cashbill …`, declared apart from what the commands do
 * (./handlers.ts) and how they are assembled (./command.ts).
 *
 * @since 0.1.0
 */
import * as Argument from "effect/cli/Argument"
import * as Flag from "effect/cli/Flag"
import type { UrlKind } from "../../domains/cashbill/Rules.js"
import { durable, file, polling, withMember } from "../options.js"

// The pages of a receipt, written out here so that parsing a command line loads no domain module;
// the compiler checks them against the catalogue's.
const URL_KINDS = ["POPUP", "VIEW", "PRINT", "EPRINT", "MAIL", "PDF"] as const satisfies ReadonlyArray<UrlKind>
const everyKind: [Exclude<UrlKind, typeof URL_KINDS[number]>] extends [never] ? true : false = true
void everyKind

const mgtKey = Argument.String("mgtKey").pipe(Argument.withDescription("The document ID of the receipt. Example: DOC-20260101-0001"))

/**
 * The options of `taxdoc cashbill issue`.
 *
 * @since 0.1.0
 * @category options
 */
export const issueOptions = {
  ...withMember,
  file: file("The receipt (CashReceiptIssue: mgtKey, tradeUsage, taxationType, amounts, franchiseCorpNum, identityNum, …)", "receipt.json")
}

/**
 * The options of `taxdoc cashbill revoke`.
 *
 * @since 0.1.0
 * @category options
 */
export const revokeOptions = {
  ...withMember,
  file: file("The revocation (CashReceiptRevoke: mgtKey, orgConfirmNum, orgTradeDate, isPartCancel and amounts, …)", "revoke.json")
}

/**
 * The options of `taxdoc cashbill bulk`.
 *
 * @since 0.1.0
 * @category options
 */
export const bulkOptions = {
  ...withMember,
  ...polling,
  ...durable,
  file: file("Receipts: CSV with a header row of field names (an empty cell leaves the field out), or a JSON array", "receipts.csv")
}

/**
 * The options of `taxdoc cashbill info`, `detail` and `delete` (one document).
 *
 * @since 0.1.0
 * @category options
 */
export const oneOptions = { ...withMember, mgtKey }

/**
 * The options of `taxdoc cashbill infos`.
 *
 * @since 0.1.0
 * @category options
 */
export const infosOptions = {
  ...withMember,
  file: Flag.String("file").pipe(
    Flag.withAlias("f"),
    Flag.withMetavar("PATH"),
    Flag.withDescription("A JSON array of document IDs, queried with the ones given as arguments. Example: --file ids.json"),
    Flag.optional
  ),
  mgtKeys: Argument.String("mgtKey").pipe(Argument.withDescription("Document IDs to query. Example: DOC-0001 DOC-0002"), Argument.variadic())
}

/**
 * The options of `taxdoc cashbill pdf`.
 *
 * @since 0.1.0
 * @category options
 */
export const pdfOptions = {
  ...withMember,
  mgtKey,
  out: Flag.String("out").pipe(
    Flag.withAlias("o"),
    Flag.withMetavar("PATH"),
    Flag.withDescription("Where to save the PDF (default <mgtKey>.pdf in the current directory). Example: --out receipt.pdf"),
    Flag.optional
  )
}

/**
 * The options of `taxdoc cashbill url`: the member's menus (`--menu`), or the pages of receipts
 * (`--kind` and their document IDs; several make one mass-print URL).
 *
 * @since 0.1.0
 * @category options
 */
export const urlOptions = {
  ...withMember,
  menu: Flag.Literals("menu", ["PBOX", "WRITE"]).pipe(
    Flag.withMetavar("MENU"),
    Flag.withDescription("Without document IDs: PBOX, the box of issued receipts (the default), or WRITE, the page to write one. Example: --menu WRITE"),
    Flag.optional
  ),
  kind: Flag.Literals("kind", URL_KINDS).pipe(
    Flag.withMetavar("KIND"),
    Flag.withDescription("With one document ID: POPUP, VIEW (the default), PRINT, EPRINT (the customer's copy), MAIL (no expiry) or PDF; several IDs make one mass-print URL. Example: --kind PRINT"),
    Flag.optional
  ),
  mgtKeys: Argument.String("mgtKey").pipe(
    Argument.withDescription("Document IDs of receipts: one for its page, up to 100 for mass print; none for a menu. Example: DOC-0001 DOC-0002"),
    Argument.variadic()
  )
}
