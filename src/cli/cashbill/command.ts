/**
 * `taxdoc cashbill …`: cash receipts (docs/service.md "Cash receipts"): issue, revoke, bulk issue from a
 * CSV or JSON file with a progress bar, queries, PDF, delete and the web-portal URL. What each
 * command does is in ./handlers.ts, loaded when it runs.
 *
 * @since 0.1.0
 */
import * as Command from "effect/cli/Command"
import { group } from "../groups.js"
import { bulkOptions, infosOptions, issueOptions, oneOptions, pdfOptions, revokeOptions, urlOptions } from "./options.js"

const { run, example } = group("cashbill")

/**
 * `taxdoc cashbill`.
 *
 * @since 0.1.0
 * @category commands
 */
export const command = Command.make("cashbill").pipe(
  Command.withDescription("Cash receipts: issue, revoke, bulk issue, queries, PDF, delete, portal URLs"),
  Command.withSubcommands([
    Command.make("issue", issueOptions, run("issue")).pipe(
      Command.withDescription("Issue a cash receipt (RegistIssue); every field is checked before anything is sent"),
      example("issue --sandbox --corp-num 1234567891 --file examples/cli/receipt.json")
    ),
    Command.make("revoke", revokeOptions, run("revoke")).pipe(
      Command.withDescription("Issue a revocation receipt of an original, in full or in part (RevokeRegistIssue)"),
      example("revoke --sandbox --corp-num 1234567891 --file examples/cli/revoke.json")
    ),
    Command.make("bulk", bulkOptions, run("bulk")).pipe(
      Command.withDescription("Issue many receipts from a file: submitted 100 at a time, results awaited with a progress bar (BulkSubmit + GetBulkResult)"),
      example("bulk --sandbox --corp-num 1234567891 --file examples/cli/receipts.csv")
    ),
    Command.make("info", oneOptions, run("info")).pipe(
      Command.withDescription("Show a receipt's status: 300 issued, 304 filed to the tax authority, 305 filing failed (GetInfo)"),
      example("info --sandbox --corp-num 1234567891 DOC-0001")
    ),
    Command.make("infos", infosOptions, run("infos")).pipe(
      Command.withDescription("Show the status of many receipts, in the order given (GetInfos, 1,000 per request)"),
      example("infos --sandbox --corp-num 1234567891 DOC-0001 DOC-0002")
    ),
    Command.make("detail", oneOptions, run("detail")).pipe(
      Command.withDescription("Show every field of a receipt (GetDetailInfo)"),
      example("detail --sandbox --corp-num 1234567891 DOC-0001")
    ),
    Command.make("pdf", pdfOptions, run("pdf")).pipe(
      Command.withDescription("Save a receipt as a PDF file (GetPDF)"),
      example("pdf --sandbox --corp-num 1234567891 DOC-0001 --out receipt.pdf")
    ),
    Command.make("delete", oneOptions, run("remove")).pipe(
      Command.withDescription("Delete a receipt whose filing failed (305); its document ID becomes free (Delete)"),
      example("delete --sandbox --corp-num 1234567891 DOC-0003")
    ),
    Command.make("url", urlOptions, run("url")).pipe(
      Command.withDescription("Get a portal URL: a menu of the member (GetURL), a receipt's page (GetPopUpURL … GetPDFURL) or one print page of several (GetMassPrintURL)"),
      example("url --sandbox --corp-num 1234567891 --kind PRINT DOC-0001")
    )
  ])
)
