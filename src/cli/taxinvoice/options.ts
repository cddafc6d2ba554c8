/**
 * The options and arguments of `taxdoc taxinvoice …`, declared apart from what the commands do
 * (./handlers.ts) and how they are assembled (./command.ts).
 *
 * @since 0.1.0
 */
import * as Args from "@effect/cli/Args"
import * as Options from "@effect/cli/Options"
import { durable, file, polling, withMember } from "../options.js"

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
  ...durable,
  force: Options.boolean("force").pipe(Options.withDescription("Issue overdue invoices too (late issue)")),
  file: file("Drafts: CSV with a header row of field names (an empty cell leaves the field out), or a JSON array", "invoices.json")
}
