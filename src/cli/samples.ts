/**
 * The sample documents of a fresh in-process sandbox (`--sandbox`): what the examples of the
 * command's help name, so that every one of them runs as shown. For each member the sandbox starts
 * with, those of the service the command calls (`kindsOf`: a cash receipt command finds the cash
 * receipts; company status needs none and pays nothing for them) — the demo's documents under other
 * IDs — made through the SDK (and the sandbox's own admin operations and pages where the service has
 * no call for it) with the sandbox's clock at `MADE_AT`, then put back to the present — so the
 * samples are a month old, their identifiers the same on every run:
 *
 * - cash receipts `DOC-0001` and `DOC-0002` (filed: 304; `DOC-0001` is confirmation number
 *   `100048271` of `20261102`, the original `examples/cli/revoke.json` names) and `DOC-0003`
 *   (its filing failed, 305: deletable);
 * - estimates `EST-0001` (issued) and `EST-0002` (cancelled: deletable), bills `B-1` and `B-2`;
 * - the e-Tax invoice certificate; e-Tax invoices `INV-0001` (saved, the file
 *   `44631215-8E46-0510-594B-69659B860030` attached) and `INV-0002` (issued), and one issued on the
 *   portal, without a document ID (item key `261102100000000005`);
 * - the contact `clerk01`, beside the manager `acme-admin`;
 * - the tax portal certificate and the department account `dept01`.
 *
 * The identifiers the sandbox makes up depend only on what it was asked before and when: the same
 * samples, made at the same document time, get the same ones (the command's examples name them).
 *
 * @since 1.1.0
 */
import * as Effect from "effect/Effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as Redacted from "effect/Redacted"
import * as Kst from "../core/Kst.js"
import { Cashbill } from "../domains/cashbill/Cashbill.js"
import { Member } from "../domains/member/Member.js"
import { ItemCode } from "../domains/statement/Rules.js"
import { Statement } from "../domains/statement/Statement.js"
import { TaxPortal } from "../domains/taxPortal/TaxPortal.js"
import { Taxinvoice } from "../domains/taxinvoice/Taxinvoice.js"
import type { SandboxServices } from "../Taxdoc.js"
import { Sandbox } from "../sandbox/Sandbox.js"
import { receipt, REFUSED } from "./demo/receipts.js"
import { document } from "./demo/statements.js"
import { demoDraft } from "./demo/taxinvoice.js"

/**
 * When the samples were made (document time): 2026-11-02 10:00 KST.
 *
 * @since 1.1.0
 * @category constants
 */
export const MADE_AT = Date.UTC(2026, 10, 2, 1, 0, 0)

/**
 * The manager account of a member the in-process sandbox starts with.
 *
 * @since 1.1.0
 * @category constants
 */
export const MANAGER_ID = "acme-admin"

// A buyer number the sandbox's tax authority refuses (a card number of 17 digits: TS2).
const REFUSED_IDENTITY = REFUSED["BULK-177"]!.identityNum

// The tax portal certificate has no call of its own: it is registered on the page its URL opens,
// as a user does, by sending the page's form.
const registerPortalCertificate = (corpNum: string) =>
  Effect.gen(function*() {
    const url = yield* (yield* TaxPortal).getCertificatePopUpURL(corpNum, "taxinvoice")
    const client = yield* HttpClient.HttpClient
    const page = yield* Effect.scoped(Effect.flatMap(client.get(url), (response) => response.text))
    const token = /name="token" value="([0-9a-f]{32})"/.exec(page)?.[1] ?? ""
    yield* Effect.scoped(client.execute(HttpClientRequest.post(url).pipe(HttpClientRequest.bodyUrlParams({ token }))))
  })

const cashbillSamples = (corpNum: string) =>
  Effect.gen(function*() {
    const cashbill = yield* Cashbill
    yield* cashbill.issue(corpNum, receipt("DOC-0001", 10_000, "01012345678", corpNum))
    yield* cashbill.issue(corpNum, receipt("DOC-0002", 10_000, "01098765432", corpNum))
    yield* cashbill.issue(corpNum, receipt("DOC-0003", 10_000, REFUSED_IDENTITY, corpNum))
  })

const statementSamples = (corpNum: string) =>
  Effect.gen(function*() {
    const statements = yield* Statement
    const date = Kst.toDate8(MADE_AT)
    for (const [itemCode, mgtKey] of [[ItemCode.Estimate, "EST-0001"], [ItemCode.Estimate, "EST-0002"], [ItemCode.Bill, "B-1"], [ItemCode.Bill, "B-2"]] as const) {
      yield* statements.issue(corpNum, document(itemCode, mgtKey, date, corpNum))
    }
    yield* statements.cancel(corpNum, ItemCode.Estimate, "EST-0002", "sample")
  })

const taxinvoiceSamples = (corpNum: string) =>
  Effect.gen(function*() {
    const sandbox = yield* Sandbox
    const date = Kst.toDate8(MADE_AT)
    yield* sandbox.registerCertificate("test", corpNum, {})
    const taxinvoice = yield* Taxinvoice
    yield* taxinvoice.register(corpNum, demoDraft("INV-0001", date, corpNum))
    yield* taxinvoice.attachFile(corpNum, "SELL", "INV-0001", { bytes: new TextEncoder().encode("견적서"), fileName: "quote.txt", displayName: "견적서" })
    yield* taxinvoice.register(corpNum, demoDraft("INV-0002", date, corpNum))
    yield* taxinvoice.issue(corpNum, "SELL", "INV-0002")
    yield* sandbox.issueOnPortal("test", corpNum, demoDraft("PORTAL", date, corpNum))
  })

const memberSamples = (corpNum: string) =>
  Effect.flatMap(Member, (member) =>
    member.registContact(corpNum, {
      id: "clerk01",
      password: "Clerk2026!",
      personName: "박사원",
      tel: "010-1111-2222",
      email: "clerk@example.com",
      searchRole: 2
    }))

const taxPortalSamples = (corpNum: string) =>
  Effect.gen(function*() {
    yield* registerPortalCertificate(corpNum)
    yield* (yield* TaxPortal).registDeptUser(corpNum, "taxinvoice", "dept01", Redacted.make("Dept2026!"))
  })

/**
 * The kinds of samples, by the service they belong to (the e-Tax invoices' with the certificate
 * they are issued with).
 *
 * @since 1.1.0
 * @category models
 */
export type Kind = "cashbill" | "statement" | "taxinvoice" | "member" | "taxPortal"

const MAKERS: Readonly<Record<Kind, (corpNum: string) => Effect.Effect<unknown, unknown, SandboxServices>>> = {
  cashbill: cashbillSamples,
  statement: statementSamples,
  taxinvoice: taxinvoiceSamples,
  member: memberSamples,
  taxPortal: taxPortalSamples
}

/**
 * Every kind of sample.
 *
 * @since 1.1.0
 * @category constants
 */
export const ALL: ReadonlyArray<Kind> = Object.keys(MAKERS) as Array<Kind>

/**
 * The samples a command needs, by the SDK method it calls (`Cashbill.getInfo`): those of its
 * service; none for company status.
 *
 * @since 1.1.0
 * @category combinators
 */
export const kindsOf = (method: string): ReadonlyArray<Kind> => {
  switch (method.split(".")[0]) {
    case "Cashbill":
      return ["cashbill"]
    case "Statement":
      return ["statement"]
    case "Taxinvoice":
    case "Certificate":
      return ["taxinvoice"]
    case "Member":
      return ["member"]
    case "TaxPortal":
      return ["taxPortal"]
    case "CompanyStatus":
      return []
    default:
      return ALL
  }
}

/**
 * Makes the samples of `kinds` for each of `members` in the in-process sandbox, with the sandbox's
 * clock at `MADE_AT`; the clock is put back to the present afterwards.
 *
 * @since 1.1.0
 * @category constructors
 */
export const make = (members: ReadonlyArray<string>, kinds: ReadonlyArray<Kind> = ALL): Effect.Effect<void, unknown, SandboxServices> =>
  Effect.gen(function*() {
    if (members.length === 0 || kinds.length === 0) return
    const sandbox = yield* Sandbox
    yield* sandbox.setClock(MADE_AT)
    for (const corpNum of members) for (const kind of ALL.filter((k) => kinds.includes(k))) yield* MAKERS[kind](corpNum)
    const { offset } = yield* sandbox.clock
    yield* sandbox.advanceClock(-offset)
  })
