/**
 * The flags and arguments of `taxdoc cashbill …`, declared apart from what the commands do
 * (./handlers.ts) and how they are assembled (./command.ts).
 *
 * @since 0.1.0
 */
import * as Argument from "effect/cli/Argument"
import * as Flag from "effect/cli/Flag"
import { durable, file, polling, withMember } from "../options.js"

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
 * The options of `taxdoc cashbill url`.
 *
 * @since 0.1.0
 * @category options
 */
export const urlOptions = {
  ...withMember,
  menu: Flag.Literals("menu", ["PBOX", "WRITE"]).pipe(
    Flag.withMetavar("MENU"),
    Flag.withDescription("PBOX: the box of issued receipts (default); WRITE: the page to write one. Example: --menu WRITE"),
    Flag.withDefault("PBOX")
  )
}
