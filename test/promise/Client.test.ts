/**
 * The Promise client (`taxdoc/promise`): the Effect services run to Promises. Answers decode as in
 * Effect, failures reject with the exported error classes (the same instances, `cause` kept), an
 * aborted signal rejects at once and stops the call, progress callbacks are plain functions, paged
 * searches are async iterables, and `close()` releases the pool.
 */
import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, Layer } from "effect"
import * as Taxdoc from "../../src/Taxdoc.js"
import * as SandboxModule from "../../src/sandbox/Sandbox.js"
import {
  ApiError,
  ClientClosedError,
  ConfigInvalid,
  createClient,
  createSandboxClient,
  fromLayer,
  TransportError,
  ValidationError
} from "../../src/promise/index.js"
import { receipt } from "../support/receipts.js"
import { serve } from "../support/served.js"

const CORP = "1234567891"

/**
 * A client of a fresh sandbox and that sandbox, to inject faults and read statistics: the client's
 * runtime builds `Taxdoc.layerSandbox` on its first call, which hands the sandbox over.
 */
const withSandbox = async () => {
  let held: SandboxModule.SandboxService | undefined
  const layer = Taxdoc.layerSandbox({ retries: 1, retryBaseDelay: 1, retryMaxDelay: 1, sandbox: { members: [{ corpNum: CORP }] } }).pipe(
    Layer.tap((context) => Effect.sync(() => (held = Context.get(context, SandboxModule.Sandbox))))
  )
  const client = fromLayer(layer)
  await client.member.checkIsMember(CORP)
  return { sandbox: held!, client }
}

const callsOf = async (sandbox: SandboxModule.SandboxService, name: string) => (await Effect.runPromise(sandbox.stats)).calls[name] ?? 0

describe("createSandboxClient", () => {
  it("issues and reads back a receipt: the same decoded answers as the Effect services", async () => {
    const client = createSandboxClient({ members: [CORP] })
    try {
      const issued = await client.cashbill.issue(CORP, receipt("P-1", CORP))
      expect(issued.confirmNum).toMatch(/^\d{9}$/)
      const info = await client.cashbill.getInfo(CORP, "P-1", { userId: `user${CORP}` })
      expect(info).toMatchObject({ mgtKey: "P-1", confirmNum: issued.confirmNum, stateCode: 300 })
      const [again] = await client.cashbill.getInfos(CORP, ["P-1"])
      expect(again?.confirmNum).toBe(issued.confirmNum)
      expect(await client.member.checkIsMember(CORP)).toBe(true)
    } finally {
      await client.close()
    }
  })

  it("an issue run twice answers as the first run; another receipt under the ID rejects with ApiError, ID in use", async () => {
    const client = createSandboxClient({ members: [CORP] })
    try {
      const first = await client.cashbill.issue(CORP, receipt("P-R", CORP))
      const again = await client.cashbill.issue(CORP, receipt("P-R", CORP))
      expect(again.confirmNum).toBe(first.confirmNum)
      const other = await client.cashbill.issue(CORP, receipt("P-R", CORP, { itemName: "다른 품목", totalAmount: "1100", supplyCost: "1000", tax: "100" })).then(() => undefined, (e: unknown) => e)
      expect(other).toBeInstanceOf(ApiError)
      expect((other as ApiError).isDocumentIdInUse).toBe(true)
    } finally {
      await client.close()
    }
  })

  it("rejects with the exported ApiError class, its fields as in Effect", async () => {
    const client = createSandboxClient({ members: [CORP] })
    try {
      const error = await client.cashbill.getInfo(CORP, "NOT-THERE").then(() => undefined, (e: unknown) => e)
      expect(error).toBeInstanceOf(ApiError)
      expect(error).toBeInstanceOf(Error)
      expect(error).toMatchObject({ _tag: "ApiError", operation: "Cashbill.getInfo", status: 404, code: -14000003 })
      expect((error as ApiError).isNotFound).toBe(true)
    } finally {
      await client.close()
    }
  })

  it("refuses an invalid input with a ValidationError naming the field and rule, nothing sent", async () => {
    const { client, sandbox } = await withSandbox()
    try {
      const error = await client.cashbill.issue(CORP, receipt("P-2", CORP, { identityNum: "12" })).then(() => undefined, (e: unknown) => e)
      expect(error).toBeInstanceOf(ValidationError)
      expect((error as ValidationError).issues).toEqual([expect.objectContaining({ path: "identityNum" })])
      expect(await callsOf(sandbox, "Cashbill.RegistIssue")).toBe(0)
    } finally {
      await client.close()
    }
  })

  it("one ValidationError names every broken field and rule: missing fields and the amounts' sum together", async () => {
    const { client, sandbox } = await withSandbox()
    try {
      const { taxationType: _taxationType, identityNum: _identityNum, ...rest } = receipt("P-4", CORP)
      const error = await client.cashbill.issue(CORP, { ...rest, totalAmount: "12000" } as Parameters<typeof client.cashbill.issue>[1]).then(() => undefined, (e: unknown) => e)
      expect(error).toBeInstanceOf(ValidationError)
      expect((error as ValidationError).issues.map((issue) => `${issue.path} [${issue.rule}]`)).toEqual([
        "taxationType [required]",
        "identityNum [required]",
        "totalAmount [amountSum]"
      ])
      expect(await callsOf(sandbox, "Cashbill.RegistIssue")).toBe(0)
    } finally {
      await client.close()
    }
  })

  it("an aborted signal rejects at once with its reason, and the call in flight is interrupted", async () => {
    const { client, sandbox } = await withSandbox()
    try {
      await client.cashbill.issue(CORP, receipt("P-3", CORP))
      // The answer never comes: only the abort can settle the call.
      await Effect.runPromise(sandbox.setFault({ route: "Cashbill.GetInfo", kind: "hang", probability: 1 }))
      const controller = new AbortController()
      const pending = client.cashbill.getInfo(CORP, "P-3", { signal: controller.signal })
      while ((await callsOf(sandbox, "Cashbill.GetInfo")) === 0) await new Promise((resolve) => setImmediate(resolve))
      controller.abort(new Error("the user went away"))
      await expect(pending).rejects.toThrow("the user went away")
      // Aborted before the call: nothing is sent.
      const before = await callsOf(sandbox, "Cashbill.GetInfo")
      await expect(client.cashbill.getInfo(CORP, "P-3", { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: "AbortError" })
      expect(await callsOf(sandbox, "Cashbill.GetInfo")).toBe(before)
    } finally {
      await client.close()
    }
  })

  it("issueMany takes a plain onProgress callback (a Promise it answers is awaited) and answers one result per receipt", async () => {
    const client = createSandboxClient({ members: [CORP] })
    try {
      const seen: Array<number> = []
      const results = await client.cashbill.issueMany(CORP, [1, 2, 3].map((n) => receipt(`M-${n}`, CORP)), {
        interval: 1,
        onProgress: async (progress) => {
          await Promise.resolve()
          seen.push(progress.completed)
        }
      })
      expect(results.map((r) => r.mgtKey)).toEqual(["M-1", "M-2", "M-3"])
      expect(seen.at(-1)).toBe(3)
    } finally {
      await client.close()
    }
  })

  it("searchAll is an async iterable over every page; leaving the loop early stops it", async () => {
    const client = createSandboxClient({ members: [CORP] })
    try {
      await client.cashbill.issue(CORP, receipt("C-1", CORP))
      await client.cashbill.issue(CORP, receipt("C-2", CORP))
      const today = (await client.cashbill.getInfo(CORP, "C-1")).tradeDate
      const jobID = await client.taxPortal.requestCashbillJob(CORP, { queryType: "SELL", from: today, to: today })
      await client.taxPortal.awaitJob(CORP, "cashbill", jobID, { interval: 1 })
      const all: Array<string> = []
      for await (const item of client.taxPortal.searchAll(CORP, "cashbill", jobID, undefined, { perPage: 1 })) all.push(item.ntsconfirmNum)
      expect(all.length).toBeGreaterThanOrEqual(2)
      const first: Array<string> = []
      for await (const item of client.taxPortal.searchAll(CORP, "cashbill", jobID, undefined, { perPage: 1 })) {
        first.push(item.ntsconfirmNum)
        break
      }
      expect(first).toEqual(all.slice(0, 1))
      const controller = new AbortController()
      controller.abort()
      const aborted = client.taxPortal.searchAll(CORP, "cashbill", jobID, undefined, { signal: controller.signal })[Symbol.asyncIterator]().next()
      await expect(aborted).rejects.toMatchObject({ name: "AbortError" })
    } finally {
      await client.close()
    }
  })

  it("close() ends the client: later calls and searches reject with ClientClosedError", async () => {
    const client = createSandboxClient({ members: [CORP] })
    await client.member.checkIsMember(CORP)
    await client.close()
    await expect(client.member.checkIsMember(CORP)).rejects.toBeInstanceOf(ClientClosedError)
    const search = client.taxPortal.searchAll(CORP, "cashbill", "261122100000000001")[Symbol.asyncIterator]()
    await expect(search.next()).rejects.toBeInstanceOf(ClientClosedError)
  })
})

describe("createClient", () => {
  it("throws ConfigInvalid naming every option at fault, at once", () => {
    expect(() => createClient({ linkId: "TESTER", secretKey: "not base64!", authUrl: "http://127.0.0.1:1", apiUrl: "http://127.0.0.1:1" }))
      .toThrow(ConfigInvalid)
    expect(() => createClient({ linkId: "TESTER", secretKey: "c2VjcmV0", authUrl: "ftp://x", apiUrl: "http://127.0.0.1:1" })).toThrow("authUrl")
    const thrown = (() => {
      try {
        createClient({ linkId: "", secretKey: "not base64!", authUrl: "ftp://x", apiUrl: "http://127.0.0.1:1" })
      } catch (error) {
        return error
      }
    })()
    expect(thrown).toBeInstanceOf(ConfigInvalid)
    expect((thrown as ConfigInvalid).problems.map((p) => p.field)).toEqual(["linkId", "secretKey", "authUrl"])
    expect((thrown as ConfigInvalid).message).not.toContain("not base64!")
  })

  it("without options, names every TAXDOC_* variable that is missing at once, never a decoding failure", () => {
    const saved = Object.entries(process.env).filter(([name]) => name.startsWith("TAXDOC_"))
    for (const [name] of saved) delete process.env[name]
    try {
      expect(() => createClient()).toThrow(
        "taxdoc configuration: TAXDOC_LINK_ID is not set; TAXDOC_SECRET_KEY is not set; TAXDOC_AUTH_URL is not set; TAXDOC_API_URL is not set " +
          "(createClient() without options reads the TAXDOC_* variables: set them, or pass the options)"
      )
    } finally {
      for (const [name, value] of saved) process.env[name] = value
    }
  })

  it("a connection refused rejects with TransportError, not sent, the network's error kept as its cause", async () => {
    // Nothing listens on port 1 of the loopback address.
    const client = createClient({ linkId: "TESTER", secretKey: "c2VjcmV0", authUrl: "http://127.0.0.1:1", apiUrl: "http://127.0.0.1:1", retries: 0 })
    try {
      const error = await client.member.getCorpInfo(CORP).then(() => undefined, (e: unknown) => e)
      expect(error).toBeInstanceOf(TransportError)
      expect(error).toMatchObject({ reason: "Network", outcome: "NotSent" })
      expect((error as TransportError).cause).toMatchObject({ code: "ECONNREFUSED" })
    } finally {
      await client.close()
    }
  })

  it("talks to a served sandbox over its own pool, and close() releases the connections", async () => {
    const served = await serve([{ corpNum: CORP }])
    const sockets = () => process.getActiveResourcesInfo().filter((r) => r === "TCPSocketWrap").length
    const before = sockets()
    const client = createClient({ linkId: "TESTER", secretKey: served.secret, authUrl: served.url, apiUrl: served.url })
    try {
      expect((await client.member.getCorpInfo(CORP)).corpName.length).toBeGreaterThan(0)
      expect(sockets()).toBeGreaterThan(before)
      await client.close()
      // Both ends of the pool's connections close once the pool is released.
      while (sockets() > before) await new Promise((resolve) => setImmediate(resolve))
      expect(sockets()).toBeLessThanOrEqual(before)
    } finally {
      await served.close()
    }
  })
})
