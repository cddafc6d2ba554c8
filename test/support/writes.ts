/** Writes of every kind of sandbox state, by name: for the tests of snapshots and of the durable sandbox. */
import { Effect } from "effect"
import * as fc from "fast-check"
import { TaxdocClient } from "../../src/core/Client.js"
import * as Cashbill from "../../src/domains/cashbill/Operations.js"
import * as Member from "../../src/domains/member/Operations.js"
import * as Statement from "../../src/domains/statement/Operations.js"
import * as TaxPortal from "../../src/domains/taxPortal/Operations.js"
import * as Taxinvoice from "../../src/domains/taxinvoice/Operations.js"
import { Sandbox } from "../../src/sandbox/Sandbox.js"
import { draft } from "./invoices.js"
import { receipt } from "./receipts.js"
import * as Sdk from "./sdk.js"
import { statement } from "./statements.js"

export const CORP = Sdk.MEMBER
// 2026-11-22 10:00 KST
export const START = Date.UTC(2026, 10, 22, 1, 0, 0)
const NEWCOMERS = ["6798700433", "3333333336", "5555555553"]

export const KINDS = [
  "join", "contact", "corpInfo", "receipt", "revoke", "bulk", "statement", "cancel", "invoice", "issueInvoice", "job", "poll", "link",
  "preference", "certificate", "clock", "progression", "expire"
] as const

export type Write = { readonly kind: typeof KINDS[number]; readonly n: number }

export const write: fc.Arbitrary<Write> = fc.record({ kind: fc.constantFrom(...KINDS), n: fc.integer({ min: 0, max: 5 }) })

/** One write; refusals (a document ID in use, a wrong state) are part of the game. */
export const run = ({ kind, n }: Write) =>
  Effect.gen(function*() {
    const client = yield* TaxdocClient
    const sandbox = yield* Sandbox
    const member = { corpNum: CORP }
    switch (kind) {
      case "join":
        return yield* client.call(Member.JoinMember, { body: { ...Sdk.joinInput(NEWCOMERS[n % NEWCOMERS.length]!), LinkID: "TESTER" } })
      case "contact":
        return yield* client.call(Member.RegistContact, { ...member, body: { id: `contact0${n}`, password: "secret12!", personName: "직원", tel: "02-111-2222", email: "s@example.com" } })
      case "corpInfo":
        return yield* client.call(Member.UpdateCorpInfo, { ...member, body: { ceoname: `대표${n}`, corpName: "상호", addr: "주소", bizType: "업태", bizClass: "종목" } })
      case "receipt":
        return yield* client.call(Cashbill.RegistIssue, { ...member, body: receipt(`R-${n}`, CORP) })
      case "revoke": {
        const info = yield* client.call(Cashbill.GetInfo, { ...member, params: { mgtKey: `R-${n}` } })
        return yield* client.call(Cashbill.RevokeRegistIssue, { ...member, body: { mgtKey: `R-${n}-C`, orgConfirmNum: info.confirmNum, orgTradeDate: info.tradeDate } })
      }
      case "bulk":
        return yield* client.call(Cashbill.BulkSubmit, { ...member, params: { submitID: `BULK-${n}` }, body: { cashbills: [receipt(`B-${n}`, CORP)] } })
      case "statement":
        return yield* client.call(Statement.RegistIssue, { ...member, body: statement(121, `S-${n}`, CORP) })
      case "cancel":
        return yield* client.call(Statement.Cancel, { ...member, params: { itemCode: "121", mgtKey: `S-${n}` }, body: { memo: "취소" } })
      case "invoice": {
        yield* client.call(Taxinvoice.Register, { ...member, body: draft(`T-${n}`, CORP, "20261122") })
        return yield* client.call(Taxinvoice.AttachFile, { ...member, params: { MgtKeyType: "SELL", MgtKey: `T-${n}` }, body: { fileName: "a.txt", content: new Uint8Array([n, 1, 2]) } })
      }
      case "issueInvoice":
        return yield* client.call(Taxinvoice.Issue, { ...member, params: { MgtKeyType: "SELL", MgtKey: `T-${n}` }, body: { forceIssue: true } })
      case "job":
        return yield* client.call(TaxPortal.CashbillRequestJob, { ...member, params: { queryType: "SELL", SDate: "20261120", EDate: "20261123" } })
      case "poll": {
        const jobs = yield* client.call(TaxPortal.CashbillListActiveJob, member)
        const job = jobs[n % Math.max(1, jobs.length)]
        return job === undefined ? undefined : yield* client.call(TaxPortal.CashbillGetJobState, { ...member, params: { jobID: job.jobID } })
      }
      case "link":
        return yield* client.call(Cashbill.GetURL, { ...member, params: { TG: "PBOX" } })
      case "preference":
        return yield* sandbox.setMemberPreferences("test", CORP, { [`p${n}`]: n })
      case "certificate":
        return yield* sandbox.registerCertificate("test", CORP, {})
      case "clock":
        return yield* sandbox.advanceClock((n + 1) * 60_000)
      case "progression":
        return yield* sandbox.setProgression("cashbill.filing", n % 2 === 0 ? { _tag: "Immediate" } : { _tag: "AfterPolls", polls: n + 1 })
      case "expire":
        return yield* sandbox.expireTokens("test", CORP)
    }
  }).pipe(Effect.ignore)

