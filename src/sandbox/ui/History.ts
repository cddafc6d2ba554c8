/**
 * A document's state history as its page shows it: every change with the document time it
 * happened at, from what the sandbox records of the document — a cash receipt's issue, its filing
 * (with the tax authority's result) and its revocations; an e-Tax invoice's saving, attached files,
 * issue, each filing step, the buyer opening the mail and a document ID given later; a statement's
 * issue, approval, cancellation and the mail opened. Filing that is due but not yet recorded
 * (it is derived when read) is shown as a read would find it.
 *
 * @since 1.1.0
 */
import { filingAsOf as receiptFilingAsOf, stateCodeOfFiling } from "../cashbill/Filing.js"
import * as StatementRules from "../../domains/statement/Rules.js"
import { filingAsOf as invoiceFilingAsOf, stateCodeAt } from "../taxinvoice/Filing.js"
import type { HistoryEvent } from "./Texts.js"
import type { Reading, Stored } from "./Views.js"

/**
 * One change of a document.
 *
 * @since 1.1.0
 * @category models
 */
export interface Change {
  readonly at: number
  readonly event: HistoryEvent
  /** The state code the document reached, when the change moved it. */
  readonly stateCode?: number | undefined
  /** What else there is to say: the tax authority's result, a memo, a file name. */
  readonly detail?: string | undefined
  /** Another document the change names (a revocation, the original it revokes): its item key. */
  readonly related?: { readonly itemKey: string; readonly label: string } | undefined
  /** Issued after the due date (e-Tax invoices). */
  readonly late?: boolean | undefined
}

/** The events of the filing steps before the last (301, 302, 303); the last is filed or failed. */
const INVOICE_STEPS: ReadonlyArray<HistoryEvent> = ["waitingToSend", "sending", "sent"]

/**
 * The changes of a document, oldest first (changes of one instant in the order they happened).
 *
 * @since 1.1.0
 * @category combinators
 */
export const historyOf = (reading: Reading, stored: Stored, language: "ko" | "en"): ReadonlyArray<Change> => {
  const changes: Array<Change> = []
  switch (stored.kind) {
    case "cashbill": {
      const r = stored.receipt
      const revocation = r.tradeType === "취소거래"
      changes.push({
        at: r.issuedAt,
        event: revocation ? "issuedRevocation" : "issued",
        stateCode: 300,
        detail: revocation ? `${r.orgConfirmNum ?? ""} ${r.orgTradeDate ?? ""}`.trim() : undefined
      })
      const filing = receiptFilingAsOf(r, reading.policies["cashbill.filing"], reading.now)
      if (filing !== undefined) {
        const stateCode = stateCodeOfFiling(filing)
        changes.push({ at: filing.at, event: stateCode === 304 ? "filed" : "filingFailed", stateCode, detail: `${filing.outcome.code} ${filing.outcome[language]}` })
      }
      for (const by of r.revocations ?? []) {
        changes.push({ at: by.issuedAt, event: "revoked", detail: by.totalAmount, related: { itemKey: by.itemKey, label: by.mgtKey } })
      }
      break
    }
    case "taxinvoice": {
      const invoice = stored.invoice
      changes.push({ at: invoice.regAt, event: "saved", stateCode: 100 })
      for (const file of invoice.files) changes.push({ at: file.regAt, event: "fileAttached", detail: file.displayName })
      if (invoice.issued !== undefined) {
        changes.push({ at: invoice.issued.at, event: "issued", stateCode: 300, detail: invoice.issued.memo, late: invoice.issued.late })
        const filing = invoiceFilingAsOf(invoice, reading.policies["taxinvoice.filing"], reading.now)
        filing.times.forEach((at, step) => {
          const stateCode = stateCodeAt(invoice, step + 1)
          changes.push({ at, event: INVOICE_STEPS[step] ?? (stateCode === 304 ? "filed" : "filingFailed"), stateCode })
        })
      }
      if (invoice.openAt !== undefined) changes.push({ at: invoice.openAt, event: "opened" })
      if (invoice.assignedAt !== undefined) changes.push({ at: invoice.assignedAt, event: "assigned", detail: invoice.mgtKey })
      break
    }
    case "statement": {
      const s = stored.statement
      const waited = s.issuedAt !== s.registeredAt
      changes.push({ at: s.registeredAt, event: waited ? "pendingApproval" : "issued", stateCode: waited ? 200 : 300 })
      if (waited && s.issuedAt !== undefined) changes.push({ at: s.issuedAt, event: "approved", stateCode: 300 })
      if (s.openAt !== undefined) changes.push({ at: s.openAt, event: "opened" })
      if (s.stateCode === StatementRules.StateCode.Cancelled) changes.push({ at: s.stateAt, event: "cancelled", stateCode: 600, detail: s.stateMemo })
      break
    }
  }
  // A stable sort: changes of one instant keep the order in which they happen.
  return changes.map((change, i) => [change, i] as const).sort((a, b) => a[0].at - b[0].at || a[1] - b[1]).map(([change]) => change)
}
