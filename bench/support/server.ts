/**
 * A server in its own process, run with plain node on the compiled package (see `compile.ts`), so
 * that the load it serves and the clients measuring it do not share one event loop: either the
 * sandbox on a socket (`Server.serve` on 127.0.0.1, port 0, as `taxdoc sandbox serve` runs it, every
 * check in place), or a bare Node `http` server answering recorded answers with no checks (the
 * ceiling of this machine).
 *
 * Started by `child.ts` with its configuration as JSON in argv; prints `listening <url>` once the
 * socket accepts connections; answers `{ cpu }` messages on its IPC channel with its own
 * `process.cpuUsage()` and memory; stops when its stdin closes (the parent ended or asked it to),
 * or after `lifetimeMillis` whatever happens.
 *
 * @since 0.1.0
 */
import * as Http from "node:http"
import { Effect, Fiber } from "effect"
import { Partners, Sandbox, Server } from "taxdoc/sandbox"

/**
 * One recorded answer of the bare server: status, headers and body bytes (Base64) as the sandbox
 * sent them, for requests that ask for gzip or not.
 *
 * @since 0.1.0
 * @category models
 */
export interface RecordedAnswer {
  readonly gzip: boolean
  readonly status: number
  readonly headers: ReadonlyArray<readonly [string, string]>
  readonly body: string
}

/**
 * The configuration of a server process.
 *
 * @since 0.1.0
 * @category models
 */
export type ServerConfig =
  | {
    readonly kind: "sandbox"
    /** Progression policies that differ from the defaults (`Sandbox.layer`'s option). */
    readonly progressions?: Sandbox.SandboxOptions["progressions"]
    readonly lifetimeMillis?: number
  }
  | {
    readonly kind: "bare"
    readonly answers: ReadonlyArray<RecordedAnswer>
    readonly lifetimeMillis?: number
  }

/**
 * What a server process tells about itself: CPU time used so far (user + system, µs) and memory.
 *
 * @since 0.1.0
 * @category models
 */
export interface ProcessReport {
  readonly cpuMicros: number
  readonly memory: NodeJS.MemoryUsage
}

/**
 * Messages on a server process's IPC channel: a question (`id`) and its answer.
 *
 * @since 0.1.0
 * @category models
 */
export type ServerMessage =
  | { readonly _tag: "report"; readonly id: number; readonly gc: boolean }
  | { readonly _tag: "reported"; readonly id: number; readonly report: ProcessReport }

const announce = (url: string) => process.stdout.write(`listening ${url}\n`)

const untilStdinCloses = (stop: () => void) => {
  process.stdin.on("end", stop)
  process.stdin.on("close", stop)
  process.stdin.resume()
}

const serveBare = (config: Extract<ServerConfig, { kind: "bare" }>) => {
  const answers = config.answers.map((a) => ({ ...a, bytes: Buffer.from(a.body, "base64") }))
  const plain = answers.find((a) => !a.gzip) ?? answers[0]!
  const zipped = answers.find((a) => a.gzip) ?? plain
  const server = Http.createServer((request, response) => {
    request.resume()
    request.on("end", () => {
      const answer = (request.headers["accept-encoding"] ?? "").includes("gzip") ? zipped : plain
      response.writeHead(answer.status, answer.headers.flat())
      response.end(answer.bytes)
    })
  })
  server.keepAliveTimeout = 5_000
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
  ).pipe(Effect.provide(Sandbox.layer({ partners: [Partners.tester], progressions: config.progressions ?? {} })))
  const fiber = Effect.runFork(program)
  untilStdinCloses(() => {
    Effect.runFork(Fiber.interrupt(fiber)).addObserver(() => process.exit(0))
  })
}

process.on("message", (message: ServerMessage) => {
  if (message._tag !== "report") return
  if (message.gc) (globalThis as { gc?: () => void }).gc?.()
  const cpu = process.cpuUsage()
  const report: ProcessReport = { cpuMicros: cpu.user + cpu.system, memory: process.memoryUsage() }
  process.send?.({ _tag: "reported", id: message.id, report } satisfies ServerMessage)
})

const config = JSON.parse(process.argv[2] ?? "{}") as ServerConfig
setTimeout(() => process.exit(3), config.lifetimeMillis ?? 10 * 60_000).unref()
if (config.kind === "bare") serveBare(config)
else serveSandbox(config)
