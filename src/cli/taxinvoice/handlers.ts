/**
 * What the `taxdoc taxinvoice …` commands do (their options: ./command.ts).
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { MGT_KEY_TYPES, type MgtKeyType, StateCode, URL_VALIDITY_MILLIS } from "../../domains/taxinvoice/Rules.js"
import { BulkIssueResult } from "../../domains/taxinvoice/Answers.js"
import type { TaxinvoiceDraft } from "../../domains/taxinvoice/Schemas.js"
import { Taxinvoice, type UrlKind } from "../../domains/taxinvoice/Taxinvoice.js"
import { CliError, fromFile } from "../errors.js"
import { readJsonObject, readSomeRecords } from "../input.js"
import type { Parsed } from "../lazy.js"
import { emit, fields, result, table } from "../output.js"
import * as Progress from "../progress.js"
import * as Target from "../target.js"
import type {
  assignOptions,
  attachOptions,
  bulkOptions,
  deleteFileOptions,
  emailOptions,
  infosOptions,
  issueOptions,
  keyOptions,
  registerOptions,
  urlOptions
} from "./options.js"

/**
 * The meaning of an e-Tax invoice status code (docs/decisions.md "e-Tax invoices").
 *
 * @since 0.1.0
 * @category combinators
 */
export const stateName = (code: number): string =>
  ({
    [StateCode.Saved]: "saved",
    [StateCode.Issued]: "issued",
    [StateCode.WaitingToSend]: "waiting to be sent",
    [StateCode.Sending]: "sending",
    [StateCode.Sent]: "sent, awaiting the result",
    [StateCode.Filed]: "filed",
    [StateCode.FilingFailed]: "filing failed"
  })[code] ?? "unknown"

const uid = (o: { readonly userId: Option.Option<string> }) => Option.getOrUndefined(o.userId)

/** `--type`, checked against the domain's kinds (the declaration lists them literally). */
const typeOf = (text: string): Effect.Effect<MgtKeyType, CliError> =>
  (MGT_KEY_TYPES as ReadonlyArray<string>).includes(text.toUpperCase())
    ? Effect.succeed(text.toUpperCase() as MgtKeyType)
    : Effect.fail(new CliError({ message: `--type: unknown kind "${text}"`, hint: `use one of ${MGT_KEY_TYPES.join(", ")}`, exitCode: 2 }))

/**
 * `taxdoc taxinvoice register`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const register = (o: Parsed<typeof registerOptions>) =>
  Effect.gen(function*() {
    const { source, value } = yield* readJsonObject(o.file)
    const answer = yield* Effect.flatMap(Taxinvoice, (t) => t.register(o.corpNum, value as TaxinvoiceDraft, uid(o))).pipe(fromFile(source))
    yield* result(o.json, answer, `saved ${String(value["invoicerMgtKey"])} (state 100); attach files, then issue it`)
  }).pipe(Target.run(o, "Taxinvoice.register", [o.corpNum]))

/**
 * `taxdoc taxinvoice attach`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const attach = (o: Parsed<typeof attachOptions>) =>
  Effect.gen(function*() {
    const type = yield* typeOf(o.type)
    const answer = yield* Effect.flatMap(Taxinvoice, (t) =>
      t.attachFile(o.corpNum, type, o.mgtKey, { path: o.path, displayName: Option.getOrUndefined(o.displayName) }, uid(o)))
    yield* result(o.json, answer, `attached ${o.path} to ${o.mgtKey}`)
  }).pipe(Target.run(o, "Taxinvoice.attachFile", [o.corpNum]))

/**
 * `taxdoc taxinvoice issue`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const issue = (o: Parsed<typeof issueOptions>) =>
  Effect.gen(function*() {
    const type = yield* typeOf(o.type)
    const memo = Option.getOrUndefined(o.memo)
    const answer = yield* Effect.flatMap(Taxinvoice, (t) =>
      t.issue(o.corpNum, type, o.mgtKey, memo === undefined ? { forceIssue: o.force } : { memo, forceIssue: o.force }, uid(o)))
    const shown = { mgtKey: o.mgtKey, code: answer.code, message: answer.message, ntsConfirmNum: answer.ntsConfirmNum, issueDT: answer.issueDT }
    yield* emit(o.json, shown, () => fields(shown))
  }).pipe(Target.run(o, "Taxinvoice.issue", [o.corpNum]))

/**
 * `taxdoc taxinvoice info`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const info = (o: Parsed<typeof keyOptions>) =>
  Effect.gen(function*() {
    const type = yield* typeOf(o.type)
    const found = yield* Effect.flatMap(Taxinvoice, (t) => t.getInfo(o.corpNum, type, o.mgtKey, uid(o)))
    yield* emit(o.json, found, () => fields({ ...found, stateCode: `${found.stateCode} (${stateName(found.stateCode)})` }))
  }).pipe(Target.run(o, "Taxinvoice.getInfo", [o.corpNum]))

/**
 * `taxdoc taxinvoice detail`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const detail = (o: Parsed<typeof keyOptions>) =>
  Effect.gen(function*() {
    const type = yield* typeOf(o.type)
    const found = yield* Effect.flatMap(Taxinvoice, (t) => t.getDetailInfo(o.corpNum, type, o.mgtKey, uid(o)))
    yield* emit(o.json, found, () => fields(found))
  }).pipe(Target.run(o, "Taxinvoice.getDetailInfo", [o.corpNum]))

/**
 * `taxdoc taxinvoice files`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const files = (o: Parsed<typeof keyOptions>) =>
  Effect.gen(function*() {
    const type = yield* typeOf(o.type)
    const found = yield* Effect.flatMap(Taxinvoice, (t) => t.getFiles(o.corpNum, type, o.mgtKey, uid(o)))
    yield* emit(o.json, found, () =>
      table(found, [
        { header: "#", value: (f) => f.serialNum, align: "right" as const },
        { header: "file ID", value: (f) => f.attachedFile },
        { header: "name", value: (f) => f.displayName },
        { header: "registered", value: (f) => f.regDT }
      ]))
  }).pipe(Target.run(o, "Taxinvoice.getFiles", [o.corpNum]))

/**
 * `taxdoc taxinvoice url`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const url = (o: Parsed<typeof urlOptions>) =>
  Effect.gen(function*() {
    const type = yield* typeOf(o.type)
    const address = yield* Effect.flatMap(Taxinvoice, (t) => t.getURL(o.corpNum, type, o.mgtKey, o.page as UrlKind, uid(o)))
    const validity = o.page === "MAIL" ? "(does not expire)" : `(valid for ${URL_VALIDITY_MILLIS / 1000} seconds)`
    yield* emit(o.json, { page: o.page, url: address }, () => `${address}\n${validity}`)
  }).pipe(Target.run(o, "Taxinvoice.getURL", [o.corpNum]))

/**
 * `taxdoc taxinvoice delete-file`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const deleteFile = (o: Parsed<typeof deleteFileOptions>) =>
  Effect.gen(function*() {
    const type = yield* typeOf(o.type)
    const answer = yield* Effect.flatMap(Taxinvoice, (t) => t.deleteFile(o.corpNum, type, o.mgtKey, o.fileId, uid(o)))
    yield* result(o.json, answer, `deleted file ${o.fileId} of ${o.mgtKey}`)
  }).pipe(Target.run(o, "Taxinvoice.deleteFile", [o.corpNum]))

/**
 * `taxdoc taxinvoice infos`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const infos = (o: Parsed<typeof infosOptions>) =>
  Effect.gen(function*() {
    const type = yield* typeOf(o.type)
    const found = yield* Effect.flatMap(Taxinvoice, (t) => t.getInfos(o.corpNum, type, o.mgtKeys, uid(o)))
    const missing = o.mgtKeys.filter((key) => !found.some((r) => r.invoicerMgtKey === key))
    yield* emit(o.json, found, () =>
      [
        table(found, [
          { header: "mgtKey", value: (r) => r.invoicerMgtKey },
          { header: "state", value: (r) => `${r.stateCode} ${stateName(r.stateCode)}` },
          { header: "writeDate", value: (r) => r.writeDate },
          { header: "ntsconfirmNum", value: (r) => r.ntsconfirmNum },
          { header: "late", value: (r) => (r.lateIssueYN === true ? "yes" : "") }
        ]),
        ...(missing.length === 0 ? [] : [`not found: ${missing.join(", ")}`])
      ].join("\n"))
  }).pipe(Target.run(o, "Taxinvoice.getInfos", [o.corpNum]))

/**
 * `taxdoc taxinvoice email`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const email = (o: Parsed<typeof emailOptions>) =>
  Effect.gen(function*() {
    const type = yield* typeOf(o.type)
    const answer = yield* Effect.flatMap(Taxinvoice, (t) => t.sendEmail(o.corpNum, type, o.mgtKey, o.to, uid(o)))
    yield* result(o.json, answer, `notification mail of ${o.mgtKey} sent to ${o.to}`)
  }).pipe(Target.run(o, "Taxinvoice.sendEmail", [o.corpNum]))

/**
 * `taxdoc taxinvoice assign`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const assign = (o: Parsed<typeof assignOptions>) =>
  Effect.gen(function*() {
    const type = yield* typeOf(o.type)
    const answer = yield* Effect.flatMap(Taxinvoice, (t) => t.assignMgtKey(o.corpNum, o.itemKey, type, o.mgtKey, uid(o)))
    yield* result(o.json, answer, `the invoice ${o.itemKey} is now ${o.mgtKey}`)
  }).pipe(Target.run(o, "Taxinvoice.assignMgtKey", [o.corpNum]))

// CSV cells are text; the draft's few numeric fields are numbers.
const NUMERIC = ["kwon", "ho", "modifyCode"]
const normalised = (record: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(record).map(([k, v]) => [k, NUMERIC.includes(k) && typeof v === "string" && /^-?\d+$/.test(v) ? Number(v) : v]))

const resultColumns = [
  { header: "invoicerMgtKey", value: (r: BulkIssueResult) => r.invoicerMgtKey },
  { header: "code", value: (r: BulkIssueResult) => r.code, align: "right" as const },
  { header: "ntsconfirmNum", value: (r: BulkIssueResult) => r.ntsconfirmNum },
  { header: "issueDT", value: (r: BulkIssueResult) => r.issueDT },
  { header: "message", value: (r: BulkIssueResult) => (r.code === 1 ? "" : r.message) }
]

const readDrafts = (o: Parsed<typeof bulkOptions>) => readSomeRecords(o.file, "invoices", "draft")

// `--durable` / `--journal`: the execution in taxdoc/workflow (loaded only then).
const durableBulk = (o: Parsed<typeof bulkOptions>) =>
  Effect.gen(function*() {
    const { records, source } = yield* readDrafts(o)
    const Durable = yield* Effect.promise(() => import("../durable.js"))
    yield* Durable.issue({ o, kind: "taxinvoice", documents: records.map(normalised), source, noun: "invoice", columns: resultColumns, forceIssue: o.force, missing: (invoicerMgtKey, message) => new BulkIssueResult({ invoicerMgtKey, code: 0, message }) })
  })

/**
 * `taxdoc taxinvoice bulk`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const bulk = (o: Parsed<typeof bulkOptions>) =>
  o.durable || Option.isSome(o.journal) ? durableBulk(o) : Effect.gen(function*() {
    const { records, source } = yield* readDrafts(o)
    const display = Progress.make("issuing")
    const results = yield* Effect.flatMap(Taxinvoice, (t) =>
      t.issueMany(o.corpNum, records.map(normalised) as unknown as ReadonlyArray<TaxinvoiceDraft>, {
        forceIssue: o.force,
        userId: uid(o),
        interval: Option.getOrElse(o.interval, () => Target.defaultInterval(o)),
        deadline: Option.getOrUndefined(o.deadline),
        onProgress: Progress.issueManyReporter(display)
      })).pipe(fromFile(source))
    yield* Progress.finishBulk(display, { json: o.json, noun: "invoice", columns: resultColumns }, results)
  }).pipe(Target.provide(o, [o.corpNum]))
