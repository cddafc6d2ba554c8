/**
 * A server in its own process, so that the load it serves and the client measuring it do not share
 * one event loop: either the sandbox on a socket (`Server.serve`, full token checks), or a bare
 * Node `http` server answering fixed bytes with no checks (the ceiling of this machine).
 *
 * Started by `child.ts` with its configuration as JSON in argv; prints `listening <url>` once the
 * socket accepts connections; stops when its stdin closes (the parent ended or asked it to), or
 * after `lifetimeMillis` whatever happens.
 *
 * @since 0.1.0
 */
import * as Http from "node:http"
import { Effect, Fiber, Schema } from "effect"
import * as Operation from "../../src/core/Operation.js"
import * as Partners from "../../src/sandbox/Partners.js"
import type { Kind, Policy } from "../../src/sandbox/Progression.js"
import { implement, json, type Route } from "../../src/sandbox/Route.js"
import * as Sandbox from "../../src/sandbox/Sandbox.js"
import * as Server from "../../src/sandbox/Server.js"

/**
 * The configuration of a server process.
 *
 * @since 0.1.0
 * @category models
 */
export type ServerConfig =
  | {
    readonly kind: "sandbox"
    readonly progressions?: Partial<Record<Kind, Policy>>
    readonly lifetimeMillis?: number
  }
  | {
    readonly kind: "bare"
    /** The answer, Base64: the plain bytes and the gzip bytes sent when the client accepts gzip. */
    readonly plain: string
    readonly gzip: string
    readonly contentType: string
    readonly lifetimeMillis?: number
  }

/**
 * What a server process tells about itself: memory after a full GC, and CPU time used so far.
 *
 * @since 0.1.0
 * @category models
 */
export interface ProcessReport {
  readonly memory: NodeJS.MemoryUsage
  readonly cpuMicros: number
}

const processReport = (): ProcessReport => {
  ;(globalThis as { gc?: () => void }).gc?.()
  const cpu = process.cpuUsage()
  return { memory: process.memoryUsage(), cpuMicros: cpu.user + cpu.system }
}

/**
 * An extra sandbox route, `GET /Bench/Process`, answering the server's `ProcessReport`.
 *
 * @since 0.1.0
 * @category routes
 */
export const processRoute: Route = implement(
  Operation.make({
    name: "Bench.Process",
    sdk: "Bench.process",
    summary: "the server process's memory and CPU",
    method: "GET",
    path: "/Bench/Process",
    scope: Operation.noToken,
    success: Schema.Unknown,
    safeToRepeat: true
  }),
  () => Effect.sync(() => json(processReport()))
)

const announce = (url: string) => process.stdout.write(`listening ${url}\n`)

const untilStdinCloses = (stop: () => void) => {
  process.stdin.on("end", stop)
  process.stdin.on("close", stop)
  process.stdin.resume()
}

const serveBare = (config: Extract<ServerConfig, { kind: "bare" }>) => {
  const plain = Buffer.from(config.plain, "base64")
  const gzip = Buffer.from(config.gzip, "base64")
  const server = Http.createServer((request, response) => {
    request.resume()
    request.on("end", () => {
      const zipped = (request.headers["accept-encoding"] ?? "").includes("gzip")
      const body = zipped ? gzip : plain
      response.writeHead(200, {
        "content-type": config.contentType,
        "content-length": body.length,
        ...(zipped ? { "content-encoding": "gzip", vary: "Accept-Encoding" } : {})
      })
      response.end(body)
    })
  })
  server.listen(0, "127.0.0.1", () => {
    const address = server.address()
    if (address === null || typeof address === "string") throw new Error("no TCP address")
    announce(`http://127.0.0.1:${address.port}`)
  })
  untilStdinCloses(() => {
    server.closeAllConnections()
    server.close(() => process.exit(0))
  })
}

const serveSandbox = (config: Extract<ServerConfig, { kind: "sandbox" }>) => {
  const program = Effect.scoped(
    Effect.gen(function*() {
      const address = yield* Server.serve({ host: "127.0.0.1", port: 0 })
      announce(address.url)
      return yield* Effect.never
    })
  ).pipe(
    Effect.provide(Sandbox.layer({ partners: [Partners.tester], progressions: config.progressions ?? {}, routes: [processRoute] }))
  )
  const fiber = Effect.runFork(program)
  untilStdinCloses(() => {
    Effect.runFork(Fiber.interrupt(fiber)).addObserver(() => process.exit(0))
  })
}

const config = JSON.parse(process.argv[2] ?? "{}") as ServerConfig
setTimeout(() => process.exit(3), config.lifetimeMillis ?? 10 * 60_000).unref()
if (config.kind === "bare") serveBare(config)
else serveSandbox(config)
