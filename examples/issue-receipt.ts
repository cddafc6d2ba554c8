/**
 * Issue a cash receipt and read it back, against a fresh in-process sandbox.
 * Run: npx tsx examples/issue-receipt.ts
 */
import { Effect } from "effect"
import { Cashbill, Taxdoc } from "taxdoc"

const corpNum = "1234567891" // the member (seller) the partner acts for

export const program = Effect.gen(function*() {
  const cashbill = yield* Cashbill.Cashbill
  const issued = yield* cashbill.issue(corpNum, {
    mgtKey: "ORDER-2026-0001", tradeType: "승인거래", tradeUsage: "소득공제용", taxationType: "과세",
    totalAmount: "11000", supplyCost: "10000", tax: "1000", serviceFee: "0",
    franchiseCorpNum: corpNum, identityNum: "01012341234"
  })
  const info = yield* cashbill.getInfo(corpNum, "ORDER-2026-0001")
  yield* Effect.log(`issued ${issued.confirmNum} on ${issued.tradeDate}, state ${info.stateCode}`)
  return info
})

// The SDK on a sandbox of the service inside this process, the member signed up.
export const SandboxSdk = Taxdoc.layerSandbox({ sandbox: { members: [{ corpNum }] } })

// Run when this file is the program (npx tsx app.ts); a test may import `program` and `SandboxSdk` instead.
if (import.meta.url === `file://${process.argv[1]}`) Effect.runPromise(program.pipe(Effect.provide(SandboxSdk)))
