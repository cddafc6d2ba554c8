/**
 * What the `taxdoc statement …` commands do (their options: ./command.ts).
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { type ItemCode, ItemCode as ItemCodes, nameOf, parseItemCode, StateCode } from "../../domains/statement/Rules.js"
import type { StatementIssue } from "../../domains/statement/Schemas.js"
import { Statement } from "../../domains/statement/Statement.js"
import { CliError, fromFile } from "../errors.js"
import { readJsonObject } from "../input.js"
import type { Parsed } from "../lazy.js"
import { emit, fields, result } from "../output.js"
import * as Target from "../target.js"
import type { cancelOptions, documentOptions, emailOptions, issueOptions, urlOptions } from "./options.js"

/**
 * The meaning of a statement status code (docs/decisions.md "Statements").
 *
 * @since 0.1.0
 * @category combinators
 */
export const stateName = (code: number): string =>
  code === StateCode.Issued ? "issued" : code === StateCode.PendingApproval ? "pending approval" : code === StateCode.Cancelled ? "cancelled" : "unknown"

const names = Object.entries(ItemCodes).map(([name, code]) => `${code} ${name}`).join(", ")

const itemCodeOf = (text: string): Effect.Effect<ItemCode, CliError> => {
  const itemCode = parseItemCode(text)
  return itemCode === undefined
    ? Effect.fail(new CliError({ message: `--item-code: unknown item code "${text}"`, hint: `use one of ${names}`, exitCode: 2 }))
    : Effect.succeed(itemCode)
}

const uid = (o: { readonly userId: Option.Option<string> }) => Option.getOrUndefined(o.userId)

/**
 * `taxdoc statement issue`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const issue = (o: Parsed<typeof issueOptions>) =>
  Effect.gen(function*() {
    const { source, value } = yield* readJsonObject(o.file)
    const itemCode = Option.isSome(o.itemCode) ? Option.some(yield* itemCodeOf(o.itemCode.value)) : Option.none()
    const body: Record<string, unknown> = Option.match(itemCode, { onNone: () => value, onSome: (code) => ({ ...value, itemCode: code }) })
    const answer = yield* Effect.flatMap(Statement, (s) => s.issue(o.corpNum, body as unknown as StatementIssue, uid(o))).pipe(fromFile(source))
    const shown = { itemCode: body["itemCode"], mgtKey: body["mgtKey"], code: answer.code, message: answer.message, invoiceNum: answer.invoiceNum }
    yield* emit(o.json, shown, () => fields(shown))
  }).pipe(Target.run(o, "Statement.issue", [o.corpNum]))

/**
 * `taxdoc statement info`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const info = (o: Parsed<typeof documentOptions>) =>
  Effect.gen(function*() {
    const itemCode = yield* itemCodeOf(o.itemCode)
    const found = yield* Effect.flatMap(Statement, (s) => s.getInfo(o.corpNum, itemCode, o.mgtKey, uid(o)))
    const stateCode = Number(found.stateCode)
    yield* emit(o.json, found, () => fields({ ...found, stateCode: `${stateCode} (${stateName(stateCode)})` }))
  }).pipe(Target.run(o, "Statement.getInfo", [o.corpNum]))

/**
 * `taxdoc statement detail`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const detail = (o: Parsed<typeof documentOptions>) =>
  Effect.gen(function*() {
    const itemCode = yield* itemCodeOf(o.itemCode)
    const found = yield* Effect.flatMap(Statement, (s) => s.getDetailInfo(o.corpNum, itemCode, o.mgtKey, uid(o)))
    yield* emit(o.json, found, () => fields(found))
  }).pipe(Target.run(o, "Statement.getDetailInfo", [o.corpNum]))

/**
 * `taxdoc statement cancel`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const cancel = (o: Parsed<typeof cancelOptions>) =>
  Effect.gen(function*() {
    const itemCode = yield* itemCodeOf(o.itemCode)
    const answer = yield* Effect.flatMap(Statement, (s) => s.cancel(o.corpNum, itemCode, o.mgtKey, Option.getOrUndefined(o.memo), uid(o)))
    yield* result(o.json, answer, `cancelled ${nameOf(itemCode)} ${o.mgtKey}`)
  }).pipe(Target.run(o, "Statement.cancel", [o.corpNum]))

/**
 * `taxdoc statement delete`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const remove = (o: Parsed<typeof documentOptions>) =>
  Effect.gen(function*() {
    const itemCode = yield* itemCodeOf(o.itemCode)
    const answer = yield* Effect.flatMap(Statement, (s) => s.delete(o.corpNum, itemCode, o.mgtKey, uid(o)))
    yield* result(o.json, answer, `deleted ${nameOf(itemCode)} ${o.mgtKey}; its document ID can be used again`)
  }).pipe(Target.run(o, "Statement.delete", [o.corpNum]))

/**
 * `taxdoc statement email`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const email = (o: Parsed<typeof emailOptions>) =>
  Effect.gen(function*() {
    const itemCode = yield* itemCodeOf(o.itemCode)
    const answer = yield* Effect.flatMap(Statement, (s) => s.sendEmail(o.corpNum, itemCode, o.mgtKey, o.receiver, uid(o)))
    yield* result(o.json, answer, `sent ${nameOf(itemCode)} ${o.mgtKey} to ${o.receiver}`)
  }).pipe(Target.run(o, "Statement.sendEmail", [o.corpNum]))

/**
 * `taxdoc statement url`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const url = (o: Parsed<typeof urlOptions>) =>
  Effect.gen(function*() {
    const itemCode = yield* itemCodeOf(o.itemCode)
    const statements = yield* Statement
    const [first, ...rest] = o.mgtKeys
    const mass = rest.length > 0
    const kind = mass ? "MASSPRINT" : o.kind
    const address = mass
      ? yield* statements.getMassPrintURL(o.corpNum, itemCode, o.mgtKeys, uid(o))
      : yield* (o.kind === "POPUP"
        ? statements.getPopUpURL
        : o.kind === "VIEW"
        ? statements.getViewURL
        : o.kind === "PRINT"
        ? statements.getPrintURL
        : o.kind === "EPRINT"
        ? statements.getEPrintURL
        : statements.getMailURL)(o.corpNum, itemCode, first!, uid(o))
    const validity = kind === "MAIL" ? "no expiry" : "valid for 30 seconds"
    yield* emit(o.json, { kind, url: address, validity }, () => `${address}\n(${validity})`)
  }).pipe(Target.run(o, "Statement.url", [o.corpNum]))
