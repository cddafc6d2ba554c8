/** The documented examples run and do what their text says. */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import * as DurableIssuance from "../examples/durable-issuance.js"
import * as HandleErrors from "../examples/handle-errors.js"
import * as IssueReceipt from "../examples/issue-receipt.js"
import { ROOT, run } from "./package/support.js"
import { childEnv } from "./support/env.js"

/** An address nothing listens on: a port taken, then given back. */
const nowhere = async (): Promise<string> => {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return `http://127.0.0.1:${port}`
}

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

  it("otel-export run with no collector says the traces and metrics were not exported, and where to, and exits 1", { timeout: 60_000 }, async () => {
    const endpoint = await nowhere()
    const ran = await run(process.execPath, ["--import", "tsx", "examples/otel-export.ts"], ROOT, childEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint }))
    expect(ran.stdout).toContain("issued 100048271, state 300")
    expect(ran.stderr).toMatch(new RegExp(`^the (metrics and traces|traces and metrics) were not exported to ${endpoint}: .*ECONNREFUSED`, "m"))
    expect(ran.stderr).toContain("start a collector there (docs/observability.md")
    expect(ran.code).toBe(1)
  })
})
