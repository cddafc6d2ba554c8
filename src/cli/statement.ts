/**
 * `taxdoc statement …`: statements of the six types (SPEC.md "Statement"): issue from a JSON file,
 * status and detail, cancel, delete, the document URLs (one statement, or many for mass print) and
 * the notification mail. `--item-code` takes a name (`Estimate`) or a number (`123`).
 *
 * @since 0.1.0
 */
import { Args, Command, HelpDoc, Options, ValidationError } from "@effect/cli"
import { Effect, Option } from "effect"
import { ItemCode, type ItemCode as ItemCodeValue, nameOf, parseItemCode, StateCode, URL_KINDS } from "../domains/statement/Rules.js"
import type { StatementIssue } from "../domains/statement/Schemas.js"
import { Statement } from "../domains/statement/Statement.js"
import { fromFile } from "./errors.js"
import { readJsonObject } from "./input.js"
import { corpNum, file, json, userId } from "./options.js"
import { emit, fields, result } from "./output.js"
import * as Target from "./target.js"

/**
 * The meaning of a statement status code (DESIGN.md §6).
 *
 * @since 0.1.0
 * @category combinators
 */
export const stateName = (code: number): string =>
  code === StateCode.Issued ? "issued" : code === StateCode.PendingApproval ? "pending approval" : code === StateCode.Cancelled ? "cancelled" : "unknown"

const names = Object.entries(ItemCode).map(([name, code]) => `${code} ${name}`).join(", ")

const itemCodeOption = Options.text("item-code").pipe(
  Options.withPseudoName("CODE"),
  Options.withDescription(`The statement type, by name or number: ${names}. Example: --item-code Estimate`),
  Options.mapEffect((text): Effect.Effect<ItemCodeValue, ValidationError.ValidationError> => {
    const itemCode = parseItemCode(text)
    return itemCode === undefined
      ? Effect.fail(ValidationError.invalidValue(HelpDoc.p(`--item-code: unknown item code "${text}"; use one of ${names}`)))
      : Effect.succeed(itemCode)
  })
)

const uid = (o: { readonly userId: Option.Option<string> }) => Option.getOrUndefined(o.userId)

const withMember = { ...Target.options, corpNum, userId, json }
const withDocument = { ...withMember, itemCode: itemCodeOption, mgtKey: Args.text({ name: "mgtKey" }).pipe(Args.withDescription("The document ID of the statement. Example: EST-2026-0001")) }

const issue = Command.make("issue", {
  ...withMember,
  itemCode: Options.optional(itemCodeOption),
  file: file("The statement (StatementIssue: itemCode, mgtKey, writeDate, purposeType, taxType, totals, senderCorpNum, …)", "statement.json")
}, (o) =>
  Effect.gen(function*() {
    const { source, value } = yield* readJsonObject(o.file)
    const body: Record<string, unknown> = Option.match(o.itemCode, { onNone: () => value, onSome: (itemCode) => ({ ...value, itemCode }) })
    const answer = yield* Effect.flatMap(Statement, (s) => s.issue(o.corpNum, body as unknown as StatementIssue, uid(o))).pipe(fromFile(source))
    const shown = { itemCode: body["itemCode"], mgtKey: body["mgtKey"], code: answer.code, message: answer.message, invoiceNum: answer.invoiceNum }
    yield* emit(o.json, shown, () => fields(shown))
  }).pipe(Target.run(o, "Statement.issue", [o.corpNum]))).pipe(
    Command.withDescription("Issue a statement (RegistIssue); every field is checked before anything is sent")
  )

const info = Command.make("info", withDocument, (o) =>
  Effect.gen(function*() {
    const found = yield* Effect.flatMap(Statement, (s) => s.getInfo(o.corpNum, o.itemCode, o.mgtKey, uid(o)))
    const stateCode = Number(found.stateCode)
    yield* emit(o.json, found, () => fields({ ...found, stateCode: `${stateCode} (${stateName(stateCode)})` }))
  }).pipe(Target.run(o, "Statement.getInfo", [o.corpNum]))).pipe(
    Command.withDescription("Show a statement's status: 200 pending approval, 300 issued, 600 cancelled (GetInfo)")
  )

const detail = Command.make("detail", withDocument, (o) =>
  Effect.gen(function*() {
    const found = yield* Effect.flatMap(Statement, (s) => s.getDetailInfo(o.corpNum, o.itemCode, o.mgtKey, uid(o)))
    yield* emit(o.json, found, () => fields(found))
  }).pipe(Target.run(o, "Statement.getDetailInfo", [o.corpNum]))).pipe(
    Command.withDescription("Show every field of a statement, with its lines and propertyBag (GetDetailInfo)")
  )

const cancel = Command.make("cancel", {
  ...withDocument,
  memo: Options.text("memo").pipe(Options.withDescription("Why it is cancelled (at most 200 characters). Example: --memo \"order withdrawn\""), Options.optional)
}, (o) =>
  Effect.gen(function*() {
    const answer = yield* Effect.flatMap(Statement, (s) => s.cancel(o.corpNum, o.itemCode, o.mgtKey, Option.getOrUndefined(o.memo), uid(o)))
    yield* result(o.json, answer, `cancelled ${nameOf(o.itemCode)} ${o.mgtKey}`)
  }).pipe(Target.run(o, "Statement.cancel", [o.corpNum]))).pipe(
    Command.withDescription("Cancel a pending (200) or issued (300) statement (Cancel)")
  )

const remove = Command.make("delete", withDocument, (o) =>
  Effect.gen(function*() {
    const answer = yield* Effect.flatMap(Statement, (s) => s.delete(o.corpNum, o.itemCode, o.mgtKey, uid(o)))
    yield* result(o.json, answer, `deleted ${nameOf(o.itemCode)} ${o.mgtKey}; its document ID can be used again`)
  }).pipe(Target.run(o, "Statement.delete", [o.corpNum]))).pipe(
    Command.withDescription("Delete a cancelled statement (600); its document ID becomes free (Delete)")
  )

const email = Command.make("email", {
  ...withDocument,
  receiver: Options.text("to").pipe(Options.withPseudoName("ADDRESS"), Options.withDescription("Where to send it. Example: --to buyer@example.com"))
}, (o) =>
  Effect.gen(function*() {
    const answer = yield* Effect.flatMap(Statement, (s) => s.sendEmail(o.corpNum, o.itemCode, o.mgtKey, o.receiver, uid(o)))
    yield* result(o.json, answer, `sent ${nameOf(o.itemCode)} ${o.mgtKey} to ${o.receiver}`)
  }).pipe(Target.run(o, "Statement.sendEmail", [o.corpNum]))).pipe(
    Command.withDescription("Send the statement's notification mail again (SendEmail)")
  )

const url = Command.make("url", {
  ...withMember,
  itemCode: itemCodeOption,
  kind: Options.choice("kind", URL_KINDS).pipe(
    Options.withDescription("POPUP, VIEW, PRINT, EPRINT (receiver's copy) or MAIL (no expiry); several document IDs make one mass-print URL. Example: --kind PRINT"),
    Options.withDefault("VIEW" as const)
  ),
  mgtKeys: Args.text({ name: "mgtKey" }).pipe(Args.withDescription("One document ID, or up to 100 for mass print. Example: EST-0001 EST-0002"), Args.atLeast(1))
}, (o) =>
  Effect.gen(function*() {
    const statements = yield* Statement
    const [first, ...rest] = o.mgtKeys
    const mass = rest.length > 0
    const kind = mass ? "MASSPRINT" : o.kind
    const address = mass
      ? yield* statements.getMassPrintURL(o.corpNum, o.itemCode, o.mgtKeys, uid(o))
      : yield* (o.kind === "POPUP"
        ? statements.getPopUpURL
        : o.kind === "VIEW"
        ? statements.getViewURL
        : o.kind === "PRINT"
        ? statements.getPrintURL
        : o.kind === "EPRINT"
        ? statements.getEPrintURL
        : statements.getMailURL)(o.corpNum, o.itemCode, first!, uid(o))
    const validity = kind === "MAIL" ? "no expiry" : "valid for 30 seconds"
    yield* emit(o.json, { kind, url: address, validity }, () => `${address}\n(${validity})`)
  }).pipe(Target.run(o, "Statement.url", [o.corpNum]))).pipe(
    Command.withDescription("Get a document URL of a statement, or one print URL of many (GetPopUpURL … GetMailURL, GetMassPrintURL)")
  )

/**
 * `taxdoc statement`.
 *
 * @since 0.1.0
 * @category commands
 */
export const command = Command.make("statement").pipe(
  Command.withDescription("Statements (121 transaction statement … 126 receipt): issue, info, detail, cancel, delete, URLs, mail"),
  Command.withSubcommands([issue, info, detail, cancel, remove, url, email])
)
