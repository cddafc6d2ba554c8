/**
 * Kept answers: a document's record built and encoded once per version, never stale after a
 * change, bounded in number; the versions `fingerprint` makes.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { gunzipSync } from "node:zlib"
import { ANSWER_CACHE_CAPACITY, AnswerCache, arrayOf } from "../../src/sandbox/documents/AnswerCache.js"
import { fingerprint } from "../../src/sandbox/durable/Durable.js"
import * as Sandbox from "../../src/sandbox/Sandbox.js"
import { receipt } from "../support/receipts.js"
import { api, issueToken, MEMBER, sandboxLayer } from "./support.js"

describe("AnswerCache", () => {
  it("builds a document's answer once per version and keeps its encoding with it", () => {
    const cache = new AnswerCache()
    const document = { state: 1 }
    let builds = 0
    const build = () => ({ built: ++builds, state: document.state })
    const first = cache.answer(document, "ko", 1, build)
    const again = cache.answer(document, "ko", 1, build)
    expect(again.body).toBe(first.body)
    expect(builds).toBe(1)
    const encoded = first.encoded!
    expect(JSON.parse(new TextDecoder().decode(encoded.bytes))).toEqual({ built: 1, state: 1 })
    // gzip once, then the same bytes.
    expect(encoded.gzipped).toBe(encoded.gzipped)
    expect(JSON.parse(gunzipSync(encoded.gzipped).toString("utf8"))).toEqual({ built: 1, state: 1 })
    // Another variant, another version: built anew.
    expect(cache.answer(document, "en", 1, build).body).toMatchObject({ built: 2 })
    document.state = 2
    expect(cache.answer(document, "ko", 2, build).body).toEqual({ built: 3, state: 2 })
  })

  it("keeps at most ANSWER_CACHE_CAPACITY documents, the least recently read forgotten first", () => {
    const cache = new AnswerCache()
    const documents = Array.from({ length: ANSWER_CACHE_CAPACITY + 1 }, (_, i) => ({ i }))
    let builds = 0
    const read = (d: { readonly i: number }) => cache.answer(d, "v", 0, () => ({ i: d.i, build: ++builds }))
    for (const d of documents.slice(0, ANSWER_CACHE_CAPACITY)) read(d)
    read(documents[0]!)
    read(documents[ANSWER_CACHE_CAPACITY]!)
    const before = builds
    read(documents[0]!)
    expect(builds).toBe(before)
    read(documents[1]!)
    expect(builds).toBe(before + 1)
  })

  it("an array answer is the kept encodings joined", () => {
    const cache = new AnswerCache()
    const items = [{ n: 1 }, { n: 2 }, { n: 3 }].map((d) => cache.answer(d, "v", 0, () => ({ ...d, text: "가나" })))
    const joined = arrayOf(items)
    expect(joined.body).toEqual([{ n: 1, text: "가나" }, { n: 2, text: "가나" }, { n: 3, text: "가나" }])
    expect(JSON.parse(new TextDecoder().decode(joined.encoded!.bytes))).toEqual(joined.body)
    expect(new TextDecoder().decode(arrayOf([]).encoded!.bytes)).toBe("[]")
  })

  it("fingerprint: any field but the ignored ones changes it, arrays by their length", () => {
    const times: Array<number> = []
    const document: Record<string, unknown> = { stage: 0, times, at: undefined, body: { big: true }, polls: 0 }
    const ignore = new Set(["body", "polls"])
    const v0 = fingerprint(document, ignore)
    document["polls"] = 5
    document["body"] = { other: 1 }
    expect(fingerprint(document, ignore)).toBe(v0)
    times.push(1)
    const v1 = fingerprint(document, ignore)
    expect(v1).not.toBe(v0)
    document["stage"] = 1
    const v2 = fingerprint(document, ignore)
    expect(v2).not.toBe(v1)
    document["added"] = "later"
    expect(fingerprint(document, ignore)).not.toBe(v2)
  })
})

describe("kept records over HTTP never go stale", () => {
  it.effect("GetInfo after filing answers 304, in either language, though 300 was answered (and kept) before", () =>
    Effect.gen(function*() {
      // 2026-11-22 12:00 KST; the receipt is filed at the end of its KST day.
      yield* TestClock.setTime(Date.UTC(2026, 10, 22, 3, 0, 0))
      const token = (yield* issueToken({ scopes: ["member", "140"] })).session_token
      const issued = yield* api({ method: "POST", path: "/Cashbill", token, body: receipt("KEPT-1", MEMBER), headers: { "x-http-method-override": "ISSUE" } })
      expect(issued.status).toBe(200)
      for (const language of ["ko-KR", "en-US", "ko-KR"]) {
        expect((yield* api({ path: "/Cashbill/KEPT-1", token, headers: { "accept-language": language } })).body).toMatchObject({ stateCode: 300 })
      }
      // Document time moves; the token (base clock) stays valid.
      yield* Effect.flatMap(Sandbox.Sandbox, (sandbox) => sandbox.advanceClock(24 * 60 * 60 * 1000))
      const ko = yield* api({ path: "/Cashbill/KEPT-1", token, headers: { "accept-encoding": "gzip" } })
      expect(ko.body).toMatchObject({ stateCode: 304, ntsresultCode: "0000", ntsresultMessage: "정상 처리" })
      expect((yield* api({ path: "/Cashbill/KEPT-1", token, headers: { "accept-language": "en-US" } })).body).toMatchObject({ stateCode: 304, ntsresultMessage: "Accepted" })
      const infos = yield* api({ method: "POST", path: "/Cashbill/States", token, body: ["KEPT-1", "NONE"] })
      expect(infos.body).toMatchObject([{ mgtKey: "KEPT-1", stateCode: 304 }])
    }).pipe(Effect.provide(sandboxLayer())))
})
