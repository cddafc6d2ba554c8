/**
 * `taxdoc taxinvoice …`: e-Tax invoices (docs/service.md "e-Tax invoices") — register a draft from a JSON
 * file, attach a file, issue, status, detail, files, a page URL, mail, assign a document ID, bulk
 * issue from a CSV or JSON file with a progress bar. What each command does is in ./handlers.ts,
 * loaded when it runs.
 *
 * @since 0.1.0
 */
import * as Command from "effect/cli/Command"
import { group } from "../groups.js"
import { assignOptions, attachOptions, bulkOptions, deleteFileOptions, emailOptions, infosOptions, issueOptions, keyOptions, registerOptions, urlOptions } from "./options.js"

const { run, example } = group("taxinvoice")

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
      Command.withDescription("Save a draft e-Tax invoice from a JSON file (Register); every field is checked before anything is sent"),
      example("register --sandbox --corp-num 1234567891 --file examples/cli/invoice.json")
    ),
    Command.make("attach", attachOptions, run("attach")).pipe(
      Command.withDescription("Attach a file to a saved invoice; at most 5, only before it is issued (AttachFile)"),
      example("attach --sandbox --corp-num 1234567891 INV-0001 --path examples/cli/quote.pdf")
    ),
    Command.make("issue", issueOptions, run("issue")).pipe(
      Command.withDescription("Issue a saved invoice: signed and sent to the tax authority (Issue)"),
      example("issue --sandbox --corp-num 1234567891 INV-0001 --memo 11월분")
    ),
    Command.make("info", keyOptions, run("info")).pipe(
      Command.withDescription("Show an invoice's status: 100 saved, 300 issued, 301–303 being filed, 304 filed, 305 filing failed (GetInfo)"),
      example("info --sandbox --corp-num 1234567891 INV-0001")
    ),
    Command.make("infos", infosOptions, run("infos")).pipe(
      Command.withDescription("Show the status of many invoices, in the order given (GetInfos, 1,000 per request)"),
      example("infos --sandbox --corp-num 1234567891 INV-0001 INV-0002")
    ),
    Command.make("detail", keyOptions, run("detail")).pipe(Command.withDescription("Show every field of an invoice (GetDetailInfo)"),
      example("detail --sandbox --corp-num 1234567891 INV-0001")),
    Command.make("files", keyOptions, run("files")).pipe(Command.withDescription("List the files attached to an invoice (GetFiles)"),
      example("files --sandbox --corp-num 1234567891 INV-0001")),
    Command.make("delete-file", deleteFileOptions, run("deleteFile")).pipe(
      Command.withDescription("Delete an attached file of a saved invoice (DeleteFile)"),
      example("delete-file --sandbox --corp-num 1234567891 INV-0001 --file-id 44631215-8E46-0510-594B-69659B860030")
    ),
    Command.make("url", urlOptions, run("url")).pipe(Command.withDescription("Get the URL of an invoice's page (GetPopUpURL, GetViewURL, …)"),
      example("url --sandbox --corp-num 1234567891 INV-0001 --page PRINT")),
    Command.make("email", emailOptions, run("email")).pipe(Command.withDescription("Send an issued invoice's notification mail again (SendEmail)"),
      example("email --sandbox --corp-num 1234567891 INV-0002 --to buyer@example.com")),
    Command.make("assign", assignOptions, run("assign")).pipe(
      Command.withDescription("Give an invoice issued on the web portal a document ID (AssignMgtKey)"),
      example("assign --sandbox --corp-num 1234567891 INV-0004 --item-key 261102100000000005")
    ),
    Command.make("bulk", bulkOptions, run("bulk")).pipe(
      Command.withDescription("Issue many invoices from a file: submitted 100 at a time, results awaited with a progress bar (BulkIssue + GetBulkResult)"),
      example("bulk --sandbox --corp-num 1234567891 --file examples/cli/invoices.json")
    )
  ])
)
