/**
 * `taxdoc statement …`: statements of the six types (docs/service.md "Statements"): issue from a JSON file,
 * status and detail, cancel, delete, the document URLs (one statement, or many for mass print) and
 * the notification mail. `--item-code` takes a name (`Estimate`) or a number (`123`). What each
 * command does is in ./handlers.ts, loaded when it runs.
 *
 * @since 0.1.0
 */
import * as Command from "effect/cli/Command"
import { group } from "../groups.js"
import { cancelOptions, documentOptions, emailOptions, issueOptions, urlOptions } from "./options.js"

const { run, example } = group("statement")

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
      Command.withDescription("Issue a statement (RegistIssue); every field is checked before anything is sent"),
      example("issue --sandbox --corp-num 1234567891 --item-code Estimate --file examples/cli/estimate.json")
    ),
    Command.make("info", documentOptions, run("info")).pipe(
      Command.withDescription("Show a statement's status: 200 pending approval, 300 issued, 600 cancelled (GetInfo)"),
      example("info --sandbox --corp-num 1234567891 --item-code 123 EST-0001")
    ),
    Command.make("detail", documentOptions, run("detail")).pipe(
      Command.withDescription("Show every field of a statement, with its lines and propertyBag (GetDetailInfo)"),
      example("detail --sandbox --corp-num 1234567891 --item-code Estimate EST-0001")
    ),
    Command.make("cancel", cancelOptions, run("cancel")).pipe(
      Command.withDescription("Cancel a pending (200) or issued (300) statement (Cancel)"),
      example("cancel --sandbox --corp-num 1234567891 --item-code Estimate EST-0001 --memo withdrawn")
    ),
    Command.make("delete", documentOptions, run("remove")).pipe(
      Command.withDescription("Delete a cancelled statement (600); its document ID becomes free (Delete)"),
      example("delete --sandbox --corp-num 1234567891 --item-code Estimate EST-0002")
    ),
    Command.make("url", urlOptions, run("url")).pipe(
      Command.withDescription("Get a document URL of a statement, or one print URL of many (GetPopUpURL … GetMailURL, GetMassPrintURL)"),
      example("url --sandbox --corp-num 1234567891 --item-code Bill --kind PRINT B-1 B-2")
    ),
    Command.make("email", emailOptions, run("email")).pipe(
      Command.withDescription("Send the statement's notification mail again (SendEmail)"),
      example("email --sandbox --corp-num 1234567891 --item-code Estimate EST-0001 --to buyer@example.com")
    )
  ])
)
