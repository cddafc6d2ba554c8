/** The documented examples run and do what their text says. */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as DurableIssuance from "../examples/durable-issuance.js"
import * as HandleErrors from "../examples/handle-errors.js"
import * as IssueReceipt from "../examples/issue-receipt.js"

describe("examples", () => {
  it.effect("issue-receipt issues a receipt and reads it back in state 300", () =>
    Effect.gen(function*() {
      const info = yield* IssueReceipt.program
      expect(info).toMatchObject({ mgtKey: "ORDER-2026-0001", stateCode: 300, totalAmount: "11000" })
    }).pipe(Effect.provide(IssueReceipt.SandboxSdk)))

  it.effect("handle-errors matches a ValidationError and a not-found ApiError", () =>
    Effect.gen(function*() {
      const result = yield* HandleErrors.program
      expect(result).toEqual({ invalid: "identityNum: identityNumForUsage", missing: "not found (-14000003)" })
    }).pipe(Effect.provide(HandleErrors.SandboxSdk)))

  it.live("durable-issuance issues 250 receipts in one process and reads them back by execution ID", () =>
    Effect.gen(function*() {
      const result = yield* DurableIssuance.program
      expect(result).toEqual({ issued: 250, first: "MONTH-END-0", readBack: 250 })
    }).pipe(Effect.provide(DurableIssuance.InProcessFleet)))
})
