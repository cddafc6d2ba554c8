/**
 * What the `taxdoc cashbill …` commands do (their options: ./command.ts).
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as FileSystem from "effect/FileSystem"
import * as Option from "effect/Option"
import * as Path from "effect/Path"
import { Cashbill, type CashbillService } from "../../domains/cashbill/Cashbill.js"
import { URL_VALIDITY_MILLIS, type UrlKind } from "../../domains/cashbill/Rules.js"
import { BulkIssueResult, type CashbillInfo, type CashReceiptIssue, type CashReceiptRevoke, type IssueResponse } from "../../domains/cashbill/Schemas.js"
import { CliError, fromFile } from "../errors.js"
import { readJsonObject, readSomeRecords, readStringList } from "../input.js"
import type { Parsed } from "../lazy.js"
import { cashbillState as stateName } from "../names.js"
import { emit, fields, result, table, won } from "../output.js"
import * as Progress from "../progress.js"
import * as Target from "../target.js"
import type { bulkOptions, infosOptions, issueOptions, oneOptions, pdfOptions, revokeOptions, urlOptions } from "./options.js"

const uid = (o: { readonly userId: Option.Option<string> }) => Option.getOrUndefined(o.userId)

// The answer of RegistIssue / RevokeRegistIssue, with the document it is about.
const printIssued = (json: boolean, mgtKey: unknown, answer: IssueResponse) => {
  const shown = { mgtKey, code: answer.code, message: answer.message, confirmNum: answer.confirmNum, tradeDate: answer.tradeDate, tradeDT: answer.tradeDT }
  return emit(json, shown, () => fields(shown))
}

/**
 * `taxdoc cashbill issue`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const issue = (o: Parsed<typeof issueOptions>) =>
  Effect.gen(function*() {
    const { source, value } = yield* readJsonObject(o.file)
    const answer = yield* Effect.flatMap(Cashbill, (c) => c.issue(o.corpNum, value as CashReceiptIssue, uid(o))).pipe(fromFile(source))
    yield* printIssued(o.json, value["mgtKey"], answer)
  }).pipe(Target.run(o, "Cashbill.issue", [o.corpNum]))

/**
 * `taxdoc cashbill revoke`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const revoke = (o: Parsed<typeof revokeOptions>) =>
  Effect.gen(function*() {
    const { source, value } = yield* readJsonObject(o.file)
    const answer = yield* Effect.flatMap(Cashbill, (c) => c.revoke(o.corpNum, value as CashReceiptRevoke, uid(o))).pipe(fromFile(source))
    yield* printIssued(o.json, value["mgtKey"], answer)
  }).pipe(Target.run(o, "Cashbill.revoke", [o.corpNum]))

const resultColumns = [
  { header: "mgtKey", value: (r: BulkIssueResult) => r.mgtKey },
  { header: "code", value: (r: BulkIssueResult) => r.code, align: "right" as const },
  { header: "confirmNum", value: (r: BulkIssueResult) => r.confirmNum },
  { header: "tradeDate", value: (r: BulkIssueResult) => r.tradeDate },
  { header: "message", value: (r: BulkIssueResult) => (r.code === 1 ? "" : r.message) }
]

const readReceipts = (o: Parsed<typeof bulkOptions>) => readSomeRecords(o.file, "receipts", "receipt")

// `--durable` / `--journal`: the execution in taxdoc/workflow (loaded only then).
const durableBulk = (o: Parsed<typeof bulkOptions>) =>
  Effect.gen(function*() {
    const { records, source } = yield* readReceipts(o)
    const Durable = yield* Effect.promise(() => import("../durable.js"))
    yield* Durable.issue({ o, kind: "cashbill", documents: records, source, noun: "receipt", columns: resultColumns, missing: (mgtKey, message) => new BulkIssueResult({ mgtKey, code: 0, message }) })
  })

/**
 * `taxdoc cashbill bulk`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const bulk = (o: Parsed<typeof bulkOptions>) =>
  o.durable || Option.isSome(o.journal) ? durableBulk(o) : Effect.gen(function*() {
    const { records, source } = yield* readReceipts(o)
    const display = Progress.make("issuing")
    const results = yield* Effect.flatMap(Cashbill, (c) =>
      c.issueMany(o.corpNum, records as ReadonlyArray<CashReceiptIssue>, {
        userId: uid(o),
        interval: Option.getOrElse(o.interval, () => Target.defaultInterval(o)),
        deadline: Option.getOrUndefined(o.deadline),
        onProgress: Progress.issueManyReporter(display)
      })).pipe(fromFile(source))
    yield* Progress.finishBulk(display, { json: o.json, noun: "receipt", columns: resultColumns }, results)
  }).pipe(Target.provide(o, [o.corpNum]))

/**
 * `taxdoc cashbill info`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const info = (o: Parsed<typeof oneOptions>) =>
  Effect.gen(function*() {
    const found = yield* Effect.flatMap(Cashbill, (c) => c.getInfo(o.corpNum, o.mgtKey, uid(o)))
    yield* emit(o.json, found, () => fields({ ...found, stateCode: `${found.stateCode} (${stateName(found.stateCode)})` }))
  }).pipe(Target.run(o, "Cashbill.getInfo", [o.corpNum]))

const infoColumns = [
  { header: "mgtKey", value: (r: CashbillInfo) => r.mgtKey },
  { header: "state", value: (r: CashbillInfo) => `${r.stateCode} ${stateName(r.stateCode)}` },
  { header: "tradeType", value: (r: CashbillInfo) => r.tradeType },
  { header: "total", value: (r: CashbillInfo) => won(r.totalAmount), align: "right" as const },
  { header: "confirmNum", value: (r: CashbillInfo) => r.confirmNum },
  { header: "tradeDate", value: (r: CashbillInfo) => r.tradeDate },
  { header: "filing", value: (r: CashbillInfo) => r.ntsresultCode }
]

/**
 * `taxdoc cashbill infos`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const infos = (o: Parsed<typeof infosOptions>) =>
  Effect.gen(function*() {
    const listed = Option.isSome(o.file) ? yield* readStringList(o.file.value) : []
    const keys = [...o.mgtKeys, ...listed]
    if (keys.length === 0) {
      return yield* new CliError({ message: "no document IDs given", hint: "give them as arguments or in a JSON array with --file", exitCode: 2 })
    }
    const found = yield* Effect.flatMap(Cashbill, (c) => c.getInfos(o.corpNum, keys, uid(o)))
    const missing = keys.filter((key) => !found.some((r) => r.mgtKey === key))
    yield* emit(o.json, found, () => [table(found, infoColumns), ...(missing.length === 0 ? [] : [`not found: ${missing.join(", ")}`])].join("\n"))
  }).pipe(Target.run(o, "Cashbill.getInfos", [o.corpNum]))

/**
 * `taxdoc cashbill detail`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const detail = (o: Parsed<typeof oneOptions>) =>
  Effect.gen(function*() {
    const found = yield* Effect.flatMap(Cashbill, (c) => c.getDetailInfo(o.corpNum, o.mgtKey, uid(o)))
    yield* emit(o.json, found, () => fields(found))
  }).pipe(Target.run(o, "Cashbill.getDetailInfo", [o.corpNum]))

/**
 * `taxdoc cashbill pdf`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const pdf = (o: Parsed<typeof pdfOptions>) =>
  Effect.gen(function*() {
    const bytes = yield* Effect.flatMap(Cashbill, (c) => c.getPDF(o.corpNum, o.mgtKey, uid(o)))
    const path = yield* Path.Path
    const target = path.resolve(Option.getOrElse(o.out, () => `${o.mgtKey}.pdf`))
    yield* Effect.flatMap(FileSystem.FileSystem, (fs) => fs.writeFile(target, bytes)).pipe(
      Effect.mapError((e) => new CliError({ message: `cannot write ${target}: ${e.message}`, hint: "choose another place with --out", exitCode: 1 }))
    )
    yield* emit(o.json, { mgtKey: o.mgtKey, path: target, bytes: bytes.length }, () => `saved ${target} (${bytes.length} bytes)`)
  }).pipe(Target.run(o, "Cashbill.getPDF", [o.corpNum]))

/**
 * `taxdoc cashbill delete`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const remove = (o: Parsed<typeof oneOptions>) =>
  Effect.gen(function*() {
    const answer = yield* Effect.flatMap(Cashbill, (c) => c.delete(o.corpNum, o.mgtKey, uid(o)))
    yield* result(o.json, answer, `deleted ${o.mgtKey}; its document ID can be used again`)
  }).pipe(Target.run(o, "Cashbill.delete", [o.corpNum]))

/**
 * `taxdoc cashbill url`: a menu of the member (GetURL), one receipt's page (GetPopUpURL …
 * GetPDFURL) or one print page of several (GetMassPrintURL).
 *
 * @since 0.1.0
 * @category handlers
 */
export const url = (o: Parsed<typeof urlOptions>) =>
  Effect.gen(function*() {
    const cashbill = yield* Cashbill
    if (o.mgtKeys.length === 0) {
      if (Option.isSome(o.kind)) return yield* usage("--kind names a page of receipts, and no document ID was given", "give the receipt's document ID after the options, e.g. `taxdoc cashbill url --kind PRINT DOC-0001`")
      const menu = Option.getOrElse(o.menu, () => "PBOX" as const)
      const address = yield* cashbill.getURL(o.corpNum, menu, uid(o))
      return yield* emit(o.json, { menu, url: address, validForSeconds: URL_VALIDITY_MILLIS / 1000 }, () => `${address}\n(valid for 30 seconds)`)
    }
    if (Option.isSome(o.menu)) return yield* usage("--menu is for the member's menus (PBOX, WRITE), not for receipts", "leave out --menu for a receipt's page; choose the page with --kind")
    const [first, ...rest] = o.mgtKeys
    const mass = rest.length > 0
    if (mass && Option.isSome(o.kind)) return yield* usage("--kind names the page of one receipt; several document IDs make one mass-print URL", "give one document ID with --kind, or several without it")
    const kind = mass ? "MASSPRINT" : Option.getOrElse(o.kind, () => "VIEW" as const)
    const address = kind === "MASSPRINT"
      ? yield* cashbill.getMassPrintURL(o.corpNum, o.mgtKeys, uid(o))
      : yield* pageOf(cashbill, kind)(o.corpNum, first!, uid(o))
    const validity = kind === "MAIL" ? "no expiry" : "valid for 30 seconds"
    yield* emit(o.json, { kind, url: address, validity }, () => `${address}\n(${validity})`)
  }).pipe(Target.run(o, "Cashbill.url", [o.corpNum]))

const pageOf = (cashbill: CashbillService, kind: UrlKind) => {
  switch (kind) {
    case "POPUP":
      return cashbill.getPopUpURL
    case "VIEW":
      return cashbill.getViewURL
    case "PRINT":
      return cashbill.getPrintURL
    case "EPRINT":
      return cashbill.getEPrintURL
    case "MAIL":
      return cashbill.getMailURL
    case "PDF":
      return cashbill.getPDFURL
  }
}

const usage = (message: string, hint: string) => new CliError({ message, hint, exitCode: 2 })
