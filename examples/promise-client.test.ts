/**
 * Testing code that uses taxdoc/promise, in plain vitest (no Effect): a fresh sandbox in the test's
 * own process per test, closed at the end. Run: npx vitest run examples/promise-client.test.ts
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { ApiError, type Client, createSandboxClient, ValidationError } from "taxdoc/promise"

const corpNum = "1234567891"
let client: Client

beforeEach(() => {
  client = createSandboxClient({ members: [corpNum] })
})

afterEach(async () => {
  await client.close()
})

const receipt = (mgtKey: string) => ({
  mgtKey, tradeType: "승인거래", tradeUsage: "소득공제용", taxationType: "과세",
  totalAmount: "11000", supplyCost: "10000", tax: "1000", serviceFee: "0",
  franchiseCorpNum: corpNum, identityNum: "01012341234"
} as const)

describe("cash receipts through taxdoc/promise", () => {
  it("issues a receipt and reads it back, issued (state 300)", async () => {
    const issued = await client.cashbill.issue(corpNum, receipt("ORDER-1"))
    const info = await client.cashbill.getInfo(corpNum, "ORDER-1")
    expect(info).toMatchObject({ mgtKey: "ORDER-1", confirmNum: issued.confirmNum, stateCode: 300 })
  })

  it("an unknown document is an ApiError; a broken rule a ValidationError, before sending", async () => {
    await expect(client.cashbill.getInfo(corpNum, "NO-SUCH-ID")).rejects.toBeInstanceOf(ApiError)
    await expect(client.cashbill.issue(corpNum, { ...receipt("ORDER-2"), identityNum: "12" })).rejects.toBeInstanceOf(ValidationError)
  })
})
