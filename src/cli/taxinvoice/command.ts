/**
 * `taxdoc taxinvoice …`: e-Tax invoices (SPEC.md "e-Tax invoice") — register a draft from a JSON
 * file, attach a file, issue, status, detail, files, a page URL, mail, assign a document ID, bulk
 * issue from a CSV or JSON file with a progress bar. What each command does is in ./handlers.ts,
 * loaded when it runs.
 *
 * @since 0.1.0
 */
import * as Args from "@effect/cli/Args"
import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import { handlers } from "../lazy.js"
import { file, polling, withMember } from "../options.js"

const run = handlers(() => import("./handlers.js"))

const mgtKeyType = Options.choice("type", ["SELL", "BUY", "TRUSTEE"] as const).pipe(
  Options.withDescription("The kind of document ID: SELL (sales), BUY (purchases), TRUSTEE. Example: --type BUY"),
  Options.withDefault("SELL" as const)
)

/**
 * The options of `taxdoc taxinvoice register`.
 *
 * @since 0.1.0
 * @category options
 */
export const registerOptions = {
  ...withMember,
  file: file("The draft (TaxinvoiceDraft: invoicerMgtKey, writeDate, amounts, invoicer* and invoicee* fields, detailList, …)", "invoice.json")
}

/**
 * The options of the commands on one invoice (`info`, `detail`, `files`).
 *
 * @since 0.1.0
 * @category options
 */
export const keyOptions = {
  ...withMember,
  type: mgtKeyType,
  mgtKey: Args.text({ name: "mgtKey" }).pipe(Args.withDescription("The document ID of the invoice. Example: INV-20260101-0001"))
}

/**
 * The options of `taxdoc taxinvoice attach`.
 *
 * @since 0.1.0
 * @category options
 */
export const attachOptions = {
  ...keyOptions,
  path: Options.text("path").pipe(Options.withPseudoName("PATH"), Options.withDescription("The file to attach. Example: --path quote.pdf")),
  displayName: Options.text("display-name").pipe(Options.withDescription("The name shown (default the file's name). Example: --display-name 견적서"), Options.optional)
}

/**
 * The options of `taxdoc taxinvoice issue`.
 *
 * @since 0.1.0
 * @category options
 */
export const issueOptions = {
  ...keyOptions,
  memo: Options.text("memo").pipe(Options.withDescription("A memo kept with the issue. Example: --memo 11월분"), Options.optional),
  force: Options.boolean("force").pipe(Options.withDescription("Issue even though the due date (10th of the following month) has passed; marked late"))
}

/**
 * The options of `taxdoc taxinvoice url`.
 *
 * @since 0.1.0
 * @category options
 */
export const urlOptions = {
  ...keyOptions,
  page: Options.choice("page", ["POPUP", "VIEW", "PRINT", "EPRINT", "MAIL", "PDF"] as const).pipe(
    Options.withDescription("Which page. MAIL (the mail's confirmation page) does not expire. Example: --page PRINT"),
    Options.withDefault("POPUP" as const)
  )
}

/**
 * The options of `taxdoc taxinvoice delete-file`.
 *
 * @since 0.1.0
 * @category options
 */
export const deleteFileOptions = {
  ...keyOptions,
  fileId: Options.text("file-id").pipe(Options.withDescription("The file ID (attachedFile) from `taxinvoice files`. Example: --file-id 3F2A…"))
}

/**
 * The options of `taxdoc taxinvoice infos`.
 *
 * @since 0.1.0
 * @category options
 */
export const infosOptions = {
  ...withMember,
  type: mgtKeyType,
  mgtKeys: Args.text({ name: "mgtKey" }).pipe(Args.withDescription("Document IDs to query. Example: INV-0001 INV-0002"), Args.atLeast(1))
}

/**
 * The options of `taxdoc taxinvoice email`.
 *
 * @since 0.1.0
 * @category options
 */
export const emailOptions = {
  ...keyOptions,
  to: Options.text("to").pipe(Options.withDescription("The address to send the notification mail to. Example: --to buyer@example.com"))
}

/**
 * The options of `taxdoc taxinvoice assign`.
 *
 * @since 0.1.0
 * @category options
 */
export const assignOptions = {
  ...keyOptions,
  itemKey: Options.text("item-key").pipe(
    Options.withDescription("The 18-character item key of the invoice issued on the web portal. Example: --item-key 261122100000123456")
  )
}

/**
 * The options of `taxdoc taxinvoice bulk`.
 *
 * @since 0.1.0
 * @category options
 */
export const bulkOptions = {
  ...withMember,
  ...polling,
  force: Options.boolean("force").pipe(Options.withDescription("Issue overdue invoices too (late issue)")),
  file: file("Drafts: CSV with a header row of field names (an empty cell leaves the field out), or a JSON array", "invoices.json")
}

/**
 * `taxdoc taxinvoice`.
 *
 * @since 0.1.0
 * @category commands
 */
export const command = Command.make("taxinvoice").pipe(
  Command.withDescription("e-Tax invoices: register, attach, issue, status, detail, files, page URLs, mail, assign an ID, bulk issue"),
  Command.withSubcommands([
    Command.make("register", registerOptions, run("register")).pipe(
      Command.withDescription("Save a draft e-Tax invoice from a JSON file (Register); every field is checked before anything is sent")
    ),
    Command.make("attach", attachOptions, run("attach")).pipe(
      Command.withDescription("Attach a file to a saved invoice; at most 5, only before it is issued (AttachFile)")
    ),
    Command.make("issue", issueOptions, run("issue")).pipe(
      Command.withDescription("Issue a saved invoice: signed and sent to the tax authority (Issue)")
    ),
    Command.make("info", keyOptions, run("info")).pipe(
      Command.withDescription("Show an invoice's status: 100 saved, 300 issued, 301–303 being filed, 304 filed, 305 filing failed (GetInfo)")
    ),
    Command.make("infos", infosOptions, run("infos")).pipe(
      Command.withDescription("Show the status of many invoices, in the order given (GetInfos, 1,000 per request)")
    ),
    Command.make("detail", keyOptions, run("detail")).pipe(Command.withDescription("Show every field of an invoice (GetDetailInfo)")),
    Command.make("files", keyOptions, run("files")).pipe(Command.withDescription("List the files attached to an invoice (GetFiles)")),
    Command.make("delete-file", deleteFileOptions, run("deleteFile")).pipe(
      Command.withDescription("Delete an attached file of a saved invoice (DeleteFile)")
    ),
    Command.make("url", urlOptions, run("url")).pipe(Command.withDescription("Get the URL of an invoice's page (GetPopUpURL, GetViewURL, …)")),
    Command.make("email", emailOptions, run("email")).pipe(Command.withDescription("Send an issued invoice's notification mail again (SendEmail)")),
    Command.make("assign", assignOptions, run("assign")).pipe(
      Command.withDescription("Give an invoice issued on the web portal a document ID (AssignMgtKey)")
    ),
    Command.make("bulk", bulkOptions, run("bulk")).pipe(
      Command.withDescription("Issue many invoices from a file: submitted 100 at a time, results awaited with a progress bar (BulkIssue + GetBulkResult)")
    )
  ])
)
