/**
 * The options and arguments of `taxdoc statement …`, declared apart from what the commands do
 * (./handlers.ts) and how they are assembled (./command.ts).
 *
 * @since 0.1.0
 */
import * as Args from "@effect/cli/Args"
import * as Options from "@effect/cli/Options"
import { file, withMember } from "../options.js"

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
