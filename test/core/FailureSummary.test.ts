/**
 * What telemetry says of a failure: its type, status and code, and a message of the operation, the
 * tag and reason, the code's name, IDs and field paths — never the error's own message, which
 * holds the service's text or a refused value.
 */
import { describe, expect, it } from "@effect/vitest"
import { BulkIncompleteError } from "../../src/core/Bulk.js"
import { ApiError, PollTimeoutError, ResponseError, TokenError, TransportError, UnknownOutcomeError, ValidationError, ValidationIssue } from "../../src/core/Errors.js"
import { httpErrorType, summarize } from "../../src/core/FailureSummary.js"

const SECRETIVE = "원본 현금영수증을 찾을 수 없습니다. (hf99wl6fZ 20260411)"

describe("failure summaries", () => {
  it("a service error: its code's name and number and the status, not the service's text", () => {
    const error = new ApiError({ operation: "Cashbill.revoke", status: 404, code: -14001020, message: `CashbillOriginalNotFound (-14001020): ${SECRETIVE}`, serviceMessage: SECRETIVE })
    const summary = summarize(error)
    expect(summary).toEqual({ type: "ApiError", status: 404, code: -14001020, message: "Cashbill.revoke: CashbillOriginalNotFound (-14001020), HTTP 404" })
    expect(httpErrorType(summary)).toBe("404")
    const refused = summarize(new TokenError({ corpNum: "1234567891", status: 401, code: -99003002, message: SECRETIVE, serviceMessage: SECRETIVE }))
    expect(refused.message).toBe("Tokens.issue: SignatureMismatch (-99003002), HTTP 401")
  })

  it("a refused input: the paths and rules broken, never the value refused", () => {
    const error = new ValidationError({
      operation: "Cashbill.issue",
      issues: [new ValidationIssue({ path: "identityNum", rule: "identityNum", message: "must be digits, got \"01O-1234\"" })]
    })
    expect(summarize(error)).toEqual({ type: "ValidationError", status: undefined, code: undefined, message: "Cashbill.issue: invalid input, nothing was sent: identityNum [identityNum]" })
  })

  it("no answer: the reason, the outcome and the network's code; an answer not as expected: its reason and status", () => {
    const cause = Object.assign(new Error("connect ECONNREFUSED 10.0.0.1:443 /Cashbill/KEY?CN=6798700433"), { code: "ECONNREFUSED" })
    const lost = summarize(new TransportError({ operation: "Cashbill.getInfo", reason: "Network", outcome: "NotSent", message: `Cashbill.getInfo: ${cause.message}`, cause }))
    expect(lost).toEqual({ type: "TransportError.Network", status: undefined, code: undefined, message: "Cashbill.getInfo: no answer (Network, outcome NotSent, ECONNREFUSED)" })
    expect(httpErrorType(lost)).toBe("TransportError.Network")
    const cut = summarize(new ResponseError({ operation: "Cashbill.getInfo", status: 200, reason: "Decode", bodyExcerpt: "{\"customerName\":\"홍", message: "unexpected answer shape: got \"홍\"" }))
    expect(cut).toEqual({ type: "ResponseError.Decode", status: 200, code: undefined, message: "Cashbill.getInfo: Decode answer, HTTP 200" })
    expect(httpErrorType(cut)).toBe("ResponseError.Decode")
    expect(httpErrorType(summarize(new ResponseError({ operation: "X.y", status: 502, reason: "UnexpectedStatus", bodyExcerpt: "<html>", message: "" })))).toBe("502")
  })

  it("the SDK's own failures: the document ID, the wait's state, the counts", () => {
    expect(summarize(new UnknownOutcomeError({ operation: "Cashbill.issue", documentId: "ORDER-1", reason: "StillUnknown", reads: 1, sends: 2, message: "…" })).message)
      .toBe("Cashbill.issue: the outcome for ORDER-1 is unknown (StillUnknown)")
    expect(summarize(new PollTimeoutError({ operation: "TaxPortal.awaitJob", id: "019112300000000001", polls: 7, elapsedMillis: 1, lastState: "jobState 2", message: "…" })).message)
      .toBe("TaxPortal.awaitJob: 019112300000000001 not complete after 7 polls (jobState 2)")
    const incomplete = new BulkIncompleteError({ operation: "Cashbill.issueMany", message: "Cashbill.issueMany: 1 of 2 submissions gave up", items: [], causes: [] })
    expect(summarize(incomplete)).toMatchObject({ type: "BulkIncompleteError", message: "Cashbill.issueMany: 1 of 2 submissions gave up" })
  })

  it("anything else: its tag or name only", () => {
    expect(summarize(new TypeError(`cannot read ${SECRETIVE}`))).toMatchObject({ type: "TypeError", message: "taxdoc: TypeError" })
    expect(summarize({ _tag: "JobFailedError", errorCode: -13000001, errorReason: SECRETIVE })).toEqual({ type: "JobFailedError", status: undefined, code: -13000001, message: "taxdoc: JobFailedError" })
    expect(summarize("a string")).toMatchObject({ type: "Unknown" })
  })
})
