/**
 * `taxdoc cashbill …`: cash receipts (SPEC.md "Cash receipt"): issue, revoke, bulk issue from a
 * CSV or JSON file with a progress bar, queries, PDF, delete and the web-portal URL.
 *
 * @since 0.1.0
 */
import { Args, Command, Options } from "@effect/cli"
import { FileSystem, Path } from "@effect/platform"
import { Effect, Option } from "effect"
import { Cashbill } from "../domains/cashbill/Cashbill.js"
import { StateCode, URL_VALIDITY_MILLIS } from "../domains/cashbill/Rules.js"
import type { BulkIssueResult, CashbillInfo, CashReceiptIssue, CashReceiptRevoke, IssueResponse } from "../domains/cashbill/Schemas.js"
import { CliError, ExitWith, fromFile } from "./errors.js"
import { readJsonObject, readRecords, readStringList } from "./input.js"
import { corpNum, file, json, polling, userId } from "./options.js"
import { emit, fields, result, table, won } from "./output.js"
import * as Progress from "./progress.js"
import * as Target from "./target.js"

/**
 * The meaning of a cash receipt status code (DESIGN.md §6).
 *
 * @since 0.1.0
 * @category combinators
 */
export const stateName = (code: number): string =>
  code === StateCode.Issued
    ? "issued"
    : code === StateCode.Filed
    ? "filed"
    : code === StateCode.FilingFailed
    ? "filing failed"
    : "unknown"

const uid = (o: { readonly userId: Option.Option<string> }) => Option.getOrUndefined(o.userId)

const withMember = { ...Target.options, corpNum, userId, json }

const mgtKey = Args.text({ name: "mgtKey" }).pipe(Args.withDescription("The document ID of the receipt. Example: DOC-20260101-0001"))

// The answer of RegistIssue / RevokeRegistIssue, with the document it is about.
const printIssued = (json: boolean, mgtKey: unknown, answer: IssueResponse) => {
  const shown = { mgtKey, code: answer.code, message: answer.message, confirmNum: answer.confirmNum, tradeDate: answer.tradeDate, tradeDT: answer.tradeDT }
  return emit(json, shown, () => fields(shown))
}

const issue = Command.make("issue", {
  ...withMember,
  file: file("The receipt (CashReceiptIssue: mgtKey, tradeUsage, taxationType, amounts, franchiseCorpNum, identityNum, …)", "receipt.json")
}, (o) =>
  Effect.gen(function*() {
    const { source, value } = yield* readJsonObject(o.file)
    const answer = yield* Effect.flatMap(Cashbill, (c) => c.issue(o.corpNum, value as CashReceiptIssue, uid(o))).pipe(fromFile(source))
    yield* printIssued(o.json, value["mgtKey"], answer)
  }).pipe(Target.run(o, "Cashbill.issue", [o.corpNum]))).pipe(
    Command.withDescription("Issue a cash receipt (RegistIssue); every field is checked before anything is sent")
  )

const revoke = Command.make("revoke", {
  ...withMember,
  file: file("The revocation (CashReceiptRevoke: mgtKey, orgConfirmNum, orgTradeDate, isPartCancel and amounts, …)", "revoke.json")
}, (o) =>
  Effect.gen(function*() {
    const { source, value } = yield* readJsonObject(o.file)
    const answer = yield* Effect.flatMap(Cashbill, (c) => c.revoke(o.corpNum, value as CashReceiptRevoke, uid(o))).pipe(fromFile(source))
    yield* printIssued(o.json, value["mgtKey"], answer)
  }).pipe(Target.run(o, "Cashbill.revoke", [o.corpNum]))).pipe(
    Command.withDescription("Issue a revocation receipt of an original, in full or in part (RevokeRegistIssue)")
  )

const resultColumns = [
  { header: "mgtKey", value: (r: BulkIssueResult) => r.mgtKey },
  { header: "code", value: (r: BulkIssueResult) => r.code, align: "right" as const },
  { header: "confirmNum", value: (r: BulkIssueResult) => r.confirmNum },
  { header: "tradeDate", value: (r: BulkIssueResult) => r.tradeDate },
  { header: "message", value: (r: BulkIssueResult) => (r.code === 1 ? "" : r.message) }
]

const bulk = Command.make("bulk", {
  ...withMember,
  ...polling,
  file: file("Receipts: CSV with a header row of field names (an empty cell leaves the field out), or a JSON array", "receipts.csv")
}, (o) =>
  Effect.gen(function*() {
    const { records, source } = yield* readRecords(o.file)
    if (records.length === 0) {
      return yield* new CliError({ message: `${o.file} holds no receipts`, hint: "one receipt per CSV line after the header, or per element of the JSON array", exitCode: 2 })
    }
    const display = Progress.make("issuing")
    const results = yield* Effect.flatMap(Cashbill, (c) =>
      c.issueMany(o.corpNum, records as ReadonlyArray<CashReceiptIssue>, {
        userId: uid(o),
        interval: Option.getOrElse(o.interval, () => Target.defaultInterval(o)),
        deadline: Option.getOrUndefined(o.deadline),
        onProgress: Progress.issueManyReporter(display)
      })).pipe(fromFile(source))
    const issued = results.filter((r) => r.code === 1).length
    const summary = `${results.length} receipt${results.length === 1 ? "" : "s"}: ${issued} issued, ${results.length - issued} refused`
    yield* display.finish(summary)
    yield* emit(o.json, { total: results.length, issued, refused: results.length - issued, results }, () => `${table(results, resultColumns)}\n${summary}`)
    if (issued < results.length) return yield* new ExitWith({ code: 1 })
  }).pipe(Target.provide(o, [o.corpNum]))).pipe(
    Command.withDescription("Issue many receipts from a file: submitted 100 at a time, results awaited with a progress bar (BulkSubmit + GetBulkResult)")
  )

const info = Command.make("info", { ...withMember, mgtKey }, (o) =>
  Effect.gen(function*() {
    const found = yield* Effect.flatMap(Cashbill, (c) => c.getInfo(o.corpNum, o.mgtKey, uid(o)))
    yield* emit(o.json, found, () => fields({ ...found, stateCode: `${found.stateCode} (${stateName(found.stateCode)})` }))
  }).pipe(Target.run(o, "Cashbill.getInfo", [o.corpNum]))).pipe(
    Command.withDescription("Show a receipt's status: 300 issued, 304 filed to the tax authority, 305 filing failed (GetInfo)")
  )

const infoColumns = [
  { header: "mgtKey", value: (r: CashbillInfo) => r.mgtKey },
  { header: "state", value: (r: CashbillInfo) => `${r.stateCode} ${stateName(r.stateCode)}` },
  { header: "tradeType", value: (r: CashbillInfo) => r.tradeType },
  { header: "total", value: (r: CashbillInfo) => won(r.totalAmount), align: "right" as const },
  { header: "confirmNum", value: (r: CashbillInfo) => r.confirmNum },
  { header: "tradeDate", value: (r: CashbillInfo) => r.tradeDate },
  { header: "filing", value: (r: CashbillInfo) => r.ntsresultCode }
]

const infos = Command.make("infos", {
  ...withMember,
  file: Options.text("file").pipe(
    Options.withAlias("f"),
    Options.withPseudoName("PATH"),
    Options.withDescription("A JSON array of document IDs, queried with the ones given as arguments. Example: --file ids.json"),
    Options.optional
  ),
  mgtKeys: Args.text({ name: "mgtKey" }).pipe(Args.withDescription("Document IDs to query. Example: DOC-0001 DOC-0002"), Args.repeated)
}, (o) =>
  Effect.gen(function*() {
    const listed = Option.isSome(o.file) ? yield* readStringList(o.file.value) : []
    const keys = [...o.mgtKeys, ...listed]
    if (keys.length === 0) {
      return yield* new CliError({ message: "no document IDs given", hint: "give them as arguments or in a JSON array with --file", exitCode: 2 })
    }
    const found = yield* Effect.flatMap(Cashbill, (c) => c.getInfos(o.corpNum, keys, uid(o)))
    const missing = keys.filter((key) => !found.some((r) => r.mgtKey === key))
    yield* emit(o.json, found, () => [table(found, infoColumns), ...(missing.length === 0 ? [] : [`not found: ${missing.join(", ")}`])].join("\n"))
  }).pipe(Target.run(o, "Cashbill.getInfos", [o.corpNum]))).pipe(
    Command.withDescription("Show the status of many receipts, in the order given (GetInfos, 1,000 per request)")
  )

const detail = Command.make("detail", { ...withMember, mgtKey }, (o) =>
  Effect.gen(function*() {
    const found = yield* Effect.flatMap(Cashbill, (c) => c.getDetailInfo(o.corpNum, o.mgtKey, uid(o)))
    yield* emit(o.json, found, () => fields(found))
  }).pipe(Target.run(o, "Cashbill.getDetailInfo", [o.corpNum]))).pipe(
    Command.withDescription("Show every field of a receipt (GetDetailInfo)")
  )

const pdf = Command.make("pdf", {
  ...withMember,
  mgtKey,
  out: Options.text("out").pipe(
    Options.withAlias("o"),
    Options.withPseudoName("PATH"),
    Options.withDescription("Where to save the PDF (default <mgtKey>.pdf in the current directory). Example: --out receipt.pdf"),
    Options.optional
  )
}, (o) =>
  Effect.gen(function*() {
    const bytes = yield* Effect.flatMap(Cashbill, (c) => c.getPDF(o.corpNum, o.mgtKey, uid(o)))
    const path = yield* Path.Path
    const target = path.resolve(Option.getOrElse(o.out, () => `${o.mgtKey}.pdf`))
    yield* Effect.flatMap(FileSystem.FileSystem, (fs) => fs.writeFile(target, bytes)).pipe(
      Effect.mapError((e) => new CliError({ message: `cannot write ${target}: ${e.message}`, hint: "choose another place with --out", exitCode: 1 }))
    )
    yield* emit(o.json, { mgtKey: o.mgtKey, path: target, bytes: bytes.length }, () => `saved ${target} (${bytes.length} bytes)`)
  }).pipe(Target.run(o, "Cashbill.getPDF", [o.corpNum]))).pipe(
    Command.withDescription("Save a receipt as a PDF file (GetPDF)")
  )

const remove = Command.make("delete", { ...withMember, mgtKey }, (o) =>
  Effect.gen(function*() {
    const answer = yield* Effect.flatMap(Cashbill, (c) => c.delete(o.corpNum, o.mgtKey, uid(o)))
    yield* result(o.json, answer, `deleted ${o.mgtKey}; its document ID can be used again`)
  }).pipe(Target.run(o, "Cashbill.delete", [o.corpNum]))).pipe(
    Command.withDescription("Delete a receipt whose filing failed (305); its document ID becomes free (Delete)")
  )

const url = Command.make("url", {
  ...withMember,
  menu: Options.choice("menu", ["PBOX", "WRITE"]).pipe(
    Options.withDescription("PBOX: the box of issued receipts; WRITE: the page to write one. Example: --menu WRITE"),
    Options.withDefault("PBOX" as const)
  )
}, (o) =>
  Effect.gen(function*() {
    const address = yield* Effect.flatMap(Cashbill, (c) => c.getURL(o.corpNum, o.menu, uid(o)))
    yield* emit(o.json, { menu: o.menu, url: address, validForSeconds: URL_VALIDITY_MILLIS / 1000 }, () => `${address}\n(valid for 30 seconds)`)
  }).pipe(Target.run(o, "Cashbill.getURL", [o.corpNum]))).pipe(
    Command.withDescription("Get a web-portal URL for the member, valid for 30 seconds (GetURL)")
  )

/**
 * `taxdoc cashbill`.
 *
 * @since 0.1.0
 * @category commands
 */
export const command = Command.make("cashbill").pipe(
  Command.withDescription("Cash receipts: issue, revoke, bulk issue, queries, PDF, delete, portal URL"),
  Command.withSubcommands([issue, revoke, bulk, info, infos, detail, pdf, remove, url])
)
