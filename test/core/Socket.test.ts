/**
 * The SDK over taxdoc's own undici client (`Undici.layer()`, as the README wires it) and over the
 * platform's (`NodeHttpClient.layerUndici`, a user's own client) against a sandbox served on a
 * socket: tokens, gzip answers, typed refusals and PDFs, end to end.
 */
import { NodeHttpClient } from "@effect/platform-node"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Redacted } from "effect"
import type { HttpClient } from "effect/http"
import { Cashbill } from "../../src/domains/cashbill/Cashbill.js"
import * as Connect from "../../src/sandbox/Connect.js"
import * as SandboxModule from "../../src/sandbox/Sandbox.js"
import * as Server from "../../src/sandbox/Server.js"
import * as Undici from "../../src/core/Undici.js"
import * as Taxdoc from "../../src/Taxdoc.js"
import { receipt } from "../support/receipts.js"

const CORP = "1234567891"

const clients: ReadonlyArray<readonly [string, Layer.Layer<HttpClient.HttpClient>]> = [
  ["Undici.layer()", Undici.layer()],
  ["NodeHttpClient.layerUndici", NodeHttpClient.layerUndici]
]

describe("the SDK over Node's undici clients", () => {
  for (const [label, client] of clients) {
    it.live(`${label}: against a sandbox on a socket: token, gzip answers, typed refusals, PDF`, () =>
      Effect.gen(function*() {
        const address = yield* Server.serve({ host: "127.0.0.1", port: 0 })
        const sandbox = yield* SandboxModule.Sandbox
        const sdk = Taxdoc.layer(Connect.configOptions({ origin: address.url, secretKey: Redacted.make(sandbox.secretOf("TESTER")!) })).pipe(
          Layer.provide(client)
        )
        yield* Effect.gen(function*() {
          const cashbill = yield* Cashbill
          const issued = yield* cashbill.issue(CORP, receipt("SOCK-1", CORP))
          const info = yield* cashbill.getInfo(CORP, "SOCK-1")
          expect(info).toMatchObject({ mgtKey: "SOCK-1", confirmNum: issued.confirmNum, stateCode: 300 })
          const missing = yield* Effect.flip(cashbill.getInfo(CORP, "SOCK-NONE"))
          expect(missing).toMatchObject({ _tag: "ApiError", status: 404 })
          const pdf = yield* cashbill.getPDF(CORP, "SOCK-1")
          expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe("%PDF-")
        }).pipe(Effect.provide(sdk))
      }).pipe(Effect.provide(SandboxModule.layer({ members: [{ corpNum: CORP }] })), Effect.scoped))
  }
})
