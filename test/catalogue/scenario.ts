/**
 * One ordered script in which every operation of the catalogue succeeds through the SDK's generic
 * call: each step's input may use what an earlier step answered. Answers the names of the
 * operations that succeeded. Used by EveryOperation.test.ts, and by the durable sandbox's test
 * (every change it makes is saved, and loads back the same).
 */
import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { TaxdocClient } from "../../src/core/Client.js"
import type * as Operation from "../../src/core/Operation.js"
import * as Cashbill from "../../src/domains/cashbill/Operations.js"
import * as CompanyStatus from "../../src/domains/companyStatus/Operations.js"
import * as Certificate from "../../src/domains/certificate/Operations.js"
import * as Member from "../../src/domains/member/Operations.js"
import * as Statement from "../../src/domains/statement/Operations.js"
import * as TaxPortal from "../../src/domains/taxPortal/Operations.js"
import * as Taxinvoice from "../../src/domains/taxinvoice/Operations.js"
import { Sandbox } from "../../src/sandbox/Sandbox.js"
import { FAILS_FILING, receipt } from "../support/receipts.js"
import { draft } from "../support/invoices.js"
import * as Portal from "../sandbox/portal/support.js"
import * as Sdk from "../support/sdk.js"
import { statement } from "../support/statements.js"

const NEWCOMER = "6798700433"
// 2026-11-22 10:00 KST
const START = Date.UTC(2026, 10, 22, 1, 0, 0)
const contact = { id: "contact01", password: "secret12!", personName: "김직원", tel: "02-111-2222", email: "staff@example.com" }

export const CORP = Sdk.MEMBER

/** The scenario, on a sandbox where CORP is a member (test environment). */
export const everyOperation = Effect.gen(function*() {
  yield* TestClock.setTime(START)
  const client = yield* TaxdocClient
  const succeeded = new Set<string>()
  const ok = <O extends Operation.Any>(operation: O, input: Operation.Input<O>) =>
    Effect.tap(client.call(operation, input), () => Effect.sync(() => succeeded.add(operation.name)))
  const member = { corpNum: CORP }

  expect((yield* ok(Member.CheckIsMember, { params: { CorpNum: CORP, LID: "TESTER" } })).code).toBe(1)
  expect((yield* ok(Member.CheckID, { params: { ID: "nobody-has-this" } })).code).toBe(0)
  yield* ok(Member.JoinMember, { body: { ...Sdk.joinInput(NEWCOMER), LinkID: "TESTER" } })
  expect((yield* ok(Member.GetCorpInfo, member)).corpName.length).toBeGreaterThan(0)
  yield* ok(Member.UpdateCorpInfo, { ...member, body: { ceoname: "대표", corpName: "상호", addr: "주소", bizType: "업태", bizClass: "종목" } })
  yield* ok(Member.RegistContact, { ...member, body: contact })
  expect((yield* ok(Member.GetContactInfo, { ...member, body: { id: contact.id } })).personName).toBe(contact.personName)
  expect((yield* ok(Member.ListContact, member)).map((c) => c.id)).toContain(contact.id)
  yield* ok(Member.UpdateContact, { ...member, body: { id: contact.id, personName: "김대리", tel: "02-333-4444", email: "b@example.com" } })
  for (const operation of Object.values(Member.pageOperations)) expect((yield* ok(operation, member)).url).toMatch(/^http/)
  yield* ok(Member.DeleteContact, { ...member, userId: `user${CORP}`, params: { ContactID: contact.id } })

  expect((yield* ok(CompanyStatus.CheckCorpNum, { ...member, params: { target: NEWCOMER } })).corpNum).toBe(NEWCOMER)
  expect((yield* ok(CompanyStatus.CheckCorpNums, { ...member, body: [NEWCOMER, CORP] })).map((s) => s.corpNum)).toEqual([NEWCOMER, CORP])

  const issued = yield* ok(Cashbill.RegistIssue, { ...member, body: receipt("E-1", CORP) })
  yield* ok(Cashbill.RevokeRegistIssue, { ...member, body: { mgtKey: "E-1-C", orgConfirmNum: issued.confirmNum, orgTradeDate: issued.tradeDate } })
  yield* ok(Cashbill.BulkSubmit, { ...member, params: { submitID: "E-BULK-1" }, body: { cashbills: [receipt("E-2", CORP)] } })
  expect((yield* ok(Cashbill.GetBulkResult, { ...member, params: { submitID: "E-BULK-1" } })).submitID).toBe("E-BULK-1")
  expect((yield* ok(Cashbill.GetInfo, { ...member, params: { mgtKey: "E-1" } })).confirmNum).toBe(issued.confirmNum)
  expect((yield* ok(Cashbill.GetInfos, { ...member, body: ["E-1", "E-1-C"] })).map((i) => i.mgtKey)).toEqual(["E-1", "E-1-C"])
  expect((yield* ok(Cashbill.GetDetailInfo, { ...member, params: { mgtKey: "E-1" } })).itemName).toBe("커피 원두")
  expect((yield* ok(Cashbill.GetURL, { ...member, params: { TG: "PBOX" } })).url).toMatch(/^http/)
  expect(new TextDecoder().decode((yield* ok(Cashbill.GetPDF, { ...member, params: { mgtKey: "E-1" } })).subarray(0, 5))).toBe("%PDF-")
  for (const operation of Object.values(Cashbill.urlOperations)) {
    expect((yield* ok(operation, { ...member, params: { mgtKey: "E-1" } })).url).toMatch(/^http/)
  }
  expect((yield* ok(Cashbill.GetMassPrintURL, { ...member, body: ["E-1", "E-1-C"] })).url).toMatch(/^http/)
  // A receipt whose filing fails at the end of the day may then be deleted.
  yield* ok(Cashbill.RegistIssue, { ...member, body: receipt("E-3", CORP, { identityNum: FAILS_FILING }) })
  yield* TestClock.adjust("1 day")
  yield* ok(Cashbill.Delete, { ...member, params: { mgtKey: "E-3" } })

  const estimate = { itemCode: "123", mgtKey: "S-1" }
  expect((yield* ok(Statement.RegistIssue, { ...member, body: statement(123, "S-1", CORP) })).invoiceNum).toHaveLength(24)
  expect((yield* ok(Statement.GetInfo, { ...member, params: estimate })).stateCode).toBe(300)
  expect((yield* ok(Statement.GetInfos, { ...member, params: { itemCode: "123" }, body: ["S-1"] })).map((i) => i.mgtKey)).toEqual(["S-1"])
  expect((yield* ok(Statement.GetDetailInfo, { ...member, params: estimate })).propertyBag).toEqual(statement(123, "S-1", CORP).propertyBag)
  for (const operation of [Statement.GetPopUpURL, Statement.GetViewURL, Statement.GetPrintURL, Statement.GetEPrintURL, Statement.GetMailURL]) {
    expect((yield* ok(operation, { ...member, params: estimate })).url).toMatch(/^http/)
  }
  expect((yield* ok(Statement.GetMassPrintURL, { ...member, params: { itemCode: "123" }, body: ["S-1"] })).url).toMatch(/^http/)
  yield* ok(Statement.SendEmail, { ...member, params: estimate, body: { receiver: "buyer@example.com" } })
  yield* ok(Statement.Cancel, { ...member, params: estimate, body: { memo: "취소" } })
  expect((yield* ok(Statement.Delete, { ...member, params: estimate })).code).toBe(1)
  // Collection: jobs advance one stage per state poll (the default policy).
  const tiJob = (yield* ok(TaxPortal.TaxinvoiceRequestJob, { ...member, params: { queryType: "SELL", DType: "S", SDate: "20261101", EDate: "20261122" } })).jobID
  yield* ok(TaxPortal.TaxinvoiceGetJobState, { ...member, params: { jobID: tiJob } })
  expect((yield* ok(TaxPortal.TaxinvoiceGetJobState, { ...member, params: { jobID: tiJob } })).jobState).toBe("3")
  expect((yield* ok(TaxPortal.TaxinvoiceListActiveJob, member)).map((j) => j.jobID)).toEqual([tiJob])
  const found = yield* ok(TaxPortal.TaxinvoiceSearch, { ...member, params: { jobID: tiJob, Type: "", PerPage: "1000" } })
  expect((yield* ok(TaxPortal.TaxinvoiceSummarize, { ...member, params: { jobID: tiJob } })).count).toBe(found.total)
  yield* ok(TaxPortal.TaxinvoiceGetTaxinvoice, { ...member, params: { ntsConfirmNum: found.list[0]!.ntsconfirmNum } })
  const cbJob = (yield* ok(TaxPortal.CashbillRequestJob, { ...member, params: { queryType: "SELL", SDate: "20261120", EDate: "20261123" } })).jobID
  yield* ok(TaxPortal.CashbillGetJobState, { ...member, params: { jobID: cbJob } })
  yield* ok(TaxPortal.CashbillGetJobState, { ...member, params: { jobID: cbJob } })
  expect((yield* ok(TaxPortal.CashbillListActiveJob, member)).map((j) => j.jobID)).toEqual([cbJob])
  expect((yield* ok(TaxPortal.CashbillSearch, { ...member, params: { jobID: cbJob, TradeType: "", TradeUsage: "" } })).list.map((r) => r.ntsconfirmNum)).toContain(issued.confirmNum)
  yield* ok(TaxPortal.CashbillSummarize, { ...member, params: { jobID: cbJob } })
  const popup = (yield* ok(TaxPortal.GetCertificatePopUpURL, member)).url
  // The portal page's button registers the certificate.
  yield* Portal.post(popup, { token: Portal.tokenOf(yield* Portal.open(popup)) })
  expect((yield* ok(TaxPortal.GetCertificateExpireDate, member)).certificateExpiration).toMatch(/^\d{14}$/)
  yield* ok(TaxPortal.CheckCertValidation, member)
  yield* ok(TaxPortal.RegistDeptUser, { ...member, body: { id: "deptuser", pwd: "pass1234" } })
  yield* ok(TaxPortal.CheckDeptUser, member)
  yield* ok(TaxPortal.CheckLoginDeptUser, member)
  yield* ok(TaxPortal.DeleteDeptUser, member)
  // The same calls on the tax invoice collection's paths: one certificate, one account per member.
  expect((yield* ok(TaxPortal.TaxinvoiceGetCertificatePopUpURL, member)).url).toMatch(/^http/)
  expect((yield* ok(TaxPortal.TaxinvoiceGetCertificateExpireDate, member)).certificateExpiration).toMatch(/^\d{14}$/)
  yield* ok(TaxPortal.TaxinvoiceCheckCertValidation, member)
  yield* ok(TaxPortal.TaxinvoiceRegistDeptUser, { ...member, body: { id: "deptuser", pwd: "pass1234", secAuth: null } })
  expect((yield* ok(TaxPortal.TaxinvoiceCheckDeptUser, member)).message).toContain("deptuser")
  yield* ok(TaxPortal.TaxinvoiceCheckLoginDeptUser, member)
  yield* ok(TaxPortal.TaxinvoiceDeleteDeptUser, member)

  // e-Tax invoices and the certificate.
  const sandbox = yield* Sandbox
  const key = { MgtKeyType: "SELL", MgtKey: "TI-1" } as const
  const writeDate = "20261122"
  yield* ok(Taxinvoice.Register, { ...member, body: draft("TI-1", CORP, writeDate) })
  yield* ok(Taxinvoice.AttachFile, { ...member, params: key, body: { fileName: "견적서.pdf", content: new Uint8Array([1, 2, 3]) } })
  yield* ok(Taxinvoice.AttachFile, { ...member, params: key, body: { fileName: "b.txt", content: new Uint8Array([4]) } })
  const files = yield* ok(Taxinvoice.GetFiles, { ...member, params: key })
  yield* ok(Taxinvoice.DeleteFile, { ...member, params: { ...key, FileID: files[1]!.attachedFile } })
  expect((yield* ok(Taxinvoice.Issue, { ...member, params: key, body: { forceIssue: false } })).ntsConfirmNum).toHaveLength(24)
  expect((yield* ok(Taxinvoice.GetInfo, { ...member, params: key })).stateCode).toBe(300)
  expect((yield* ok(Taxinvoice.GetInfos, { ...member, params: { MgtKeyType: "SELL" }, body: ["TI-1"] })).length).toBe(1)
  expect((yield* ok(Taxinvoice.GetDetailInfo, { ...member, params: key })).invoicerMgtKey).toBe("TI-1")
  for (const url of [Taxinvoice.GetPopUpURL, Taxinvoice.GetViewURL, Taxinvoice.GetPrintURL, Taxinvoice.GetEPrintURL, Taxinvoice.GetMailURL, Taxinvoice.GetPDFURL]) {
    expect((yield* ok(url, { ...member, params: key })).url).toMatch(/^http/)
  }
  expect((yield* ok(Taxinvoice.GetMassPrintURL, { ...member, params: { MgtKeyType: "SELL" }, body: ["TI-1"] })).url).toMatch(/^http/)
  yield* ok(Taxinvoice.SendEmail, { ...member, params: key, body: { receiver: "again@example.com" } })
  const portal = yield* sandbox.issueOnPortal("test", CORP, {})
  yield* ok(Taxinvoice.AssignMgtKey, { ...member, params: { ItemKey: portal.itemKey, MgtKeyType: "SELL" }, body: { MgtKey: "TI-PORTAL" } })
  yield* ok(Taxinvoice.BulkIssue, { ...member, params: { submitID: "TI-BULK-1" }, body: { invoices: [draft("TI-2", CORP, writeDate)] } })
  expect((yield* ok(Taxinvoice.GetBulkResult, { ...member, params: { submitID: "TI-BULK-1" } })).submitID).toBe("TI-BULK-1")
  expect((yield* ok(Certificate.GetTaxCertURL, member)).url).toMatch(/^http/)
  yield* sandbox.registerCertificate("test", CORP, {})
  expect((yield* ok(Certificate.GetCertificateExpireDate, member)).certificateExpiration).toMatch(/^\d{14}$/)
  expect((yield* ok(Certificate.CheckCertValidation, member)).code).toBe(1)
  expect((yield* ok(Certificate.GetTaxCertInfo, member)).expireDT).toMatch(/^\d{14}$/)

  yield* ok(Member.QuitMember, { ...member, body: { quitReason: "end of the scenario" } })

  const stats = yield* Effect.flatMap(Sandbox, (sandbox) => sandbox.stats)
  if (stats.calls["Auth.Token"] !== undefined) succeeded.add("Auth.Token")
  return succeeded
})
