/** Admin protection, partner isolation and portal tickets, over real sockets on 127.0.0.1. */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { ErrorCodes } from "../../src/core/ErrorCodes.js"
import { isLoopback, refusal, secretsEqual } from "../../src/sandbox/admin/AdminGuard.js"
import { tester } from "../../src/sandbox/Partners.js"
import * as Sandbox from "../../src/sandbox/Sandbox.js"
import * as Server from "../../src/sandbox/Server.js"
import * as Tickets from "../../src/sandbox/documents/Tickets.js"
import { receipt } from "../support/receipts.js"
import { issueToken, request } from "./socket.js"
import { MEMBER } from "./support.js"

const OTHER_SECRET = Buffer.alloc(32, 7).toString("base64")
const OTHER_MEMBER = "3333333336"

const sandboxLayer = Sandbox.layer({
  partners: [tester, `OTHER:${OTHER_SECRET}`],
  members: [{ corpNum: MEMBER }, { corpNum: OTHER_MEMBER, linkId: "OTHER" }]
})

const codeOf = (answer: { readonly body: unknown }) => (answer.body as { readonly code: number }).code

describe("admin routes", () => {
  it.live("a server on 0.0.0.0 answers admin requests only with its admin token (401 otherwise), from wherever they come", () =>
    Effect.gen(function*() {
      const address = yield* Server.serve({ host: "0.0.0.0", port: 0 })
      expect(address.adminToken).toMatch(/^[A-Za-z0-9_-]{32}$/)
      const port = address.port
      const json = { "content-type": "application/json" }
      for (const headers of [{}, { authorization: "Bearer wrong" }, { authorization: `Basic ${address.adminToken}` }]) {
        const refused = yield* request(port, { path: "/_sandbox/clock", headers })
        expect(refused.status).toBe(401)
        expect(codeOf(refused)).toBe(ErrorCodes.AdminTokenRequired.code)
      }
      const reset = yield* request(port, { method: "POST", path: "/_sandbox/reset", headers: json })
      expect(reset.status).toBe(401)
      const moved = yield* request(port, { method: "POST", path: "/_sandbox/clock", headers: json, body: JSON.stringify({ advanceMillis: 60_000 }) })
      expect(moved.status).toBe(401)
      const bearer = { authorization: `Bearer ${address.adminToken}` }
      const clock = yield* request(port, { path: "/_sandbox/clock", headers: bearer })
      expect(clock.status).toBe(200)
      expect(clock.body).toMatchObject({ offset: 0 })
      // The API itself is not behind the admin token.
      expect(yield* issueToken(port)).toMatch(/./)
    }).pipe(Effect.scoped, Effect.provide(sandboxLayer)))

  it.live("a given admin token is enforced on loopback too; loopback without one stays open", () =>
    Effect.gen(function*() {
      const open = yield* Server.serve({ port: 0 })
      expect(open.adminToken).toBeUndefined()
      expect((yield* request(open.port, { path: "/_sandbox/clock" })).status).toBe(200)
      const guarded = yield* Server.serve({ port: 0, adminToken: "s3cret-admin" })
      expect((yield* request(guarded.port, { path: "/_sandbox/clock" })).status).toBe(401)
      expect((yield* request(guarded.port, { path: "/_sandbox/clock", headers: { authorization: "Bearer s3cret-admin" } })).status).toBe(200)
    }).pipe(Effect.scoped, Effect.provide(sandboxLayer)))

  it.live("cross-origin and non-JSON admin requests are refused and the clock does not move", () =>
    Effect.gen(function*() {
      const { port } = yield* Server.serve({ port: 0 })
      const advance = JSON.stringify({ advanceMillis: 86_400_000 })
      const attempts = [
        // What any web page can send without a preflight: text/plain from another origin.
        { headers: { "content-type": "text/plain", origin: "http://evil.example" }, code: ErrorCodes.AdminCrossOrigin.code },
        { headers: { "content-type": "application/json", origin: "http://evil.example" }, code: ErrorCodes.AdminCrossOrigin.code },
        { headers: { "content-type": "application/json", origin: "null" }, code: ErrorCodes.AdminCrossOrigin.code },
        { headers: { "content-type": "application/json", "sec-fetch-site": "cross-site" }, code: ErrorCodes.AdminCrossOrigin.code },
        // DNS rebinding: the page's own name resolved to 127.0.0.1, so Origin and Host agree.
        { headers: { "content-type": "application/json", host: `evil.example:${port}`, origin: `http://evil.example:${port}` }, code: ErrorCodes.AdminCrossOrigin.code },
        { headers: { "content-type": "text/plain" }, code: ErrorCodes.AdminContentType.code },
        { headers: { "content-type": "application/x-www-form-urlencoded" }, code: ErrorCodes.AdminContentType.code },
        { headers: {}, code: ErrorCodes.AdminContentType.code }
      ]
      for (const { code, headers } of attempts) {
        const answer = yield* request(port, { method: "POST", path: "/_sandbox/clock", headers, body: advance })
        expect(answer.status, JSON.stringify(headers)).toBeGreaterThanOrEqual(400)
        expect(codeOf(answer), JSON.stringify(headers)).toBe(code)
      }
      const reset = yield* request(port, { method: "POST", path: "/_sandbox/reset", headers: { "content-type": "text/plain", origin: "http://evil.example" } })
      expect(codeOf(reset)).toBe(ErrorCodes.AdminCrossOrigin.code)
      expect((yield* request(port, { path: "/_sandbox/clock" })).body).toMatchObject({ offset: 0 })
      // The same request from the sandbox's own origin goes through.
      const own = yield* request(port, { method: "POST", path: "/_sandbox/clock", headers: { "content-type": "application/json; charset=utf-8", origin: `http://127.0.0.1:${port}` }, body: advance })
      expect(own.status).toBe(200)
      expect(own.body).toMatchObject({ offset: 86_400_000 })
    }).pipe(Effect.scoped, Effect.provide(sandboxLayer)))

  it("admin tokens compare in constant time over hashes; loopback detection", () => {
    expect(secretsEqual("abc", "abc")).toBe(true)
    expect(secretsEqual("abc", "abd")).toBe(false)
    expect(secretsEqual("abc", "abcd")).toBe(false)
    expect(["127.0.0.1", "127.1.2.3", "::1", "localhost", "[::1]", "::ffff:127.0.0.1"].every(isLoopback)).toBe(true)
    expect(["0.0.0.0", "::", "10.0.0.1", "192.168.1.2", "fe80::1", "example.com"].some(isLoopback)).toBe(false)
    expect(refusal({}, { headers: {}, body: new Uint8Array(0) })).toBeUndefined()
    expect(refusal({ adminToken: "t" }, { headers: { authorization: "bearer t" }, body: new Uint8Array(0) })).toBeUndefined()
  })
})

describe("isolation", () => {
  it.live("partner A cannot read, change or learn of partner B's receipt: not found, not forbidden", () =>
    Effect.gen(function*() {
      const { port } = yield* Server.serve({ port: 0 })
      const theirs = yield* issueToken(port, { corpNum: OTHER_MEMBER, scopes: ["member", "140"], secret: OTHER_SECRET, linkId: "OTHER" })
      const mine = yield* issueToken(port, { scopes: ["member", "140"] })
      const issued = yield* request(port, {
        method: "POST",
        path: "/Cashbill",
        headers: { "content-type": "application/json", "x-http-method-override": "ISSUE", authorization: `Bearer ${theirs}` },
        body: JSON.stringify(receipt("ISO-B-1", OTHER_MEMBER))
      })
      expect(issued.status).toBe(200)
      expect((yield* request(port, { path: "/Cashbill/ISO-B-1", headers: { authorization: `Bearer ${theirs}` } })).status).toBe(200)

      const read = yield* request(port, { path: "/Cashbill/ISO-B-1", headers: { authorization: `Bearer ${mine}` } })
      expect(read.status).toBe(404)
      expect(codeOf(read)).toBe(ErrorCodes.CashbillNotFound.code)
      const detail = yield* request(port, { path: "/Cashbill/ISO-B-1?Detail", headers: { authorization: `Bearer ${mine}` } })
      expect(codeOf(detail)).toBe(ErrorCodes.CashbillNotFound.code)
      // The same document ID is free for A: B's receipt is invisible, not reserved.
      const own = yield* request(port, {
        method: "POST",
        path: "/Cashbill",
        headers: { "content-type": "application/json", "x-http-method-override": "ISSUE", authorization: `Bearer ${mine}` },
        body: JSON.stringify(receipt("ISO-B-1", MEMBER))
      })
      expect(own.status).toBe(200)
      const still = yield* request(port, { path: "/Cashbill/ISO-B-1?Detail", headers: { authorization: `Bearer ${theirs}` } })
      expect(still.body).toMatchObject({ mgtKey: "ISO-B-1", franchiseCorpNum: OTHER_MEMBER })
    }).pipe(Effect.scoped, Effect.provide(sandboxLayer)))
})

describe("portal tickets", () => {
  it("are 128 random bits: 32 hex digits, unique, uniformly spread, consecutive ones unrelated", () => {
    const tickets = Array.from({ length: 4_000 }, Tickets.mint)
    expect(tickets.every((t) => /^[0-9a-f]{32}$/.test(t))).toBe(true)
    expect(new Set(tickets).size).toBe(tickets.length)
    // Each hex digit appears about 1/16 of the time at every position (8,000 digits per value).
    const counts = new Map<string, number>()
    for (const t of tickets) for (const c of t) counts.set(c, (counts.get(c) ?? 0) + 1)
    expect(counts.size).toBe(16)
    for (const n of counts.values()) expect(Math.abs(n - 8_000)).toBeLessThan(600)
    // No shared prefix pattern: consecutive tickets agree on the first 4 digits about 1 in 65,536.
    let sharedPrefixes = 0
    let equalPositions = 0
    for (let i = 1; i < tickets.length; i++) {
      const [a, b] = [tickets[i - 1]!, tickets[i]!]
      if (a.slice(0, 4) === b.slice(0, 4)) sharedPrefixes++
      for (let k = 0; k < 32; k++) if (a[k] === b[k]) equalPositions++
    }
    expect(sharedPrefixes).toBeLessThanOrEqual(2)
    // Two random digits agree 1/16 of the time: ~8,000 of 127,968 positions.
    expect(Math.abs(equalPositions - (tickets.length - 1) * 2)).toBeLessThan(600)
  })

  it.live("open once the URL GetURL issued; a ticket never issued, or derived from one, opens nothing", () =>
    Effect.gen(function*() {
      const { port } = yield* Server.serve({ port: 0 })
      const token = yield* issueToken(port, { scopes: ["member", "140"] })
      const urls: Array<string> = []
      for (let i = 0; i < 3; i++) {
        const answer = yield* request(port, { path: "/Cashbill?TG=PBOX", headers: { authorization: `Bearer ${token}` } })
        urls.push(String((answer.body as { url: string }).url))
      }
      const tickets = urls.map((url) => url.slice(url.lastIndexOf("/") + 1))
      for (const ticket of tickets) {
        expect(ticket).toMatch(/^[0-9a-f]{32}$/)
        expect(ticket).not.toContain(MEMBER)
      }
      const pathOf = (ticket: string) => `/portal/${ticket}`
      // Neighbours of an issued ticket, a fresh random one: unknown paths.
      const last = tickets[2]!
      const flip = (t: string, at: number) => t.slice(0, at) + (t[at] === "0" ? "1" : "0") + t.slice(at + 1)
      for (const guess of [flip(last, 31), flip(last, 0), (BigInt(`0x${last}`) + 1n).toString(16).padStart(32, "0"), Tickets.mint()]) {
        const answer = yield* request(port, { path: pathOf(guess) })
        expect(answer.status).toBe(404)
        expect(answer.text).toContain("<!doctype html>")
      }
      const opened = yield* request(port, { path: pathOf(last) })
      expect(opened.status).toBe(200)
      expect(opened.text).toContain("현금영수증 발행함")
      // Single-use.
      expect((yield* request(port, { path: pathOf(last) })).status).toBe(410)
    }).pipe(Effect.scoped, Effect.provide(sandboxLayer)))
})
