/**
 * The flags and arguments of `taxdoc statement …`, declared apart from what the commands do
 * (./handlers.ts) and how they are assembled (./command.ts).
 *
 * @since 0.1.0
 */
import * as Argument from "effect/cli/Argument"
import * as Flag from "effect/cli/Flag"
import { file, withMember } from "../options.js"

const names = "121 TransactionStatement, 122 Bill, 123 Estimate, 124 PurchaseOrder, 125 DepositSlip, 126 Receipt"

const itemCode = Flag.String("item-code").pipe(
  Flag.withMetavar("CODE"),
  Flag.withDescription(`The statement type, by name or number: ${names}. Example: --item-code Estimate`)
)

const mgtKey = Argument.String("mgtKey").pipe(Argument.withDescription("The document ID of the statement. Example: EST-2026-0001"))

/**
 * The options of `taxdoc statement issue`.
 *
 * @since 0.1.0
 * @category options
 */
export const issueOptions = {
  ...withMember,
  itemCode: Flag.optional(itemCode),
  file: file("The statement (StatementIssue: itemCode, mgtKey, writeDate, purposeType, taxType, totals, senderCorpNum, …)", "estimate.json")
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
  memo: Flag.String("memo").pipe(Flag.withMetavar("TEXT"), Flag.withDescription("Why it is cancelled (at most 200 characters). Example: --memo \"order withdrawn\""), Flag.optional)
}

/**
 * The options of `taxdoc statement email`.
 *
 * @since 0.1.0
 * @category options
 */
export const emailOptions = {
  ...documentOptions,
  receiver: Flag.String("to").pipe(Flag.withMetavar("ADDRESS"), Flag.withDescription("Where to send it. Example: --to buyer@example.com"))
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
  kind: Flag.Literals("kind", ["POPUP", "VIEW", "PRINT", "EPRINT", "MAIL"]).pipe(
    Flag.withMetavar("KIND"),
    Flag.withDescription("POPUP, VIEW (the default), PRINT, EPRINT (receiver's copy) or MAIL (no expiry); several document IDs make one mass-print URL. Example: --kind PRINT"),
    Flag.withDefault("VIEW")
  ),
  mgtKeys: Argument.String("mgtKey").pipe(Argument.withDescription("One document ID, or up to 100 for mass print. Example: EST-0001 EST-0002"), Argument.atLeast(1))
}
