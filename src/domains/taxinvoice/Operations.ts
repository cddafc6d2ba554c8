/**
 * The e-Tax invoice operations of the catalogue (docs/operations.md "e-Tax invoice"; scope 110,
 * docs/decisions.md "Signing and tokens"; bulk issue and its result, docs/decisions.md "e-Tax invoices"). Each declaration is
 * the one wire contract of its operation: the SDK builds its requests from it and the sandbox
 * routes and implements it by reference.
 *
 * Operations sharing a path are told apart as the spec says: `POST /Taxinvoice/{MgtKeyType}/{MgtKey}`
 * by override ISSUE or EMAIL; `POST /Taxinvoice/{ItemKey}/{MgtKeyType}` (AssignMgtKey) by its form
 * body and an 18-character first parameter; `POST /Taxinvoice/{MgtKeyType}` by the `?Print` flag;
 * `GET /Taxinvoice/{MgtKeyType}/{MgtKey}` by `?Detail` or the `TG` value.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import { createHash } from "node:crypto"
import * as Body from "../../core/Body.js"
import * as Operation from "../../core/Operation.js"
import { GenericResult, MgtKey, UrlResult } from "../../core/Schemas.js"
import { byPage, urlOperation } from "../../core/UrlOperation.js"
import * as Rules from "./Rules.js"
import {
  AssignMgtKeyForm,
  AttachedFile,
  AttachedFileInput,
  BulkIssueBody,
  BulkIssueBodyAt,
  BulkResult,
  BulkSubmitResponse,
  FileId,
  IssueBody,
  IssueResponse,
  ItemKey,
  MgtKeyList,
  MgtKeyType,
  SendEmailBody,
  SubmitId,
  TaxinvoiceDetail,
  TaxinvoiceDraft,
  TaxinvoiceDraftAt,
  TaxinvoiceInfo
} from "./Schemas.js"

/**
 * The token scope of these operations (docs/decisions.md "Signing and tokens").
 *
 * @since 0.1.0
 * @category constants
 */
export const SCOPE = "110"

const scope = Operation.scope(SCOPE)
const mgtKeyTypes = Operation.oneOf(...Rules.MGT_KEY_TYPES)
const ByKey = Schema.Struct({ MgtKeyType, MgtKey })
const ByType = Schema.Struct({ MgtKeyType })

// The pages of one invoice, by their `TG` selector (`Rules.URL_KINDS`); the command
// `taxinvoice url` is declared on GetPopUpURL.
const invoicePage = { domain: "Taxinvoice", path: "/Taxinvoice/{MgtKeyType}/{MgtKey}", params: ByKey, shapes: { MgtKeyType: mgtKeyTypes }, scope } as const

// The parts of AttachFile's body as they travel (what `encodeAttachment` writes, what OpenAPI shows).
const ATTACHMENT_PARTS = [
  { name: "form", contentType: "application/json", schema: Schema.Struct({ DisplayName: Schema.String }) },
  { name: "Filedata", contentType: "application/octet-stream", file: true }
] as const satisfies ReadonlyArray<Operation.MultipartPart>

/**
 * The multipart body of AttachFile as the public clients send it (docs/service.md "e-Tax invoices"): a `form` part with
 * `{"DisplayName": …}` and the file part `Filedata`. The boundary is derived from the file's bytes,
 * so the same file is sent as the same bytes (recordings match) and the boundary cannot be a line of
 * the file by chance.
 *
 * @since 0.1.0
 * @category constructors
 */
export const encodeAttachment = (file: AttachedFileInput): Body.Body => {
  const boundary = `taxdoc-${createHash("sha1").update(file.content).digest("hex").slice(0, 24)}`
  const [form, data] = ATTACHMENT_PARTS
  return Body.multipart([
    { name: form.name, content: JSON.stringify({ DisplayName: file.displayName ?? file.fileName }) },
    { name: data.name, fileName: file.fileName, contentType: data.contentType, content: file.content }
  ], boundary)
}

/**
 * Register: saves a draft (state 100). Called without an override header.
 *
 * @since 0.1.0
 * @category operations
 */
export const Register = Operation.make({
  name: "Taxinvoice.Register",
  sdk: "Taxinvoice.register",
  cli: "taxinvoice register",
  summary: "save a draft e-Tax invoice (state 100)",
  method: "POST",
  path: "/Taxinvoice",
  body: Operation.json(TaxinvoiceDraft, TaxinvoiceDraftAt),
  scope,
  success: GenericResult,
  safeToRepeat: false
})

/**
 * AttachFile: attaches a file (multipart, part `Filedata`) while the invoice is saved; at most 5.
 *
 * @since 0.1.0
 * @category operations
 */
export const AttachFile = Operation.make({
  name: "Taxinvoice.AttachFile",
  sdk: "Taxinvoice.attachFile",
  cli: "taxinvoice attach",
  summary: "attach a file to a saved invoice (at most 5)",
  method: "POST",
  path: "/Taxinvoice/{MgtKeyType}/{MgtKey}/Files",
  params: ByKey,
  shapes: { MgtKeyType: mgtKeyTypes },
  body: Operation.multipart(AttachedFileInput, encodeAttachment, ATTACHMENT_PARTS),
  scope,
  success: GenericResult,
  safeToRepeat: false
})

/**
 * Issue: issues a saved invoice (signed and sent to the tax authority); answers the confirmation number.
 *
 * @since 0.1.0
 * @category operations
 */
export const Issue = Operation.make({
  name: "Taxinvoice.Issue",
  sdk: "Taxinvoice.issue",
  cli: "taxinvoice issue",
  summary: "issue a saved invoice",
  method: "POST",
  path: "/Taxinvoice/{MgtKeyType}/{MgtKey}",
  params: ByKey,
  shapes: { MgtKeyType: mgtKeyTypes },
  override: "ISSUE",
  body: Operation.json(IssueBody),
  scope,
  success: IssueResponse,
  safeToRepeat: false
})

/**
 * GetFiles: the attached file records.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetFiles = Operation.make({
  name: "Taxinvoice.GetFiles",
  sdk: "Taxinvoice.getFiles",
  cli: "taxinvoice files",
  summary: "the files attached to an invoice",
  method: "GET",
  path: "/Taxinvoice/{MgtKeyType}/{MgtKey}/Files",
  params: ByKey,
  shapes: { MgtKeyType: mgtKeyTypes },
  scope,
  success: Schema.Array(AttachedFile),
  safeToRepeat: true
})

/**
 * DeleteFile: deletes an attached file by its `attachedFile` ID while the invoice is saved.
 *
 * @since 0.1.0
 * @category operations
 */
export const DeleteFile = Operation.make({
  name: "Taxinvoice.DeleteFile",
  sdk: "Taxinvoice.deleteFile",
  cli: "taxinvoice delete-file",
  summary: "delete an attached file of a saved invoice",
  method: "POST",
  path: "/Taxinvoice/{MgtKeyType}/{MgtKey}/Files/{FileID}",
  params: Schema.Struct({ MgtKeyType, MgtKey, FileID: FileId }),
  shapes: { MgtKeyType: mgtKeyTypes },
  override: "DELETE",
  scope,
  success: GenericResult,
  safeToRepeat: false
})

/**
 * GetInfo: the status record.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetInfo = Operation.make({
  name: "Taxinvoice.GetInfo",
  sdk: "Taxinvoice.getInfo",
  cli: "taxinvoice info",
  summary: "the status record of an invoice",
  method: "GET",
  path: "/Taxinvoice/{MgtKeyType}/{MgtKey}",
  params: ByKey,
  shapes: { MgtKeyType: mgtKeyTypes },
  scope,
  success: TaxinvoiceInfo,
  safeToRepeat: true
})

/**
 * GetInfos: the status records of up to 1,000 invoices (unknown IDs left out).
 *
 * @since 0.1.0
 * @category operations
 */
export const GetInfos = Operation.make({
  name: "Taxinvoice.GetInfos",
  sdk: "Taxinvoice.getInfos",
  cli: "taxinvoice infos",
  summary: "the status records of up to 1,000 invoices",
  method: "POST",
  path: "/Taxinvoice/{MgtKeyType}",
  params: ByType,
  shapes: { MgtKeyType: mgtKeyTypes },
  body: Operation.jsonArray(MgtKeyList(Rules.Limits.infos)),
  scope,
  success: Schema.Array(TaxinvoiceInfo),
  safeToRepeat: true
})

/**
 * GetDetailInfo: the detail record.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetDetailInfo = Operation.make({
  name: "Taxinvoice.GetDetailInfo",
  sdk: "Taxinvoice.getDetailInfo",
  cli: "taxinvoice detail",
  summary: "the detail record of an invoice",
  method: "GET",
  path: "/Taxinvoice/{MgtKeyType}/{MgtKey}",
  params: ByKey,
  shapes: { MgtKeyType: mgtKeyTypes },
  query: [Operation.flag("Detail")],
  scope,
  success: TaxinvoiceDetail,
  safeToRepeat: true
})

/**
 * GetPopUpURL: the URL of the invoice's popup page, valid 30 seconds.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetPopUpURL = urlOperation({ ...invoicePage, cli: "taxinvoice url" }, "GetPopUpURL", "getPopUpURL", "POPUP", "the invoice's popup page URL")

/**
 * GetViewURL: the URL of the view page without menus and buttons, valid 30 seconds.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetViewURL = urlOperation(invoicePage, "GetViewURL", "getViewURL", "VIEW", "the invoice's view page URL (no menus)")

/**
 * GetPrintURL: the URL of the print page (seller, buyer or both), valid 30 seconds.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetPrintURL = urlOperation(invoicePage, "GetPrintURL", "getPrintURL", "PRINT", "the invoice's print page URL")

/**
 * GetEPrintURL: the URL of the buyer's print page, valid 30 seconds.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetEPrintURL = urlOperation(invoicePage, "GetEPrintURL", "getEPrintURL", "EPRINT", "the invoice's buyer print page URL")

/**
 * GetMailURL: the URL behind the notification mail's confirmation button; it does not expire.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetMailURL = urlOperation(invoicePage, "GetMailURL", "getMailURL", "MAIL", "the notification mail's confirmation page URL")

/**
 * GetPDFURL: the URL of the invoice as a PDF, valid 30 seconds.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetPDFURL = urlOperation(invoicePage, "GetPDFURL", "getPDFURL", "PDF", "the invoice's PDF URL")

/**
 * The URL operations of one invoice by their `TG` selector.
 *
 * @since 2.0.0
 * @category operations
 */
export const urlOperations = byPage(Rules.URL_KINDS, [GetPopUpURL, GetViewURL, GetPrintURL, GetEPrintURL, GetMailURL, GetPDFURL])

/**
 * GetMassPrintURL: the URL of one print page for up to 100 invoices, valid 30 seconds.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetMassPrintURL = Operation.make({
  name: "Taxinvoice.GetMassPrintURL",
  sdk: "Taxinvoice.getMassPrintURL",
  summary: "the print page URL of up to 100 invoices",
  method: "POST",
  path: "/Taxinvoice/{MgtKeyType}",
  params: ByType,
  shapes: { MgtKeyType: mgtKeyTypes },
  query: [Operation.flag("Print")],
  body: Operation.jsonArray(MgtKeyList(Rules.Limits.massPrint)),
  scope,
  success: UrlResult,
  safeToRepeat: true
})

/**
 * SendEmail: sends the notification mail again, to one address per call.
 *
 * @since 0.1.0
 * @category operations
 */
export const SendEmail = Operation.make({
  name: "Taxinvoice.SendEmail",
  sdk: "Taxinvoice.sendEmail",
  cli: "taxinvoice email",
  summary: "resend the notification mail to one address",
  method: "POST",
  path: "/Taxinvoice/{MgtKeyType}/{MgtKey}",
  params: ByKey,
  shapes: { MgtKeyType: mgtKeyTypes },
  override: "EMAIL",
  body: Operation.json(SendEmailBody),
  scope,
  success: GenericResult,
  safeToRepeat: false
})

/**
 * AssignMgtKey: gives a document ID to an invoice issued on the web portal (known by its 18-character item key); form body `MgtKey=<ID>`.
 *
 * @since 0.1.0
 * @category operations
 */
export const AssignMgtKey = Operation.make({
  name: "Taxinvoice.AssignMgtKey",
  sdk: "Taxinvoice.assignMgtKey",
  cli: "taxinvoice assign",
  summary: "give a portal-issued invoice a document ID",
  method: "POST",
  path: "/Taxinvoice/{ItemKey}/{MgtKeyType}",
  params: Schema.Struct({ ItemKey, MgtKeyType }),
  shapes: { ItemKey: Operation.length(18), MgtKeyType: mgtKeyTypes },
  body: Operation.form(AssignMgtKeyForm),
  scope,
  success: GenericResult,
  safeToRepeat: false
})

/**
 * BulkIssue: 1 to 100 drafts registered and issued under a submit ID, with the SHA-1 digest of the exact bytes. Safe to repeat with the same submit ID and bytes.
 *
 * @since 0.1.0
 * @category operations
 */
export const BulkIssue = Operation.make({
  name: "Taxinvoice.BulkIssue",
  sdk: "Taxinvoice.bulkIssue",
  cli: "taxinvoice bulk",
  summary: "submit up to 100 invoices for issue",
  method: "POST",
  path: "/Taxinvoice",
  override: "BULKISSUE",
  params: Schema.Struct({ submitID: SubmitId }),
  headers: { [Operation.SUBMIT_ID_HEADER]: "submitID" },
  digest: true,
  body: Operation.json(BulkIssueBody, BulkIssueBodyAt),
  scope,
  success: BulkSubmitResponse,
  safeToRepeat: true
})

/**
 * GetBulkResult: the state of a bulk submission (docs/decisions.md "e-Tax invoices"; clients write the path with `BULK`).
 *
 * @since 0.1.0
 * @category operations
 */
export const GetBulkResult = Operation.make({
  name: "Taxinvoice.GetBulkResult",
  sdk: "Taxinvoice.getBulkResult",
  summary: "the state and results of a bulk submission",
  method: "GET",
  path: "/Taxinvoice/BULK/{submitID}/State",
  params: Schema.Struct({ submitID: SubmitId }),
  scope,
  success: BulkResult,
  safeToRepeat: true
})

/**
 * Every e-Tax invoice operation.
 *
 * @since 0.1.0
 * @category operations
 */
export const operations: ReadonlyArray<Operation.Any> = [
  Register,
  AttachFile,
  Issue,
  GetFiles,
  DeleteFile,
  GetInfo,
  GetInfos,
  GetDetailInfo,
  GetPopUpURL,
  GetViewURL,
  GetPrintURL,
  GetEPrintURL,
  GetMailURL,
  GetPDFURL,
  GetMassPrintURL,
  SendEmail,
  AssignMgtKey,
  BulkIssue,
  GetBulkResult
]
