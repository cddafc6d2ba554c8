/**
 * `taxdoc statement …`: statements of the six types (SPEC.md "Statement"): issue from a JSON file,
 * status and detail, cancel, delete, the document URLs (one statement, or many for mass print) and
 * the notification mail. `--item-code` takes a name (`Estimate`) or a number (`123`). What each
 * command does is in ./handlers.ts, loaded when it runs.
 *
 * @since 0.1.0
 */
import * as Args from "@effect/cli/Args"
import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import { handlers } from "../lazy.js"
import { file, withMember } from "../options.js"

const run = handlers(() => import("./handlers.js"))

const names = "121 TransactionStatement, 122 Bill, 123 Estimate, 124 PurchaseOrder, 125 DepositSlip, 126 Receipt"

const itemCode = Options.text("item-code").pipe(
  Options.withPseudoName("CODE"),
  Options.withDescription(`The statement type, by name or number: ${names}. Example: --item-code Estimate`)
)

const mgtKey = Args.text({ name: "mgtKey" }).pipe(Args.withDescription("The document ID of the statement. Example: EST-2026-0001"))

/**
 * The options of `taxdoc statement issue`.
 *
 * @since 0.1.0
 * @category options
 */
export const issueOptions = {
  ...withMember,
  itemCode: Options.optional(itemCode),
  file: file("The statement (StatementIssue: itemCode, mgtKey, writeDate, purposeType, taxType, totals, senderCorpNum, …)", "statement.json")
}

/**
 * The options of the commands on one statement (`info`, `detail`, `delete`).
 *
 * @since 0.1.0
 * @category options
 */
export const documentOptions = { ...withMember, itemCode, mgtKey }

/**
 * The options of `taxdoc statement cancel`.
 *
 * @since 0.1.0
 * @category options
 */
export const cancelOptions = {
  ...documentOptions,
  memo: Options.text("memo").pipe(Options.withDescription("Why it is cancelled (at most 200 characters). Example: --memo \"order withdrawn\""), Options.optional)
}

/**
 * The options of `taxdoc statement email`.
 *
 * @since 0.1.0
 * @category options
 */
export const emailOptions = {
  ...documentOptions,
  receiver: Options.text("to").pipe(Options.withPseudoName("ADDRESS"), Options.withDescription("Where to send it. Example: --to buyer@example.com"))
}

/**
 * The options of `taxdoc statement url`.
 *
 * @since 0.1.0
 * @category options
 */
export const urlOptions = {
  ...withMember,
  itemCode,
  kind: Options.choice("kind", ["POPUP", "VIEW", "PRINT", "EPRINT", "MAIL"] as const).pipe(
    Options.withDescription("POPUP, VIEW, PRINT, EPRINT (receiver's copy) or MAIL (no expiry); several document IDs make one mass-print URL. Example: --kind PRINT"),
    Options.withDefault("VIEW" as const)
  ),
  mgtKeys: Args.text({ name: "mgtKey" }).pipe(Args.withDescription("One document ID, or up to 100 for mass print. Example: EST-0001 EST-0002"), Args.atLeast(1))
}

/**
 * `taxdoc statement`.
 *
 * @since 0.1.0
 * @category commands
 */
export const command = Command.make("statement").pipe(
  Command.withDescription("Statements (121 transaction statement … 126 receipt): issue, info, detail, cancel, delete, URLs, mail"),
  Command.withSubcommands([
    Command.make("issue", issueOptions, run("issue")).pipe(
      Command.withDescription("Issue a statement (RegistIssue); every field is checked before anything is sent")
    ),
    Command.make("info", documentOptions, run("info")).pipe(
      Command.withDescription("Show a statement's status: 200 pending approval, 300 issued, 600 cancelled (GetInfo)")
    ),
    Command.make("detail", documentOptions, run("detail")).pipe(
      Command.withDescription("Show every field of a statement, with its lines and propertyBag (GetDetailInfo)")
    ),
    Command.make("cancel", cancelOptions, run("cancel")).pipe(
      Command.withDescription("Cancel a pending (200) or issued (300) statement (Cancel)")
    ),
    Command.make("delete", documentOptions, run("remove")).pipe(
      Command.withDescription("Delete a cancelled statement (600); its document ID becomes free (Delete)")
    ),
    Command.make("url", urlOptions, run("url")).pipe(
      Command.withDescription("Get a document URL of a statement, or one print URL of many (GetPopUpURL … GetMailURL, GetMassPrintURL)")
    ),
    Command.make("email", emailOptions, run("email")).pipe(
      Command.withDescription("Send the statement's notification mail again (SendEmail)")
    )
  ])
)
