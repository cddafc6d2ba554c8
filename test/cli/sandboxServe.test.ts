/**
 * `taxdoc sandbox serve` as a process: graceful shutdown on SIGTERM/SIGINT (requests in flight
 * finish, exit 0 within 5 s; a page's event stream is ended), the address of the sandbox's pages,
 * the admin token on a non-loopback address, secrets kept off the command line.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "@effect/vitest"
import * as Net from "node:net"
import { Effect, type Scope } from "effect"
import { answerOn, connect, headerInRaw, issueToken, request } from "../sandbox/socket.js"
import { fixtures, start, taxdoc } from "./support.js"

const run = <A>(effect: Effect.Effect<A, never, Scope.Scope>) => Effect.runPromise(Effect.scoped(effect))

const portOf = (url: string) => Number(new URL(url).port)

describe("taxdoc sandbox serve", () => {
  it("SIGTERM: stops accepting, the request in flight is answered, exit 0 within 5 s", { timeout: 60_000 }, async () => {
    const server = start(["sandbox", "serve", "--port", "0"])
    const secret = (await server.waitFor(/partner TESTER secret (\S+)/))[1]!
    const url = (await server.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/))[1]!
    const port = portOf(url)
    const json = { "content-type": "application/json" }
    await run(request(port, { method: "POST", path: "/_sandbox/members", headers: json, body: JSON.stringify({ corpNum: "1234567891" }) }))
    await run(request(port, { method: "POST", path: "/_sandbox/faults", headers: json, body: JSON.stringify({ route: "Member.GetCorpInfo", latencyMillis: 1_500 }) }))
    const token = await run(issueToken(port, { secret, scopes: ["member"], corpNum: "1234567891" }))

    // An idle keep-alive connection must not hold the shutdown.
    const idle = Net.connect(port, "127.0.0.1")
    idle.on("error", () => {})
    await new Promise((resolve) => idle.once("connect", resolve))
    const inFlight = run(request(port, { path: "/CorpInfo", headers: { authorization: `Bearer ${token}` } }))
    // The request is in flight once the sandbox counted it (it then waits out the latency).
    for (;;) {
      const stats = await run(request(port, { path: "/_sandbox/stats" }))
      if ((stats.body as { calls: Record<string, number> }).calls["Member.GetCorpInfo"] === 1) break
    }
    const signalled = Date.now()
    const finished = server.stop("SIGTERM")
    const answer = await inFlight
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ corpName: expect.any(String) })
    const exit = await finished
    expect(Date.now() - signalled).toBeLessThan(5_000)
    expect(exit.signal).toBeNull()
    expect(exit.code).toBe(0)
    await expect(fetch(`${url}/_sandbox/clock`)).rejects.toThrow()
    expect(idle.destroyed || idle.readableEnded).toBe(true)
    idle.destroy()
  })

  it("prints the pages' address beside `listening on`; a page following the sandbox live is ended by the shutdown, not cut", { timeout: 60_000 }, async () => {
    const server = start(["sandbox", "serve", "--port", "0"])
    const pages = (await server.waitFor(/pages on (http:\/\/127\.0\.0\.1:\d+\/_sandbox\/ui)/))[1]!
    const url = (await server.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/))[1]!
    expect(pages).toBe(`${url}/_sandbox/ui`)
    const overview = await fetch(pages)
    expect(overview.status).toBe(200)
    expect(await overview.text()).toContain("taxdoc 샌드박스")
    const events = await fetch(`${pages}/events?since=0`)
    expect(events.headers.get("content-type")).toBe("text/event-stream; charset=utf-8")
    const reader = events.body!.getReader()
    expect(new TextDecoder().decode((await reader.read()).value)).toContain("retry: 3000")
    const exit = server.stop("SIGTERM")
    // The stream ends as a stream ends (the server finished it), not with a broken connection.
    for (;;) if ((await reader.read()).done) break
    expect((await exit).code).toBe(0)
  })

  it("SIGINT: exit 0", { timeout: 60_000 }, async () => {
    const server = start(["sandbox", "serve", "--port", "0"])
    await server.waitFor(/listening on /)
    const signalled = Date.now()
    const exit = await server.stop("SIGINT")
    expect(Date.now() - signalled).toBeLessThan(5_000)
    expect(exit.code).toBe(0)
  })

  it("on 0.0.0.0 prints a generated admin token; admin commands need it; secrets from a file, a warning for --partner", { timeout: 90_000 }, async () => {
    const dir = fixtures({ "partners.txt": `# partners\nFILEP:${Buffer.alloc(32, 3).toString("base64")}\n` })
    try {
      const server = start([
        "sandbox", "serve", "--port", "0", "--host", "0.0.0.0",
        "--secret-file", path.join(dir, "partners.txt"),
        "--partner", `FLAGP:${Buffer.alloc(32, 4).toString("base64")}`
      ])
      expect((await server.waitFor(/partner FILEP secret (\S+)/))[1]).toBe(Buffer.alloc(32, 3).toString("base64"))
      const adminToken = (await server.waitFor(/admin token (\S+)/))[1]!
      const url = (await server.waitFor(/listening on (http:\/\/0\.0\.0\.0:\d+)/))[1]!
      const local = `http://127.0.0.1:${portOf(url)}`
      const refused = await taxdoc(["sandbox", "clock", "--sandbox-url", local])
      expect(refused.code).toBe(1)
      expect(refused.stderr).toContain("admin token")
      const allowed = await taxdoc(["sandbox", "clock", "--sandbox-url", local, "--json"], { env: { TAXDOC_SANDBOX_ADMIN_TOKEN: adminToken } })
      expect(allowed.code).toBe(0)
      expect(JSON.parse(allowed.stdout)).toMatchObject({ offset: 0 })
      const exit = await server.stop("SIGTERM")
      expect(exit.code).toBe(0)
      expect(exit.stderr).toContain("warning: --partner puts a secret on the command line")
      expect(exit.stdout).not.toContain("warning")
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it("keeps an idle connection 190 s by default, longer than the 180 s clients keep one (announced in Keep-Alive), calls sharing it; --keep-alive-timeout changes it", { timeout: 60_000 }, async () => {
    const ask = "GET /_sandbox/clock HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    for (const [args, timeout] of [[[], "timeout=190"], [["--keep-alive-timeout", "5 minutes"], "timeout=300"]] as const) {
      const server = start(["sandbox", "serve", "--port", "0", ...args])
      const port = portOf((await server.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/))[1]!)
      const answers = await run(Effect.gen(function*() {
        const socket = yield* connect(port)
        const raws: Array<string> = []
        for (let call = 0; call < 2; call++) {
          const answer = answerOn(socket)
          socket.write(ask)
          raws.push(yield* answer)
        }
        return raws
      }))
      for (const raw of answers) {
        expect(raw.startsWith("HTTP/1.1 200")).toBe(true)
        expect(headerInRaw(raw, "keep-alive")).toBe(timeout)
      }
      expect((await server.stop("SIGTERM")).code).toBe(0)
    }
  })
})
