/**
 * Every failure is a tagged error: match the ones you handle, let the rest through.
 * Run: npx tsx examples/handle-errors.ts
 */
import { Effect } from "effect"
import { Cashbill, Taxdoc } from "taxdoc"

const corpNum = "1234567891"

export const program = Effect.gen(function*() {
  const cashbill = yield* Cashbill.Cashbill
  // 지출증빙용 (proof of purchase) does not take the voluntary-issuance constant: refused before sending.
  const invalid = yield* cashbill.issue(corpNum, {
    mgtKey: "ORDER-2", tradeType: "승인거래", tradeUsage: "지출증빙용", taxationType: "과세",
    totalAmount: "11000", supplyCost: "10000", tax: "1000", serviceFee: "0",
    franchiseCorpNum: corpNum, identityNum: "010-000-1234"
  }).pipe(
    Effect.as("issued"),
    Effect.catchTag("ValidationError", (e) => Effect.succeed(e.issues.map((i) => `${i.path}: ${i.rule}`).join(", ")))
  )
  // An unknown document ID: the service answers with a code, matched by name.
  const missing = yield* cashbill.getInfo(corpNum, "NO-SUCH-ID").pipe(
    Effect.as("found"),
    Effect.catchTag("ApiError", (e) => Effect.succeed(e.isNotFound ? `not found (${e.code})` : e.message))
  )
  yield* Effect.log(`invalid: ${invalid}; missing: ${missing}`)
  return { invalid, missing }
})

export const SandboxSdk = Taxdoc.layerSandbox({ acceptLanguage: "en-US", sandbox: { members: [{ corpNum }] } })

if (import.meta.url === `file://${process.argv[1]}`) Effect.runPromise(program.pipe(Effect.provide(SandboxSdk)))
