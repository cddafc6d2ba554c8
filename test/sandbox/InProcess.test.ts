/**
 * The in-process client: answers handed over as `fetch` hands them (decompressed, Content-Encoding
 * kept) or raw; Content-Length of what is handed over; bodies that are copies, so a caller cannot
 * change an answer the sandbox keeps.
 */
import { describe, expect, it } from "@effect/vitest"
import { HttpClient } from "effect/http"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { gunzipSync } from "node:zlib"
import * as InProcess from "../../src/sandbox/InProcess.js"
import { receipt } from "../support/receipts.js"
import { api, apiRequest, issueToken, MEMBER, sandboxLayer } from "./support.js"

const read = (client: HttpClient.HttpClient, request: ReturnType<typeof apiRequest>) =>
  client.execute(request).pipe(
    Effect.flatMap((response) => Effect.map(response.arrayBuffer, (buffer) => ({ response, bytes: new Uint8Array(buffer) }))),
    Effect.scoped,
    Effect.orDie
  )

describe("in-process client", () => {
  it.effect("hands over kept answers as copies, with their Content-Length, plain or gzip as asked", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(Date.UTC(2026, 10, 22, 3, 0, 0))
      const token = (yield* issueToken({ scopes: ["member", "140"] })).session_token
      yield* api({ method: "POST", path: "/Cashbill", token, body: receipt("IP-1", MEMBER), headers: { "x-http-method-override": "ISSUE" } })
      const getInfo = apiRequest({ path: "/Cashbill/IP-1", token, headers: { "accept-encoding": "gzip" } })
      const client = yield* HttpClient.HttpClient

      const first = yield* read(client, getInfo)
      expect(first.response.headers["content-encoding"]).toBe("gzip")
      expect(first.response.headers["content-length"]).toBe(String(first.bytes.length))
      const text = new TextDecoder().decode(first.bytes)
      expect(JSON.parse(text)).toMatchObject({ mgtKey: "IP-1", stateCode: 300 })
      // Changing what was handed over changes nothing the sandbox keeps.
      first.bytes.fill(0x20)
      const second = yield* read(client, getInfo)
      expect(new TextDecoder().decode(second.bytes)).toBe(text)

      const raw = yield* InProcess.makeClient({ decompress: false })
      const zipped = yield* read(raw, getInfo)
      expect(zipped.response.headers["content-length"]).toBe(String(zipped.bytes.length))
      expect(gunzipSync(zipped.bytes).toString("utf8")).toBe(text)
      const plain = yield* read(raw, apiRequest({ path: "/Cashbill/IP-1", token }))
      expect(plain.response.headers["content-encoding"]).toBeUndefined()
      expect(new TextDecoder().decode(plain.bytes)).toBe(text)
    }).pipe(Effect.provide(sandboxLayer())))
})
