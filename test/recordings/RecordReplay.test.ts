import { afterAll, describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Layer, Redacted } from "effect"
import { HttpClient, HttpClientRequest, HttpClientResponse } from "effect/http"
import { TestClock } from "effect/testing"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { gzipSync } from "node:zlib"
import * as Config from "../../src/core/Config.js"
import * as Cassette from "../../src/recordings/Cassette.js"
import * as RecordReplay from "../../src/recordings/RecordReplay.js"

const SECRET = "rQYtqegPWltonnr4IeqeL3RO8m4Q57WdXT4DpsLws9E="
const ORIGIN = "http://service.example.test"

const root = fs.mkdtempSync(path.join(os.tmpdir(), "taxdoc-rr-"))
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))
const tempCassette = () => path.join(fs.mkdtempSync(path.join(root, "run-")), "cassette.json")

/** A scripted service: answers by path, counts the requests that reached it. */
const service = (answer: (url: URL, body: string) => Response) => {
  const state = { calls: 0 }
  const client = HttpClient.make((request, url) =>
    Effect.sync(() => {
      state.calls++
      const body = request.body._tag === "Uint8Array" ? new TextDecoder().decode(request.body.body) : ""
      return HttpClientResponse.fromWeb(request, answer(url, body))
    })
  )
  return { state, layer: Layer.succeed(HttpClient.HttpClient, client) }
}

const utf8 = (text: string) => new TextEncoder().encode(text)

/** A body and its content type, as the SDK sends it. */
interface Body {
  readonly contentType: string
  readonly bytes: Uint8Array
}

/** A multipart body with one file part, framed by `boundary`. */
const multipart = (name: string, fileName: string, content: string, boundary: string): Body => ({
  contentType: `multipart/form-data; boundary=${boundary}`,
  bytes: utf8(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n${content}\r\n--${boundary}--\r\n`)
})

const json = (value: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(value), { status: 200, headers: { "content-type": "application/json", ...headers } })

const tokenAnswer = (token: string) =>
  json({ session_token: token, serviceID: "SERVICE_TEST", scope: ["member", "140"], expiration: "2026-11-22T01:30:00.000Z" })

interface Sent {
  readonly status: number
  readonly contentType: string | undefined
  readonly text: string
  readonly bytes: Uint8Array
}

const send = (request: HttpClientRequest.HttpClientRequest) =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const response = yield* client.execute(request)
    const bytes = new Uint8Array(yield* response.arrayBuffer)
    return { status: response.status, contentType: response.headers["content-type"], text: new TextDecoder().decode(bytes), bytes } satisfies Sent
  })

const post = (pathname: string, body: Body, headers: Record<string, string> = {}) =>
  HttpClientRequest.post(`${ORIGIN}${pathname}`).pipe(
    HttpClientRequest.setHeaders({ ...headers, "content-type": body.contentType }),
    HttpClientRequest.bodyUint8Array(body.bytes, body.contentType)
  )

const tokenRequest = (body: string, headers: Record<string, string> = {}) =>
  post("/SERVICE_TEST/Token", { contentType: "application/json", bytes: utf8(body) }, {
    authorization: "SVC TESTER UjRwO7kD2kV8bT8v2tq0a1tX9n8yP9x8U3sR1cQ5wVs=",
    "x-svc-date": "2026-11-22T01:00:00Z",
    ...headers
  })

describe("RecordReplay", () => {
  it.effect("answers come back unchanged while recording; gzip is stored decoded, PDF as binary, multipart with a fixed boundary", () =>
    Effect.gen(function*() {
      const pdf = utf8("%PDF-1.4\n\u00ff\u00fe binary")
      const fake = service((url) => {
        if (url.pathname === "/Zipped") return new Response(gzipSync(JSON.stringify({ zipped: 1 })), { headers: { "content-type": "application/json", "content-encoding": "gzip" } })
        if (url.pathname === "/Pdf") return new Response(new Uint8Array(pdf), { headers: { "content-type": "application/pdf;charset=utf-8" } })
        return json({ code: 1 })
      })
      const cassette = tempCassette()
      const run = Effect.gen(function*() {
        const zipped = yield* send(HttpClientRequest.get(`${ORIGIN}/Zipped`))
        const binary = yield* send(HttpClientRequest.get(`${ORIGIN}/Pdf?PDF`))
        yield* send(post("/Files", multipart("Filedata", "a.txt", "hello", "boundary-ONE")))
        return { zipped: zipped.text, binary: binary.bytes }
      })
      const live = yield* run.pipe(Effect.provide(RecordReplay.layer({ cassette, mode: "record" }).pipe(Layer.provide(fake.layer))))
      expect(live.zipped).toBe("{\"zipped\":1}")
      expect(live.binary).toEqual(pdf)

      const stored = yield* Cassette.read(cassette)
      const [zipped, binary, files] = stored.interactions
      expect(zipped!.response.body).toEqual({ kind: "json", json: { zipped: 1 } })
      expect(zipped!.response.headers["content-encoding"]).toBeUndefined()
      expect(binary!.request.query).toEqual([["PDF", ""]])
      expect(binary!.response.body).toEqual({ kind: "binary", base64: Buffer.from(pdf).toString("base64") })
      expect(files!.request.headers["content-type"]).toBe("multipart/form-data; boundary=<boundary>")
      expect(files!.request.body).toMatchObject({ kind: "multipart", encoding: "utf8" })
      expect((files!.request.body as { content: string }).content).toContain("--<boundary>\r\nContent-Disposition: form-data; name=\"Filedata\"")

      // Replayed with nothing behind it; another boundary still matches.
      const replayed = yield* Effect.gen(function*() {
        const zippedAgain = yield* send(HttpClientRequest.get(`${ORIGIN}/Zipped`))
        const binaryAgain = yield* send(HttpClientRequest.get(`${ORIGIN}/Pdf?PDF=`))
        const files = yield* send(post("/Files", multipart("Filedata", "a.txt", "hello", "other-TWO")))
        return { zipped: zippedAgain.text, binary: binaryAgain.bytes, type: binaryAgain.contentType, files: files.text }
      }).pipe(Effect.provide(RecordReplay.layerReplay({ cassette, failOnUnused: true })))
      expect(replayed).toEqual({ zipped: "{\"zipped\":1}", binary: pdf, type: "application/pdf;charset=utf-8", files: "{\"code\":1}" })
      expect(fake.state.calls).toBe(3)
    }))

  it.effect("a replayed token answer expires 30 minutes after the current clock, fixed or moving", () =>
    Effect.gen(function*() {
      const cassette = tempCassette()
      const fake = service(() => tokenAnswer("live-token-value-0001"))
      const body = JSON.stringify({ access_id: "1234567890", scope: ["member", "140"] })
      // Two issuances recorded (the second with the same token, as a cache would see it).
      yield* Effect.andThen(send(tokenRequest(body)), send(tokenRequest(body))).pipe(
        Effect.provide(RecordReplay.layer({ cassette, mode: "record" }).pipe(Layer.provide(fake.layer)))
      )

      const expirations = yield* Effect.gen(function*() {
        yield* TestClock.setTime(Date.UTC(2031, 0, 2, 3, 4, 5, 678))
        const first = JSON.parse((yield* send(tokenRequest(body))).text) as { expiration: string; session_token: string }
        yield* TestClock.adjust("2 hours")
        const second = JSON.parse((yield* send(tokenRequest(body))).text) as { expiration: string }
        return [first.session_token, first.expiration, second.expiration]
      }).pipe(Effect.provide(RecordReplay.layerReplay({ cassette, failOnUnused: true })))
      expect(expirations).toEqual(["<token-1>", "2031-01-02T03:34:05.678Z", "2031-01-02T05:34:05.678Z"])
      expect(fs.readFileSync(cassette, "utf8")).not.toContain("live-token-value-0001")
    }))

  it.effect("token issuance matches on path, access_id and scope only", () =>
    Effect.gen(function*() {
      const cassette = tempCassette()
      const fake = service(() => tokenAnswer("live-token-value-0002"))
      yield* send(tokenRequest("{\"access_id\":\"1234567890\",\"scope\":[\"member\",\"140\"]}")).pipe(
        Effect.provide(RecordReplay.layer({ cassette, mode: "record" }).pipe(Layer.provide(fake.layer)))
      )
      const replay = RecordReplay.layerReplay({ cassette })
      // Other date, signature, forwarded header, content type, spacing and key order: still a match.
      const answer = yield* send(tokenRequest("{ \"scope\": [\"member\", \"140\"], \"access_id\": \"1234567890\" }", {
        authorization: "SVC TESTER AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
        "x-svc-date": "2030-01-01T00:00:00Z",
        "x-svc-forwarded": "*",
        "content-type": "Application/json; charset=utf8"
      })).pipe(Effect.provide(replay))
      expect(answer.status).toBe(200)
      const other = yield* Effect.flip(send(tokenRequest("{\"access_id\":\"1234567890\",\"scope\":[\"member\",\"110\"]}")).pipe(Effect.provide(replay)))
      expect(other.message).toContain("body.scope[1]: recorded \"140\", sent \"110\"")
    }))

  it.effect("record-missing replays what the cassette holds and records only the rest", () =>
    Effect.gen(function*() {
      const cassette = tempCassette()
      const fake = service((url) => json({ path: url.pathname }))
      const layer = RecordReplay.layer({ cassette, mode: "record-missing" }).pipe(Layer.provide(fake.layer))
      yield* send(HttpClientRequest.get(`${ORIGIN}/A`)).pipe(Effect.provide(layer))
      expect(fake.state.calls).toBe(1)
      const texts = yield* Effect.all([send(HttpClientRequest.get(`${ORIGIN}/a`)), send(HttpClientRequest.get(`${ORIGIN}/B`))]).pipe(Effect.provide(layer))
      expect(texts.map((t) => t.text)).toEqual(["{\"path\":\"/A\"}", "{\"path\":\"/B\"}"])
      expect(fake.state.calls).toBe(2)
      const stored = yield* Cassette.read(cassette)
      expect(stored.interactions.map((i) => i.request.path)).toEqual(["/A", "/B"])
    }))

  it.effect("passthrough neither reads nor writes a cassette", () =>
    Effect.gen(function*() {
      const cassette = tempCassette()
      const fake = service(() => json({ ok: true }))
      const answer = yield* send(HttpClientRequest.get(`${ORIGIN}/A`)).pipe(
        Effect.provide(RecordReplay.layer({ cassette, mode: "passthrough" }).pipe(Layer.provide(fake.layer)))
      )
      expect(answer.text).toBe("{\"ok\":true}")
      expect(fs.existsSync(cassette)).toBe(false)
    }))

  it.effect("replay needs an existing, valid cassette", () =>
    Effect.gen(function*() {
      const missing = tempCassette()
      const notFound = yield* Effect.flip(Layer.build(RecordReplay.layerReplay({ cassette: missing })).pipe(Effect.scoped))
      expect(notFound._tag).toBe("CassetteNotFound")
      fs.writeFileSync(missing, JSON.stringify({ version: 2, interactions: [] }))
      const invalid = yield* Effect.flip(Layer.build(RecordReplay.layerReplay({ cassette: missing })).pipe(Effect.scoped))
      expect(invalid._tag).toBe("CassetteInvalid")
      expect(invalid.message).toContain("version")
    }))

  it.effect("a secret that scrubbing cannot reach fails the recording with a typed error, and nothing is written", () =>
    Effect.gen(function*() {
      const cassette = tempCassette()
      // A PDF carrying the secret key: stored as Base64, where no text replacement reaches.
      const fake = service(() => new Response(new Uint8Array(utf8(`%PDF-1.4 ${SECRET}`)), { headers: { "content-type": "application/pdf" } }))
      const config = Config.layer({ linkId: "TESTER", secretKey: Redacted.make(SECRET), authUrl: ORIGIN, apiUrl: ORIGIN })
      const error = yield* Effect.gen(function*() {
        yield* send(HttpClientRequest.get(`${ORIGIN}/Pdf?PDF`))
        return yield* Effect.flip((yield* RecordReplay.Recorder).save)
      }).pipe(Effect.provide(RecordReplay.layer({ cassette, mode: "record" }).pipe(Layer.provide(Layer.merge(fake.layer, config)))), Effect.catchDefect(Effect.succeed))
      expect(error).toBeInstanceOf(RecordReplay.CassetteSecretLeak)
      const leak = error as RecordReplay.CassetteSecretLeak
      expect(leak.leaks).toEqual([{ label: "TaxdocConfig.secretKey", location: "interactions[0].response.body (decoded)" }])
      expect(leak.message).not.toContain(SECRET)
      expect(fs.existsSync(cassette)).toBe(false)
    }))

  it.effect("the secret key in a text answer is replaced, not written", () =>
    Effect.gen(function*() {
      const cassette = tempCassette()
      const fake = service(() => json({ echoed: `key=${SECRET}`, note: "Bearer live-bearer-token-123 and SVC TESTER UjRwO7kD2kV8bT8v2tq0a1tX9n8yP9x8U3sR1cQ5wVs=" }))
      yield* send(HttpClientRequest.get(`${ORIGIN}/Echo`)).pipe(
        Effect.provide(RecordReplay.layer({ cassette, mode: "record", secrets: [Redacted.make(SECRET)] }).pipe(Layer.provide(fake.layer)))
      )
      const text = fs.readFileSync(cassette, "utf8")
      expect(text).toContain("\"echoed\": \"key=<secret-key>\"")
      expect(text).toContain("\"note\": \"Bearer <token-1> and SVC TESTER <signature>\"")
      expect(text).not.toContain(SECRET)
    }))

  it.effect("a failed run leaves the previous cassette as it was", () =>
    Effect.gen(function*() {
      const cassette = tempCassette()
      fs.writeFileSync(cassette, Cassette.encode(Cassette.empty))
      const fake = service(() => json({ ok: true }))
      yield* Effect.exit(
        Effect.andThen(send(HttpClientRequest.get(`${ORIGIN}/A`)), Effect.fail("boom")).pipe(
          Effect.provide(RecordReplay.layer({ cassette, mode: "record" }).pipe(Layer.provide(fake.layer)))
        )
      )
      expect(fs.readFileSync(cassette, "utf8")).toBe(Cassette.encode(Cassette.empty))
    }))

  it.effect("the mode comes from TAXDOC_RECORD_MODE, else replay under CI, else record-missing", () =>
    Effect.gen(function*() {
      const modeWith = (env: Record<string, string>) =>
        RecordReplay.modeFromEnv.pipe(Effect.provideService(ConfigProvider.ConfigProvider, ConfigProvider.fromEnv({ env })))
      expect(yield* modeWith({})).toBe("record-missing")
      expect(yield* modeWith({ CI: "true" })).toBe("replay")
      expect(yield* modeWith({ CI: "false" })).toBe("record-missing")
      expect(yield* modeWith({ CI: "1", TAXDOC_RECORD_MODE: "record" })).toBe("record")
      const bad = yield* Effect.flip(modeWith({ TAXDOC_RECORD_MODE: "sometimes" }))
      expect(String(bad)).toContain("TAXDOC_RECORD_MODE")
    }))
})
