/**
 * Signing and decoding: token-request signatures per second, SHA-1 message digests of a
 * 100-receipt bulk body per second, and decodes of a 1,000-record GetInfos answer per second —
 * each through the SDK's own functions against the same work written directly on `node:crypto`
 * and `JSON.parse`.
 *
 * @since 0.1.0
 */
import { createHash, createHmac } from "node:crypto"
import { Effect, Redacted, Schema } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as Body from "../src/core/Body.js"
import { answerDecoder, decodeWith, type Received } from "../src/core/Response.js"
import * as Signing from "../src/core/Signing.js"
import { Tokens } from "../src/core/Tokens.js"
import { Cashbill, SCOPE } from "../src/domains/cashbill/Cashbill.js"
import { CashbillInfo } from "../src/domains/cashbill/Schemas.js"
import { TESTER_SECRET } from "../src/sandbox/Partners.js"
import { alternate, medianOf } from "./support/alternate.js"
import { type Benchmark, isMain, log, main, sized } from "./support/program.js"
import type { Table } from "./support/report.js"
import * as Sdk from "./support/sdk.js"
import { count, perSecond, ratio } from "./support/stats.js"

const ROUNDS = 5
const SLICE_MILLIS = sized(300, 50)
const MEMBER = Sdk.memberNumber(4)

/** Calls `f` repeatedly for `SLICE_MILLIS` (checking the clock every 16 calls); calls per second. */
const rate = (f: () => unknown) => async (): Promise<number> => {
  let calls = 0
  let sink: unknown
  const started = performance.now()
  let now = started
  while (now - started < SLICE_MILLIS) {
    for (let i = 0; i < 16; i++) sink = f()
    calls += 16
    now = performance.now()
  }
  if (sink === undefined) throw new Error("no result")
  return (calls / (now - started)) * 1000
}

/** One SDK function against its direct equivalent, alternating; medians and the paired ratio. */
const compare = async (label: string, sdk: () => unknown, direct: () => unknown) => {
  const samples = await alternate<number>({
    rounds: ROUNDS,
    sides: [{ name: "sdk", run: rate(sdk) }, { name: "direct", run: rate(direct) }],
    onRound: (round, results) => log(`${label} round ${round + 1}: ${results.map(([n, r]) => `${n} ${perSecond(r)}`).join(", ")}`)
  })
  const pairs = samples["sdk"]!.map((s, i) => [s, samples["direct"]![i]!] as const)
  return {
    label,
    sdk: medianOf(samples["sdk"]!, (r) => r),
    direct: medianOf(samples["direct"]!, (r) => r),
    ratio: medianOf(pairs, ([s, d]) => s / d)
  }
}

/** A real GetInfos answer of `n` records, from an in-process sandbox. */
const getInfosAnswer = async (n: number): Promise<Uint8Array> => {
  const runtime = Sdk.inProcessSdk({ members: [MEMBER], progressions: { "cashbill.bulk": { _tag: "Immediate" } } })
  try {
    return await runtime.runPromise(Effect.gen(function*() {
      const cashbill = yield* Cashbill
      const keys = Array.from({ length: n }, (_, i) => `DEC-${String(i).padStart(5, "0")}`)
      yield* cashbill.issueMany(MEMBER, keys.map((k) => Sdk.receipt(k, MEMBER)), { interval: "1 millis" })
      const token = yield* Effect.flatMap(Tokens, (tokens) => tokens.get(MEMBER, [SCOPE]))
      const client = yield* HttpClient.HttpClient
      const response = yield* client.execute(HttpClientRequest.post("http://sandbox.taxdoc.local/Cashbill/States").pipe(
        HttpClientRequest.bearerToken(Redacted.value(token)),
        HttpClientRequest.bodyUint8Array(Body.json(keys).bytes, "application/json;charset=utf-8")
      ))
      return new Uint8Array(yield* response.arrayBuffer)
    }))
  } finally {
    await runtime.dispose()
  }
}

/**
 * @since 0.1.0
 * @category benchmarks
 */
export const benchmark: Benchmark = {
  id: "signing",
  limitMillis: 90_000,
  run: async () => {
    // Token request signature: the SDK's steps (Tokens.issue) against the same HMAC with the key decoded once.
    const tokenBody = Body.json({ access_id: MEMBER, scope: ["member", SCOPE] }).bytes
    const date = Signing.formatSvcDate(Date.now())
    const path = "/SERVICE_TEST/Token"
    const key = Buffer.from(TESTER_SECRET, "base64")
    const signature = await compare(
      "token signature",
      () => Signing.authorization("TESTER", Signing.sign(TESTER_SECRET, Signing.stringToSign({ bodyDigest: Signing.bodyDigest(tokenBody), date, path }))),
      () => {
        const digest = createHash("sha256").update(tokenBody).digest("base64")
        return `SVC TESTER ${createHmac("sha256", key).update(`POST\n${digest}\n${date}\n2.0\n${path}`).digest("base64")}`
      }
    )

    // X-SVC-Message-Digest of a 100-receipt bulk body, over the exact bytes sent.
    const bulkBody = Body.json({ cashbills: Array.from({ length: 100 }, (_, i) => Sdk.receipt(`DIG-${i}`, MEMBER)) }).bytes
    const digest = await compare("bulk digest", () => Signing.messageDigest(bulkBody), () => createHash("sha1").update(bulkBody).digest("base64"))

    // Decoding a 1,000-record GetInfos answer: the SDK's decoder (JSON + Schema) against JSON.parse alone.
    const answer = await getInfosAnswer(1_000)
    const received: Received = { status: 200, headers: {}, body: answer }
    // Made once, as the SDK's client makes one per operation.
    const decoder = answerDecoder(Schema.Array(CashbillInfo))
    const decoded = Effect.runSync(decodeWith("Cashbill.getInfos", decoder, received))
    if (decoded.length !== 1_000) throw new Error(`the GetInfos answer has ${decoded.length} records`)
    const textDecoder = new TextDecoder()
    const decode = await compare(
      "GetInfos decode",
      () => Effect.runSync(decodeWith("Cashbill.getInfos", decoder, received)),
      () => JSON.parse(textDecoder.decode(answer)) as unknown
    )

    const rows = [
      [`token request signature (SHA-256 body digest + HMAC-SHA256)`, signature],
      [`SHA-1 digest of a 100-receipt bulk body (${count(bulkBody.length)} bytes)`, digest],
      [`decode of a 1,000-record GetInfos answer (${count(answer.length)} bytes)`, decode]
    ] as const
    const tables: Array<Table> = [{
      title: `Operations per second, medians of ${ROUNDS} alternating rounds of ${SLICE_MILLIS} ms per side`,
      headers: ["operation", "SDK", "direct", "SDK / direct"],
      rows: rows.map(([name, r]) => [name, perSecond(r.sdk), perSecond(r.direct), ratio(r.ratio)])
    }]
    return {
      title: "10. Signing and decoding",
      method: [
        "SDK side: the functions the SDK runs — `Signing.bodyDigest`, `stringToSign`, `sign`, `authorization` (token request); `Signing.messageDigest` (bulk); `Response.decodeWith` with the answer decoder of `Schema.Array(CashbillInfo)` made once (GetInfos: `JSON.parse` plus Effect's decoding, validation and class construction).",
        "Direct side: the same result written on `node:crypto` with the secret key decoded once; `JSON.parse` alone for GetInfos (no validation).",
        "The GetInfos answer is a real one: 1,000 receipts issued in an in-process sandbox (`Taxdoc.layerSandbox`), the answer's bytes as the SDK receives them."
      ],
      tables,
      targets: [],
      notes: [
        `Decoding with Schema costs ${ratio(1 / decode.ratio)} JSON.parse alone: ${perSecond(decode.sdk)} answers of 1,000 records is ${perSecond(decode.sdk * 1000)} records.`
      ]
    }
  }
}

if (isMain(import.meta.url)) await main(benchmark)
