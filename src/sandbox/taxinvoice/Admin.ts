/**
 * Sandbox-only e-Tax invoice operations behind admin routes: an invoice "issued on the web portal"
 * (known only by its item key, for AssignMgtKey). Buyer notifications go to the sandbox outbox (Outbox.ts).
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Kst from "../../core/Kst.js"
import { TaxinvoiceDraft } from "../../domains/taxinvoice/Schemas.js"
import { SandboxClock } from "../Clock.js"
import { decodeValue } from "../routing/Route.js"
import type { Environment } from "../Store.js"
import * as State from "./State.js"

/**
 * A draft for the portal invoice of `corpNum` written at `writeDate`: a taxable sale of 100,000
 * won plus tax to a business buyer in business (1234567891 of the company-status table).
 */
export const portalDraft = (corpNum: string, writeDate: string): Record<string, unknown> => ({
  issueType: "정발행",
  taxType: "과세",
  chargeDirection: "정과금",
  writeDate,
  purposeType: "영수",
  supplyCostTotal: "100000",
  taxTotal: "10000",
  totalAmount: "110000",
  // The portal invoice has no document ID until AssignMgtKey; the draft needs one to be valid.
  invoicerMgtKey: "PORTAL",
  invoicerCorpNum: corpNum,
  invoicerCorpName: "웹발행 공급자",
  invoicerCEOName: "대표자",
  invoiceeType: "사업자",
  invoiceeCorpNum: "1234567891",
  invoiceeCorpName: "공급받는자",
  invoiceeCEOName: "대표자"
})

/**
 * Creates an invoice issued on the portal for `corpNum` (fields of `overrides` replace those of
 * `portalDraft`); answers its item key and confirmation number.
 */
export const issueOnPortal = Effect.fnUntraced(function*(environment: Environment, corpNum: string, overrides: Readonly<Record<string, unknown>>) {
  const now = yield* SandboxClock.use((clock) => clock.now)
  const draft = yield* decodeValue({ ...portalDraft(corpNum, Kst.toDate8(now)), ...overrides, invoicerCorpNum: corpNum }, TaxinvoiceDraft)
  return yield* State.withMemberOf({ environment, writes: true }, corpNum, (ctx) => {
    const invoice = State.issueOnPortal(ctx.state, ctx.outbox, ctx.member, corpNum, draft, ctx.now)
    return Result.succeed({ itemKey: invoice.itemKey, ntsconfirmNum: invoice.issued?.ntsconfirmNum ?? "" })
  })
})
