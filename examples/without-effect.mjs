// taxdoc without Effect: a plain Node program over `taxdoc/promise`.
//
// Start a sandbox in another terminal, then run this program with its printed secret (in a clone of
// taxdoc; where the package is installed, `npx taxdoc …` and `node …`):
//
//   npm run --silent taxdoc -- sandbox serve --port 8787 --member 1234567891
//   TAXDOC_LINK_ID=TESTER TAXDOC_SECRET_KEY=<printed secret> \
//   TAXDOC_AUTH_URL=http://127.0.0.1:8787 TAXDOC_API_URL=http://127.0.0.1:8787 \
//   npx node examples/without-effect.mjs
//
// createClient() reads the TAXDOC_* variables (or takes the same options as an object).
import { ApiError, createClient, ValidationError } from "taxdoc/promise"

const corpNum = "1234567891"
const client = createClient()

const receipt = (mgtKey, overrides = {}) => ({
  mgtKey, tradeType: "승인거래", tradeUsage: "소득공제용", taxationType: "과세",
  totalAmount: "11000", supplyCost: "10000", tax: "1000", serviceFee: "0",
  franchiseCorpNum: corpNum, identityNum: "01012341234", ...overrides
})

try {
  // Issue a receipt and read it back: the same decoded answers as the Effect services. Run again,
  // the same receipt under the same ID is answered as the first run was.
  const mgtKey = "ORDER-2026-0003"
  const issued = await client.cashbill.issue(corpNum, receipt(mgtKey))
  const info = await client.cashbill.getInfo(corpNum, mgtKey)

  // The service refuses with a code: an ApiError, caught by instanceof.
  let notFound
  try {
    await client.cashbill.getInfo(corpNum, "NO-SUCH-ID")
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    notFound = { code: error.code, status: error.status, isNotFound: error.isNotFound }
  }

  // A broken rule is refused before anything is sent: a ValidationError naming each field.
  let invalid
  try {
    await client.cashbill.issue(corpNum, receipt(`${mgtKey}-2`, { identityNum: "12" }))
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error
    invalid = error.issues.map((issue) => issue.path)
  }

  // An AbortSignal ends a call: the Promise rejects at once with the signal's reason.
  const controller = new AbortController()
  const pending = client.cashbill.getInfo(corpNum, mgtKey, { signal: controller.signal })
  controller.abort(new Error("the user went away"))
  const aborted = await pending.then(() => "answered", (error) => error.message)

  console.log(JSON.stringify({ confirmNum: issued.confirmNum, stateCode: info.stateCode, notFound, invalid, aborted }))
} finally {
  await client.close()
}
