/**
 * The answer limit (`maxAnswerBytes`) holds for the decompressed body on every client: a small
 * gzip answer that would grow past the limit is refused with ResponseError(TooLarge) as soon as
 * decompression passes it — over taxdoc's own undici client, the platform's undici and Node's
 * clients (which hand the gzip bytes on), `fetch`
 * (which decompresses as it streams: counted as it comes) and the recorder.
 */
import { NodeHttpClient } from "@effect/platform-node"
import { afterAll, describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { FetchHttpClient, type HttpClient } from "effect/http"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createGzip, gzipSync } from "node:zlib"
import * as Client from "../../src/core/Client.js"
import { gunzipWithin } from "../../src/core/Response.js"
import * as Undici from "../../src/core/Undici.js"
import * as RecordReplay from "../../src/recordings/RecordReplay.js"
import { clientOver, CORP, scriptedServer, withToken } from "../support/scriptedServer.js"
import { gzipBomb } from "../support/gzipBomb.js"
import { GetThing } from "../support/things.js"

const MiB = 1024 * 1024

const bomb = gzipBomb(128)

// Where the recorder's cassette would go (nothing is recorded: the answer is refused); removed at the end.
const cassettes = mkdtempSync(join(tmpdir(), "taxdoc-bomb-"))
afterAll(() => rmSync(cassettes, { recursive: true, force: true }))

const transports: ReadonlyArray<readonly [string, () => Layer.Layer<HttpClient.HttpClient>]> = [
  ["Undici.layer()", () => Undici.layer()],
  ["NodeHttpClient.layerUndici", () => NodeHttpClient.layerUndici],
  ["NodeHttpClient.layerNodeHttp", () => NodeHttpClient.layerNodeHttp],
  ["FetchHttpClient.layer", () => FetchHttpClient.layer],
  [
    "the recorder over NodeHttpClient.layerUndici",
    () =>
      RecordReplay.layer({ cassette: join(cassettes, "bomb.json"), mode: "record" }).pipe(
        Layer.provide(NodeHttpClient.layerUndici),
        Layer.orDie
      )
  ]
]

describe("decompressed answers are held to maxAnswerBytes", () => {
  for (const [name, transport] of transports) {
    it.live(`${name}: a 128 MiB gzip answer fails with ResponseError(TooLarge) naming the limit`, () =>
      Effect.gen(function*() {
        const body = yield* Effect.promise(() => bomb)
        expect(body.length).toBeLessThan(MiB)
        const server = yield* scriptedServer(withToken((_, response) =>
          response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip", "content-length": body.length }).end(body)
        ))
        const error = yield* Effect.flatMap(Client.TaxdocClient, (client) => Effect.flip(client.call(GetThing, { corpNum: CORP, params: { name: "Thing" } }))).pipe(
          Effect.provide(clientOver(server.url, transport())),
          Effect.scoped
        )
        expect(error).toMatchObject({ _tag: "ResponseError", reason: "TooLarge" })
        expect(error.message).toContain(`larger than ${32 * MiB} bytes (maxAnswerBytes)`)
      }).pipe(Effect.scoped))
  }

  it.live("an answer within the limit is decompressed on every transport", () =>
    Effect.gen(function*() {
      const body = yield* Effect.promise(() =>
        new Promise<Buffer>((resolve) => {
          const gzip = createGzip()
          const parts: Array<Buffer> = []
          gzip.on("data", (part: Buffer) => parts.push(part))
          gzip.on("end", () => resolve(Buffer.concat(parts)))
          gzip.end(JSON.stringify({ name: "small", count: 1 }))
        })
      )
      const server = yield* scriptedServer(withToken((_, response) =>
        response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" }).end(body)
      ))
      for (const [, transport] of transports) {
        const thing = yield* Effect.flatMap(Client.TaxdocClient, (client) => client.call(GetThing, { corpNum: CORP, params: { name: "Thing" } })).pipe(
          Effect.provide(clientOver(server.url, transport(), { maxAnswerBytes: 1024 })),
          Effect.scoped
        )
        expect(thing).toEqual({ name: "small", count: 1 })
      }
    }).pipe(Effect.scoped))
})

describe("a limit no buffer can reach", () => {
  it("decompresses without one (Infinity, Number.MAX_SAFE_INTEGER), where zlib refuses such a maxOutputLength", () => {
    const body = gzipSync(JSON.stringify({ name: "unbounded" }))
    for (const limit of [Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER, 2 ** 40]) {
      expect(Buffer.from(gunzipWithin(body, limit)!).toString(), String(limit)).toBe("{\"name\":\"unbounded\"}")
    }
    expect(gunzipWithin(body, 4)).toBeUndefined()
  })
})
