/**
 * The options and arguments of `taxdoc cashbill …`, declared apart from what the commands do
 * (./handlers.ts) and how they are assembled (./command.ts).
 *
 * @since 0.1.0
 */
import * as Args from "@effect/cli/Args"
import * as Options from "@effect/cli/Options"
import { durable, file, polling, withMember } from "../options.js"

const mgtKey = Args.text({ name: "mgtKey" }).pipe(Args.withDescription("The document ID of the receipt. Example: DOC-20260101-0001"))

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
  file: Options.text("file").pipe(
    Options.withAlias("f"),
    Options.withPseudoName("PATH"),
    Options.withDescription("A JSON array of document IDs, queried with the ones given as arguments. Example: --file ids.json"),
    Options.optional
  ),
  mgtKeys: Args.text({ name: "mgtKey" }).pipe(Args.withDescription("Document IDs to query. Example: DOC-0001 DOC-0002"), Args.repeated)
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
  out: Options.text("out").pipe(
    Options.withAlias("o"),
    Options.withPseudoName("PATH"),
    Options.withDescription("Where to save the PDF (default <mgtKey>.pdf in the current directory). Example: --out receipt.pdf"),
    Options.optional
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
  menu: Options.choice("menu", ["PBOX", "WRITE"]).pipe(
    Options.withDescription("PBOX: the box of issued receipts; WRITE: the page to write one. Example: --menu WRITE"),
    Options.withDefault("PBOX" as const)
  )
}
