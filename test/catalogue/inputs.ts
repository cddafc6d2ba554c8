/**
 * Generators of valid inputs for every operation of the catalogue, by spec name. A new operation
 * needs an entry here: the conformance tests fail for an operation without one.
 */
import * as fc from "fast-check"
import type * as Operation from "../../src/core/Operation.js"
import * as Arb from "../domains/cashbill/arbitraries.js"
import * as StatementArb from "../domains/statement/arbitraries.js"
import { taxPortalInputs } from "../domains/taxPortal/arbitraries.js"
import * as TiArb from "../domains/taxinvoice/arbitraries.js"
import { joinInput, MEMBER } from "../support/sdk.js"

export const NOW = Date.UTC(2026, 10, 22, 3, 0, 0)

const digits = (length: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(""))
const contactId = fc.stringMatching(/^[a-z][a-z0-9]{5,20}$/)
const text = (min: number, max: number) => fc.string({ minLength: min, maxLength: max }).filter((s) => s.trim().length >= min)
const submitID = fc.stringMatching(/^[A-Za-z0-9-]{1,36}$/)
const statementType = fc.record({ itemCode: StatementArb.itemCode.map(String) })
const statementKey = fc.record({ itemCode: StatementArb.itemCode.map(String), mgtKey: StatementArb.mgtKey })

/** The input of some operation (each generator below is typed by its own declaration's use). */
export interface AnyInput {
  readonly corpNum?: string
  readonly userId?: string
  readonly params?: Readonly<Record<string, unknown>>
  readonly body?: unknown
}

/** `input` as the input of `operation` (the generator table is keyed by name, not by type). */
export const asInput = <O extends Operation.Any>(_operation: O, input: AnyInput): Operation.Input<O> => input as Operation.Input<O>

const contact = fc.record({
  id: contactId,
  password: fc.constant("secret12!"),
  personName: text(1, 100),
  tel: fc.constant("02-1234-5678"),
  email: fc.constant("someone@example.com")
})

export const inputs: Readonly<Record<string, fc.Arbitrary<AnyInput>>> = {
  "Auth.Token": fc.record({
    params: fc.record({ serviceId: fc.constantFrom("SERVICE_TEST", "SERVICE") }),
    body: fc.record({ access_id: digits(10), scope: fc.subarray(["member", "140", "170"]) })
  }),
  "Member.CheckIsMember": fc.record({ params: fc.record({ CorpNum: digits(10), LID: fc.constant("TESTER") }) }),
  "Member.CheckID": fc.record({ params: fc.record({ ID: contactId }) }),
  "Member.JoinMember": fc.tuple(digits(10), contactId).map(([corpNum, id]) => ({ body: { ...joinInput(corpNum, id), LinkID: "TESTER" } })),
  "Member.QuitMember": fc.record({ corpNum: fc.constant(MEMBER), body: fc.record({ quitReason: text(1, 200) }) }),
  "Member.GetCorpInfo": fc.constant({ corpNum: MEMBER }),
  "Member.UpdateCorpInfo": fc.record({
    corpNum: fc.constant(MEMBER),
    body: fc.record({ ceoname: text(1, 100), corpName: text(1, 200), addr: text(1, 300), bizType: text(1, 100), bizClass: text(1, 100) })
  }),
  "Member.RegistContact": fc.record({ corpNum: fc.constant(MEMBER), body: contact }),
  "Member.GetContactInfo": fc.record({ corpNum: fc.constant(MEMBER), body: fc.record({ id: contactId }) }),
  "Member.ListContact": fc.constant({ corpNum: MEMBER }),
  "Member.UpdateContact": fc.record({
    corpNum: fc.constant(MEMBER),
    body: fc.record({ id: contactId, personName: text(1, 100), tel: fc.constant("010-1234-5678"), email: fc.constant("a@example.com") })
  }),
  "Member.DeleteContact": fc.record({ corpNum: fc.constant(MEMBER), userId: fc.constant(`user${MEMBER}`), params: fc.record({ ContactID: contactId }) }),
  "Cashbill.RegistIssue": Arb.issue(NOW).map((receipt) => ({ corpNum: MEMBER, body: { ...receipt, franchiseCorpNum: MEMBER } })),
  "Cashbill.RevokeRegistIssue": fc.record({
    corpNum: fc.constant(MEMBER),
    body: fc.record({ mgtKey: Arb.mgtKey, orgConfirmNum: fc.stringMatching(/^[A-Za-z0-9]{9}$/), orgTradeDate: fc.constant("20261121") })
  }),
  "Cashbill.BulkSubmit": fc.record({
    corpNum: fc.constant(MEMBER),
    params: fc.record({ submitID }),
    body: Arb.issues(3, NOW).map((cashbills) => ({ cashbills: cashbills.map((r) => ({ ...r, franchiseCorpNum: MEMBER })) }))
  }),
  "Cashbill.GetBulkResult": fc.record({ corpNum: fc.constant(MEMBER), params: fc.record({ submitID }) }),
  "Cashbill.Delete": fc.record({ corpNum: fc.constant(MEMBER), params: fc.record({ mgtKey: Arb.mgtKey }) }),
  "Cashbill.GetInfo": fc.record({ corpNum: fc.constant(MEMBER), params: fc.record({ mgtKey: Arb.mgtKey }) }),
  "Cashbill.GetInfos": fc.record({ corpNum: fc.constant(MEMBER), body: fc.array(Arb.mgtKey, { maxLength: 5 }) }),
  "Cashbill.GetDetailInfo": fc.record({ corpNum: fc.constant(MEMBER), params: fc.record({ mgtKey: Arb.mgtKey }) }),
  "Cashbill.GetURL": fc.record({ corpNum: fc.constant(MEMBER), params: fc.record({ TG: fc.constantFrom("PBOX", "WRITE") }) }),
  "Cashbill.GetPDF": fc.record({ corpNum: fc.constant(MEMBER), params: fc.record({ mgtKey: Arb.mgtKey }) }),
  "Statement.RegistIssue": StatementArb.statement(MEMBER).map((body) => ({ corpNum: MEMBER, body })),
  "Statement.Cancel": fc.record({
    corpNum: fc.constant(MEMBER),
    params: statementKey,
    body: fc.oneof(fc.constant({}), fc.record({ memo: text(0, 200) }))
  }),
  "Statement.Delete": fc.record({ corpNum: fc.constant(MEMBER), params: statementKey }),
  "Statement.GetInfo": fc.record({ corpNum: fc.constant(MEMBER), params: statementKey }),
  "Statement.GetInfos": fc.record({ corpNum: fc.constant(MEMBER), params: statementType, body: fc.array(StatementArb.mgtKey, { maxLength: 5 }) }),
  "Statement.GetDetailInfo": fc.record({ corpNum: fc.constant(MEMBER), params: statementKey }),
  "Statement.GetPopUpURL": fc.record({ corpNum: fc.constant(MEMBER), params: statementKey }),
  "Statement.GetViewURL": fc.record({ corpNum: fc.constant(MEMBER), params: statementKey }),
  "Statement.GetPrintURL": fc.record({ corpNum: fc.constant(MEMBER), params: statementKey }),
  "Statement.GetEPrintURL": fc.record({ corpNum: fc.constant(MEMBER), params: statementKey }),
  "Statement.GetMailURL": fc.record({ corpNum: fc.constant(MEMBER), params: statementKey }),
  "Statement.GetMassPrintURL": fc.record({
    corpNum: fc.constant(MEMBER),
    params: statementType,
    body: fc.array(StatementArb.mgtKey, { minLength: 1, maxLength: 5 })
  }),
  "Statement.SendEmail": fc.record({ corpNum: fc.constant(MEMBER), params: statementKey, body: fc.record({ receiver: fc.constant("buyer@example.com") }) }),
  ...taxinvoiceInputs(),
  "CompanyStatus.CheckCorpNum": fc.record({ corpNum: fc.constant(MEMBER), params: fc.record({ target: digits(10) }) }),
  "CompanyStatus.CheckCorpNums": fc.record({ corpNum: fc.constant(MEMBER), body: fc.array(digits(10), { minLength: 1, maxLength: 5 }) }),
  ...taxPortalInputs
}

function taxinvoiceInputs(): Readonly<Record<string, fc.Arbitrary<AnyInput>>> {
  const member = fc.constant(MEMBER)
  const byKey = fc.record({ MgtKeyType: fc.constantFrom("SELL", "BUY", "TRUSTEE"), MgtKey: TiArb.mgtKey })
  const keyed = fc.record({ corpNum: member, params: byKey })
  const byType = fc.record({ MgtKeyType: fc.constantFrom("SELL", "BUY", "TRUSTEE") })
  const fileName = fc.stringMatching(/^[A-Za-z0-9가-힣 ._-]{1,40}$/)
  return {
    "Taxinvoice.Register": TiArb.draft(NOW, MEMBER).map((draft) => ({ corpNum: MEMBER, body: draft })),
    "Taxinvoice.AttachFile": fc.record({
      corpNum: member,
      params: byKey,
      body: fc.record({ fileName, displayName: text(1, 50), content: fc.uint8Array({ maxLength: 200 }) })
    }),
    "Taxinvoice.Issue": fc.record({
      corpNum: member,
      params: byKey,
      body: fc.record({ memo: text(0, 200), forceIssue: fc.boolean() }, { requiredKeys: [] })
    }),
    "Taxinvoice.GetFiles": keyed,
    "Taxinvoice.DeleteFile": fc.record({
      corpNum: member,
      params: byKey.chain((key) => fc.stringMatching(/^[A-Za-z0-9-]{1,40}$/).map((FileID) => ({ ...key, FileID })))
    }),
    "Taxinvoice.GetInfo": keyed,
    "Taxinvoice.GetInfos": fc.record({ corpNum: member, params: byType, body: fc.array(TiArb.mgtKey, { maxLength: 5 }) }),
    "Taxinvoice.GetDetailInfo": keyed,
    "Taxinvoice.GetPopUpURL": keyed,
    "Taxinvoice.GetViewURL": keyed,
    "Taxinvoice.GetPrintURL": keyed,
    "Taxinvoice.GetEPrintURL": keyed,
    "Taxinvoice.GetMailURL": keyed,
    "Taxinvoice.GetPDFURL": keyed,
    "Taxinvoice.GetMassPrintURL": fc.record({ corpNum: member, params: byType, body: fc.array(TiArb.mgtKey, { minLength: 1, maxLength: 5 }) }),
    "Taxinvoice.SendEmail": fc.record({ corpNum: member, params: byKey, body: fc.constant({ receiver: "buyer@example.com" }) }),
    "Taxinvoice.AssignMgtKey": fc.record({
      corpNum: member,
      params: fc.record({ ItemKey: digits(18), MgtKeyType: fc.constantFrom("SELL", "BUY", "TRUSTEE") }),
      body: fc.record({ MgtKey: TiArb.mgtKey })
    }),
    "Taxinvoice.BulkIssue": fc.record({
      corpNum: member,
      params: fc.record({ submitID }),
      body: fc.uniqueArray(TiArb.draft(NOW, MEMBER), { minLength: 1, maxLength: 3, selector: (d) => d.invoicerMgtKey }).map((invoices) => ({ invoices }))
    }),
    "Taxinvoice.GetBulkResult": fc.record({ corpNum: member, params: fc.record({ submitID }) }),
    "Certificate.GetTaxCertURL": fc.constant({ corpNum: MEMBER }),
    "Certificate.GetCertificateExpireDate": fc.constant({ corpNum: MEMBER }),
    "Certificate.CheckCertValidation": fc.constant({ corpNum: MEMBER }),
    "Certificate.GetTaxCertInfo": fc.constant({ corpNum: MEMBER })
  }
}
