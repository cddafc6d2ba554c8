/**
 * The flags and arguments of `taxdoc taxinvoice …`, declared apart from what the commands do
 * (./handlers.ts) and how they are assembled (./command.ts).
 *
 * @since 0.1.0
 */
import * as Argument from "effect/cli/Argument"
import * as Flag from "effect/cli/Flag"
import { durable, file, polling, withMember } from "../options.js"

const mgtKeyType = Flag.Literals("type", ["SELL", "BUY", "TRUSTEE"]).pipe(
  Flag.withMetavar("KIND"),
  Flag.withDescription("The kind of document ID: SELL (sales, the default), BUY (purchases), TRUSTEE. Example: --type BUY"),
  Flag.withDefault("SELL")
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
  mgtKey: Argument.String("mgtKey").pipe(Argument.withDescription("The document ID of the invoice. Example: INV-20260101-0001"))
}

/**
 * The options of `taxdoc taxinvoice attach`.
 *
 * @since 0.1.0
 * @category options
 */
export const attachOptions = {
  ...keyOptions,
  path: Flag.String("path").pipe(Flag.withMetavar("PATH"), Flag.withDescription("The file to attach. Example: --path examples/cli/quote.pdf")),
  displayName: Flag.String("display-name").pipe(Flag.withMetavar("NAME"), Flag.withDescription("The name shown (default the file's name). Example: --display-name 견적서"), Flag.optional)
}

/**
 * The options of `taxdoc taxinvoice issue`.
 *
 * @since 0.1.0
 * @category options
 */
export const issueOptions = {
  ...keyOptions,
  memo: Flag.String("memo").pipe(Flag.withMetavar("TEXT"), Flag.withDescription("A memo kept with the issue. Example: --memo 11월분"), Flag.optional),
  force: Flag.Boolean("force").pipe(Flag.withDescription("Issue even though the due date (10th of the following month) has passed; marked late. Example: --force"), Flag.withDefault(false))
}

/**
 * The options of `taxdoc taxinvoice url`.
 *
 * @since 0.1.0
 * @category options
 */
export const urlOptions = {
  ...keyOptions,
  page: Flag.Literals("page", ["POPUP", "VIEW", "PRINT", "EPRINT", "MAIL", "PDF"]).pipe(
    Flag.withMetavar("PAGE"),
    Flag.withDescription("Which page (default POPUP). MAIL (the mail's confirmation page) does not expire. Example: --page PRINT"),
    Flag.withDefault("POPUP")
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
  fileId: Flag.String("file-id").pipe(Flag.withMetavar("ID"), Flag.withDescription("The file ID (attachedFile) from `taxinvoice files`. Example: --file-id 3F2A…"))
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
  mgtKeys: Argument.String("mgtKey").pipe(Argument.withDescription("Document IDs to query. Example: INV-0001 INV-0002"), Argument.atLeast(1))
}

/**
 * The options of `taxdoc taxinvoice email`.
 *
 * @since 0.1.0
 * @category options
 */
export const emailOptions = {
  ...keyOptions,
  to: Flag.String("to").pipe(Flag.withMetavar("ADDRESS"), Flag.withDescription("The address to send the notification mail to. Example: --to buyer@example.com"))
}

/**
 * The options of `taxdoc taxinvoice assign`.
 *
 * @since 0.1.0
 * @category options
 */
export const assignOptions = {
  ...keyOptions,
  itemKey: Flag.String("item-key").pipe(
    Flag.withMetavar("KEY"),
    Flag.withDescription("The 18-character item key of the invoice issued on the web portal. Example: --item-key 261122100000123456")
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
  force: Flag.Boolean("force").pipe(Flag.withDescription("Issue overdue invoices too (late issue). Example: --force"), Flag.withDefault(false)),
  file: file("Drafts: CSV with a header row of field names (an empty cell leaves the field out), or a JSON array", "invoices.json")
}
