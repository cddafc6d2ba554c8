/**
 * `taxdoc cashbill …`: cash receipts (SPEC.md "Cash receipt"): issue, revoke, bulk issue from a
 * CSV or JSON file with a progress bar, queries, PDF, delete and the web-portal URL. What each
 * command does is in ./handlers.ts, loaded when it runs.
 *
 * @since 0.1.0
 */
import * as Args from "@effect/cli/Args"
import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import { handlers } from "../lazy.js"
import { file, polling, withMember } from "../options.js"

const run = handlers(() => import("./handlers.js"))

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

/**
 * `taxdoc cashbill`.
 *
 * @since 0.1.0
 * @category commands
 */
export const command = Command.make("cashbill").pipe(
  Command.withDescription("Cash receipts: issue, revoke, bulk issue, queries, PDF, delete, portal URL"),
  Command.withSubcommands([
    Command.make("issue", issueOptions, run("issue")).pipe(
      Command.withDescription("Issue a cash receipt (RegistIssue); every field is checked before anything is sent")
    ),
    Command.make("revoke", revokeOptions, run("revoke")).pipe(
      Command.withDescription("Issue a revocation receipt of an original, in full or in part (RevokeRegistIssue)")
    ),
    Command.make("bulk", bulkOptions, run("bulk")).pipe(
      Command.withDescription("Issue many receipts from a file: submitted 100 at a time, results awaited with a progress bar (BulkSubmit + GetBulkResult)")
    ),
    Command.make("info", oneOptions, run("info")).pipe(
      Command.withDescription("Show a receipt's status: 300 issued, 304 filed to the tax authority, 305 filing failed (GetInfo)")
    ),
    Command.make("infos", infosOptions, run("infos")).pipe(
      Command.withDescription("Show the status of many receipts, in the order given (GetInfos, 1,000 per request)")
    ),
    Command.make("detail", oneOptions, run("detail")).pipe(
      Command.withDescription("Show every field of a receipt (GetDetailInfo)")
    ),
    Command.make("pdf", pdfOptions, run("pdf")).pipe(
      Command.withDescription("Save a receipt as a PDF file (GetPDF)")
    ),
    Command.make("delete", oneOptions, run("remove")).pipe(
      Command.withDescription("Delete a receipt whose filing failed (305); its document ID becomes free (Delete)")
    ),
    Command.make("url", urlOptions, run("url")).pipe(
      Command.withDescription("Get a web-portal URL for the member, valid for 30 seconds (GetURL)")
    )
  ])
)
