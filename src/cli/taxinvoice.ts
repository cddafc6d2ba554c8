/**
 * `taxdoc taxinvoice …` and `taxdoc certificate …`: e-Tax invoices (SPEC.md "e-Tax invoice") —
 * register a draft from a JSON file, attach a file, issue, status, detail, files, a page URL, bulk
 * issue from a CSV or JSON file with a progress bar — and the issuing certificate.
 *
 * @since 0.1.0
 */
import { Args, Command, Options } from "@effect/cli"
import { Effect, Option } from "effect"
import { Certificate } from "../domains/certificate/Certificate.js"
import { MGT_KEY_TYPES, StateCode, URL_VALIDITY_MILLIS } from "../domains/taxinvoice/Rules.js"
import type { BulkIssueResult, TaxinvoiceDraft } from "../domains/taxinvoice/Schemas.js"
import { Taxinvoice, type UrlKind } from "../domains/taxinvoice/Taxinvoice.js"
import { CliError, ExitWith, fromFile } from "./errors.js"
import { readJsonObject, readRecords } from "./input.js"
import { corpNum, file, json, polling, userId } from "./options.js"
import { emit, fields, result, table } from "./output.js"
import * as Progress from "./progress.js"
import * as Target from "./target.js"

/**
 * The meaning of an e-Tax invoice status code (DESIGN.md §6).
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

const mgtKeyType = Options.choice("type", MGT_KEY_TYPES).pipe(
  Options.withDescription("The kind of document ID: SELL (sales), BUY (purchases), TRUSTEE. Example: --type BUY"),
  Options.withDefault("SELL" as const)
)

const withMember = { ...Target.options, corpNum, userId, json }
const withKey = {
  ...withMember,
  type: mgtKeyType,
  mgtKey: Args.text({ name: "mgtKey" }).pipe(Args.withDescription("The document ID of the invoice. Example: INV-20260101-0001"))
}

const register = Command.make("register", {
  ...withMember,
  file: file("The draft (TaxinvoiceDraft: invoicerMgtKey, writeDate, amounts, invoicer* and invoicee* fields, detailList, …)", "invoice.json")
}, (o) =>
  Effect.gen(function*() {
    const { source, value } = yield* readJsonObject(o.file)
    const answer = yield* Effect.flatMap(Taxinvoice, (t) => t.register(o.corpNum, value as TaxinvoiceDraft, uid(o))).pipe(fromFile(source))
    yield* result(o.json, answer, `saved ${String(value["invoicerMgtKey"])} (state 100); attach files, then issue it`)
  }).pipe(Target.run(o, "Taxinvoice.register", [o.corpNum]))).pipe(
    Command.withDescription("Save a draft e-Tax invoice from a JSON file (Register); every field is checked before anything is sent")
  )

const attach = Command.make("attach", {
  ...withKey,
  path: Options.text("path").pipe(Options.withPseudoName("PATH"), Options.withDescription("The file to attach. Example: --path quote.pdf")),
  displayName: Options.text("display-name").pipe(Options.withDescription("The name shown (default the file's name). Example: --display-name 견적서"), Options.optional)
}, (o) =>
  Effect.gen(function*() {
    const answer = yield* Effect.flatMap(Taxinvoice, (t) =>
      t.attachFile(o.corpNum, o.type, o.mgtKey, { path: o.path, displayName: Option.getOrUndefined(o.displayName) }, uid(o)))
    yield* result(o.json, answer, `attached ${o.path} to ${o.mgtKey}`)
  }).pipe(Target.run(o, "Taxinvoice.attachFile", [o.corpNum]))).pipe(
    Command.withDescription("Attach a file to a saved invoice; at most 5, only before it is issued (AttachFile)")
  )

const issue = Command.make("issue", {
  ...withKey,
  memo: Options.text("memo").pipe(Options.withDescription("A memo kept with the issue. Example: --memo 11월분"), Options.optional),
  force: Options.boolean("force").pipe(Options.withDescription("Issue even though the due date (10th of the following month) has passed; marked late"))
}, (o) =>
  Effect.gen(function*() {
    const memo = Option.getOrUndefined(o.memo)
    const answer = yield* Effect.flatMap(Taxinvoice, (t) =>
      t.issue(o.corpNum, o.type, o.mgtKey, memo === undefined ? { forceIssue: o.force } : { memo, forceIssue: o.force }, uid(o)))
    const shown = { mgtKey: o.mgtKey, code: answer.code, message: answer.message, ntsConfirmNum: answer.ntsConfirmNum, issueDT: answer.issueDT }
    yield* emit(o.json, shown, () => fields(shown))
  }).pipe(Target.run(o, "Taxinvoice.issue", [o.corpNum]))).pipe(
    Command.withDescription("Issue a saved invoice: signed and sent to the tax authority (Issue)")
  )

const info = Command.make("info", withKey, (o) =>
  Effect.gen(function*() {
    const found = yield* Effect.flatMap(Taxinvoice, (t) => t.getInfo(o.corpNum, o.type, o.mgtKey, uid(o)))
    yield* emit(o.json, found, () => fields({ ...found, stateCode: `${found.stateCode} (${stateName(found.stateCode)})` }))
  }).pipe(Target.run(o, "Taxinvoice.getInfo", [o.corpNum]))).pipe(
    Command.withDescription("Show an invoice's status: 100 saved, 300 issued, 301–303 being filed, 304 filed, 305 filing failed (GetInfo)")
  )

const detail = Command.make("detail", withKey, (o) =>
  Effect.gen(function*() {
    const found = yield* Effect.flatMap(Taxinvoice, (t) => t.getDetailInfo(o.corpNum, o.type, o.mgtKey, uid(o)))
    yield* emit(o.json, found, () => fields(found))
  }).pipe(Target.run(o, "Taxinvoice.getDetailInfo", [o.corpNum]))).pipe(Command.withDescription("Show every field of an invoice (GetDetailInfo)"))

const files = Command.make("files", withKey, (o) =>
  Effect.gen(function*() {
    const found = yield* Effect.flatMap(Taxinvoice, (t) => t.getFiles(o.corpNum, o.type, o.mgtKey, uid(o)))
    yield* emit(o.json, found, () =>
      table(found, [
        { header: "#", value: (f) => f.serialNum, align: "right" as const },
        { header: "file ID", value: (f) => f.attachedFile },
        { header: "name", value: (f) => f.displayName },
        { header: "registered", value: (f) => f.regDT }
      ]))
  }).pipe(Target.run(o, "Taxinvoice.getFiles", [o.corpNum]))).pipe(Command.withDescription("List the files attached to an invoice (GetFiles)"))

const url = Command.make("url", {
  ...withKey,
  page: Options.choice("page", ["POPUP", "VIEW", "PRINT", "EPRINT", "MAIL", "PDF"] as const).pipe(
    Options.withDescription("Which page. MAIL (the mail's confirmation page) does not expire. Example: --page PRINT"),
    Options.withDefault("POPUP" as const)
  )
}, (o) =>
  Effect.gen(function*() {
    const address = yield* Effect.flatMap(Taxinvoice, (t) => t.getURL(o.corpNum, o.type, o.mgtKey, o.page as UrlKind, uid(o)))
    const validity = o.page === "MAIL" ? "(does not expire)" : `(valid for ${URL_VALIDITY_MILLIS / 1000} seconds)`
    yield* emit(o.json, { page: o.page, url: address }, () => `${address}\n${validity}`)
  }).pipe(Target.run(o, "Taxinvoice.getURL", [o.corpNum]))).pipe(Command.withDescription("Get the URL of an invoice's page (GetPopUpURL, GetViewURL, …)"))

const deleteFile = Command.make("delete-file", {
  ...withKey,
  fileId: Options.text("file-id").pipe(Options.withDescription("The file ID (attachedFile) from `taxinvoice files`. Example: --file-id 3F2A…"))
}, (o) =>
  Effect.gen(function*() {
    const answer = yield* Effect.flatMap(Taxinvoice, (t) => t.deleteFile(o.corpNum, o.type, o.mgtKey, o.fileId, uid(o)))
    yield* result(o.json, answer, `deleted file ${o.fileId} of ${o.mgtKey}`)
  }).pipe(Target.run(o, "Taxinvoice.deleteFile", [o.corpNum]))).pipe(Command.withDescription("Delete an attached file of a saved invoice (DeleteFile)"))

const infos = Command.make("infos", {
  ...withMember,
  type: mgtKeyType,
  mgtKeys: Args.text({ name: "mgtKey" }).pipe(Args.withDescription("Document IDs to query. Example: INV-0001 INV-0002"), Args.atLeast(1))
}, (o) =>
  Effect.gen(function*() {
    const found = yield* Effect.flatMap(Taxinvoice, (t) => t.getInfos(o.corpNum, o.type, o.mgtKeys, uid(o)))
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
  }).pipe(Target.run(o, "Taxinvoice.getInfos", [o.corpNum]))).pipe(
    Command.withDescription("Show the status of many invoices, in the order given (GetInfos, 1,000 per request)")
  )

const email = Command.make("email", {
  ...withKey,
  to: Options.text("to").pipe(Options.withDescription("The address to send the notification mail to. Example: --to buyer@example.com"))
}, (o) =>
  Effect.gen(function*() {
    const answer = yield* Effect.flatMap(Taxinvoice, (t) => t.sendEmail(o.corpNum, o.type, o.mgtKey, o.to, uid(o)))
    yield* result(o.json, answer, `notification mail of ${o.mgtKey} sent to ${o.to}`)
  }).pipe(Target.run(o, "Taxinvoice.sendEmail", [o.corpNum]))).pipe(Command.withDescription("Send an issued invoice's notification mail again (SendEmail)"))

const assign = Command.make("assign", {
  ...withKey,
  itemKey: Options.text("item-key").pipe(Options.withDescription("The 18-character item key of the invoice issued on the web portal. Example: --item-key 261122100000123456"))
}, (o) =>
  Effect.gen(function*() {
    const answer = yield* Effect.flatMap(Taxinvoice, (t) => t.assignMgtKey(o.corpNum, o.itemKey, o.type, o.mgtKey, uid(o)))
    yield* result(o.json, answer, `the invoice ${o.itemKey} is now ${o.mgtKey}`)
  }).pipe(Target.run(o, "Taxinvoice.assignMgtKey", [o.corpNum]))).pipe(
    Command.withDescription("Give an invoice issued on the web portal a document ID (AssignMgtKey)")
  )

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

const bulk = Command.make("bulk", {
  ...withMember,
  ...polling,
  force: Options.boolean("force").pipe(Options.withDescription("Issue overdue invoices too (late issue)")),
  file: file("Drafts: CSV with a header row of field names (an empty cell leaves the field out), or a JSON array", "invoices.json")
}, (o) =>
  Effect.gen(function*() {
    const { records, source } = yield* readRecords(o.file)
    if (records.length === 0) {
      return yield* new CliError({ message: `${o.file} holds no invoices`, hint: "one draft per CSV line after the header, or per element of the JSON array", exitCode: 2 })
    }
    const display = Progress.make("issuing")
    const results = yield* Effect.flatMap(Taxinvoice, (t) =>
      t.issueMany(o.corpNum, records.map(normalised) as unknown as ReadonlyArray<TaxinvoiceDraft>, {
        forceIssue: o.force,
        userId: uid(o),
        interval: Option.getOrElse(o.interval, () => Target.defaultInterval(o)),
        deadline: Option.getOrUndefined(o.deadline),
        onProgress: Progress.issueManyReporter(display)
      })).pipe(fromFile(source))
    const issued = results.filter((r) => r.code === 1).length
    const summary = `${results.length} invoice${results.length === 1 ? "" : "s"}: ${issued} issued, ${results.length - issued} refused`
    yield* display.finish(summary)
    yield* emit(o.json, { total: results.length, issued, refused: results.length - issued, results }, () => `${table(results, resultColumns)}\n${summary}`)
    if (issued < results.length) return yield* new ExitWith({ code: 1 })
  }).pipe(Target.provide(o, [o.corpNum]))).pipe(
    Command.withDescription("Issue many invoices from a file: submitted 100 at a time, results awaited with a progress bar (BulkIssue + GetBulkResult)")
  )

/**
 * `taxdoc taxinvoice`.
 *
 * @since 0.1.0
 * @category commands
 */
export const command = Command.make("taxinvoice").pipe(
  Command.withDescription("e-Tax invoices: register, attach, issue, status, detail, files, page URLs, mail, assign an ID, bulk issue"),
  Command.withSubcommands([register, attach, issue, info, infos, detail, files, deleteFile, url, email, assign, bulk])
)

const certificateExpiry = Command.make("expiry", withMember, (o) =>
  Effect.gen(function*() {
    const expiry = yield* Effect.flatMap(Certificate, (c) => c.getExpireDate(o.corpNum, uid(o)))
    yield* emit(o.json, { certificateExpiration: expiry.raw, expiresAt: expiry.expiresAt.toISOString() }, () => `${expiry.raw} (KST) = ${expiry.expiresAt.toISOString()}`)
  }).pipe(Target.run(o, "Certificate.getExpireDate", [o.corpNum]))).pipe(Command.withDescription("When the member's issuing certificate expires (GetCertificateExpireDate)"))

const certificateCheck = Command.make("check", withMember, (o) =>
  Effect.gen(function*() {
    const answer = yield* Effect.flatMap(Certificate, (c) => c.checkValidation(o.corpNum, uid(o)))
    yield* result(o.json, answer, "the certificate is registered and valid")
  }).pipe(Target.run(o, "Certificate.checkValidation", [o.corpNum]))).pipe(Command.withDescription("Check the member's issuing certificate (CheckCertValidation)"))

const certificateInfo = Command.make("info", withMember, (o) =>
  Effect.gen(function*() {
    const found = yield* Effect.flatMap(Certificate, (c) => c.getInfo(o.corpNum, uid(o)))
    yield* emit(o.json, found, () => fields(found))
  }).pipe(Target.run(o, "Certificate.getInfo", [o.corpNum]))).pipe(Command.withDescription("Show the member's certificate record (GetTaxCertInfo)"))

const certificateUrl = Command.make("url", withMember, (o) =>
  Effect.gen(function*() {
    const address = yield* Effect.flatMap(Certificate, (c) => c.getTaxCertURL(o.corpNum, uid(o)))
    yield* emit(o.json, { url: address }, () => `${address}\n(valid for 30 seconds)`)
  }).pipe(Target.run(o, "Certificate.getTaxCertURL", [o.corpNum]))).pipe(Command.withDescription("The certificate registration page, valid 30 seconds (GetTaxCertURL)"))

/**
 * `taxdoc certificate`.
 *
 * @since 0.1.0
 * @category commands
 */
export const certificateCommand = Command.make("certificate").pipe(
  Command.withDescription("The tax invoice issuing certificate: expiry, check, record, registration page URL"),
  Command.withSubcommands([certificateExpiry, certificateCheck, certificateInfo, certificateUrl])
)
