/**
 * What a valid input needs of the sandbox's state to succeed: the document a read or a change
 * names, written first (a receipt, a statement, an invoice under the input's document ID), and
 * which operations then must succeed. Others may meet a state they cannot act on (a bulk result
 * never submitted, a job never requested): they answer `{code, message}` about state, never one of
 * the `REFUSALS` of an input.
 */
import { Effect } from "effect"
import * as fc from "fast-check"
import { TaxdocClient } from "../../src/core/Client.js"
import { ErrorCodes, type ErrorCodeName } from "../../src/core/ErrorCodes.js"
import type * as Operation from "../../src/core/Operation.js"
import * as Cashbill from "../../src/domains/cashbill/Operations.js"
import * as StatementRules from "../../src/domains/statement/Rules.js"
import * as Statement from "../../src/domains/statement/Operations.js"
import * as Taxinvoice from "../../src/domains/taxinvoice/Operations.js"
import { toFastCheck } from "../../src/testing/FastCheck.js"
import * as Testing from "../../src/testing/index.js"
import { NOW } from "./operations.js"

/** The member the sandbox knows in these tests. */
export const MEMBER = "1234567891"

/** The codes that refuse an input as such: a valid input never meets them. */
const REFUSAL_NAMES: ReadonlyArray<ErrorCodeName> = [
  "InvalidRequest", "InvalidField", "InvalidId", "IdLength", "InvalidPassword", "MalformedTokenRequest", "InvalidScope",
  "TaxinvoiceWriteDateInFuture", "TaxinvoiceInvoicerMismatch", "CashbillInvalidTradeDT", "BulkSubmitIdInvalid", "BulkTooMany",
  "JobRangeInvalid", "InvalidCorpNum", "TooManyCorpNums", "UnsupportedMethod", "NotFoundPath", "MalformedJson"
]

export const REFUSALS: ReadonlyArray<number> = REFUSAL_NAMES.map((name) => ErrorCodes[name].code)

/** Operations that succeed on a fresh member whatever their valid input (their document written first where they name one). */
const MUST_SUCCEED = new Set([
  "Member.CheckIsMember", "Member.CheckID", "Member.JoinMember", "Member.QuitMember", "Member.UpdateCorpInfo", "Member.RegistContact",
  "Cashbill.RegistIssue", "Cashbill.BulkSubmit", "Cashbill.GetInfos", "Cashbill.GetURL",
  "Cashbill.GetInfo", "Cashbill.GetDetailInfo", "Cashbill.GetPDF",
  "Statement.RegistIssue", "Statement.GetInfos", "Statement.GetInfo", "Statement.GetDetailInfo", "Statement.GetPopUpURL",
  "Statement.GetViewURL", "Statement.GetPrintURL", "Statement.GetEPrintURL", "Statement.GetMailURL", "Statement.SendEmail",
  "Taxinvoice.Register", "Taxinvoice.BulkIssue", "Taxinvoice.GetInfos", "Taxinvoice.GetInfo", "Taxinvoice.GetDetailInfo", "Taxinvoice.GetFiles",
  "Taxinvoice.GetPopUpURL", "Taxinvoice.GetViewURL", "Taxinvoice.GetPrintURL", "Taxinvoice.GetEPrintURL", "Taxinvoice.GetMailURL",
  "Taxinvoice.GetPDFURL",
  "CompanyStatus.CheckCorpNum", "CompanyStatus.CheckCorpNums",
  "TaxPortalTaxinvoice.RequestJob", "TaxPortalCashbill.RequestJob", "TaxPortalTaxinvoice.RegistDeptUser", "TaxPortalCashbill.RegistDeptUser"
])

type Params = Readonly<Record<string, unknown>>

export interface Preparation {
  readonly mustSucceed: boolean
  /** Parameters pinned so the input names what is written first. */
  readonly params: Readonly<Record<string, string>>
  /** Documents to write first (drawn with the input). */
  readonly documents: fc.Arbitrary<unknown>
  readonly write: (input: Operation.Input<Operation.Any>, documents: unknown) => Effect.Effect<void, never, TaxdocClient>
}

type Writing = Omit<Preparation, "mustSucceed" | "params">

/** Documents drawn by `documents`, written by `write` before the input is sent. */
const writing = <D>(documents: fc.Arbitrary<D>, write: (input: Operation.Input<Operation.Any>, documents: D) => Effect.Effect<void, never, TaxdocClient>): Writing =>
  ({ documents, write: (input, drawn) => write(input, drawn as D) })

const call = <O extends Operation.Any>(operation: O, input: Operation.Input<O>) =>
  Effect.flatMap(TaxdocClient, (client) => client.call(operation, input)).pipe(Effect.orDie, Effect.asVoid)

const options = { corpNum: MEMBER, now: NOW }
const paramsOf = (input: Operation.Input<Operation.Any>): Params => (input.params ?? {}) as Params

const receiptFirst = writing(toFastCheck(Testing.cashReceipt(options)), (input, receipt) =>
  call(Cashbill.RegistIssue, { corpNum: MEMBER, body: { ...receipt, mgtKey: String(paramsOf(input)["mgtKey"]) } }))

// One statement of each type, so the one the input names carries the tax type its type requires.
const statementFirst = writing(
  fc.record(Object.fromEntries(StatementRules.ITEM_CODES.map((code) => [String(code), toFastCheck(Testing.statement(code, options))]))),
  (input, statements) => {
    const { itemCode, mgtKey } = paramsOf(input)
    return call(Statement.RegistIssue, { corpNum: MEMBER, body: { ...statements[String(itemCode)]!, mgtKey: String(mgtKey) } })
  }
)

// The member's own invoices are SELL ones (the input's key type is pinned to SELL).
const invoiceFirst = writing(toFastCheck(Testing.taxinvoice(options)), (input, draft) =>
  call(Taxinvoice.Register, { corpNum: MEMBER, body: { ...draft, invoicerMgtKey: String(paramsOf(input)["MgtKey"]) } }))

const nothing = writing(fc.constant(undefined), () => Effect.void)

/** How to prepare the sandbox for a valid input of `operation`. */
export const preparation = (operation: Operation.Any): Preparation => {
  const [domain] = operation.name.split(".")
  const keyed = operation.segments.some((s) => s._tag === "Param" && /^mgtKey$/i.test(s.name))
  const first = !keyed ? nothing : domain === "Cashbill" ? receiptFirst : domain === "Statement" ? statementFirst : domain === "Taxinvoice" ? invoiceFirst : nothing
  return { ...first, mustSucceed: MUST_SUCCEED.has(operation.name), params: first === invoiceFirst ? { MgtKeyType: "SELL" } : {} }
}
