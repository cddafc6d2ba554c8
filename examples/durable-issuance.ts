/**
 * Issue 250 cash receipts as a durable execution in this process (the workflow engine and the
 * journal in memory: nothing to install or serve), watch its progress, and read its results back
 * by execution ID — against a fresh in-process sandbox.
 * Run: npx tsx examples/durable-issuance.ts
 */
import { Effect, Layer } from "effect"
import { type CashbillSchemas, Taxdoc } from "taxdoc"
import { BulkIssuance, Engine } from "taxdoc/workflow"

const corpNum = "1234567891"

const receipts: ReadonlyArray<CashbillSchemas.CashReceiptIssue> = Array.from({ length: 250 }, (_, i) => ({
  mgtKey: `MONTH-END-${i}`, tradeType: "승인거래", tradeUsage: "소득공제용", taxationType: "과세",
  totalAmount: "11000", supplyCost: "10000", tax: "1000", serviceFee: "0",
  franchiseCorpNum: corpNum, identityNum: "01012341234"
}))

export const program = Effect.gen(function*() {
  const results = yield* BulkIssuance.issueReceipts({
    executionId: "month-end-2026-11",
    corpNum,
    documents: receipts,
    pollInterval: "50 millis",
    onProgress: (p) => Effect.log(`${p.done}/${p.total} done, ${p.succeeded} issued`)
  })
  const again = yield* BulkIssuance.receiptResults("month-end-2026-11")
  return { issued: results.filter((r) => r.status === "Issued").length, first: results[0]?.key, readBack: again.length }
})

// The workflows run where they are provided with an engine, a journal and the SDK.
export const InProcessFleet = BulkIssuance.workflows.pipe(
  Layer.provideMerge(Engine.layerMemory),
  Layer.provideMerge(Taxdoc.layerSandbox({ sandbox: { members: [{ corpNum }] } }))
)

if (import.meta.url === `file://${process.argv[1]}`) Effect.runPromise(program.pipe(Effect.provide(InProcessFleet))).then(console.log)
