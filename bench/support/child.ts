/**
 * Child processes of a benchmark: server processes (`server.ts`), client processes
 * (`bench/clients/child.ts`), both run with plain node on their compiled JavaScript (`compile.ts`),
 * and, for the runner, benchmark processes (`node --expose-gc --import tsx <file>`). Each has a
 * fresh heap and `global.gc`; with `BENCH_PROFILE_DIR` set, each writes a CPU profile there. Every
 * one runs on this process's Node (`process.execPath`), a client of another checkout too.
 *
 * @since 0.1.0
 */
import { type ChildProcess, fork, spawn } from "node:child_process"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import type { ClientConfig, ClientKind, FromClient, ToClient, Workload } from "../clients/protocol.js"
import { compiled, NEUTRAL_DIR, OUT_DIR, ROOT } from "./compile.js"
import type { LoadOptions, LoadResult } from "./load.js"
import type { ProcessReport, ServerConfig, ServerMessage } from "./server.js"

const profileFlags = (): ReadonlyArray<string> => {
  const profile = process.env["BENCH_PROFILE_DIR"]
  const extra = (process.env["BENCH_EXTRA_FLAGS"] ?? "").split(" ").filter((f) => f !== "")
  return [...extra, ...(profile === undefined ? [] : ["--cpu-prof", "--cpu-prof-dir", profile])]
}

/**
 * The Node flags of a benchmark process: `global.gc`, TypeScript through tsx, and `--cpu-prof`
 * into `BENCH_PROFILE_DIR` when that variable is set.
 *
 * @since 0.1.0
 * @category constructors
 */
export const nodeFlags = (): ReadonlyArray<string> => ["--expose-gc", "--import", "tsx", ...profileFlags()]

/**
 * The Node flags of a plain-node child: `global.gc` and the profile, nothing else (no loader).
 *
 * @since 0.1.0
 * @category constructors
 */
export const plainFlags = (): ReadonlyArray<string> => ["--expose-gc", ...profileFlags()]

/**
 * The environment of a child: this one without what npm or a loader set (`npm_*`, `NODE_OPTIONS`),
 * so that a child runs as a user's shell runs it.
 *
 * @since 0.1.0
 * @category constructors
 */
export const plainEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== "NODE_OPTIONS" && !/^npm_/i.test(key))),
  ...extra
})

const exited = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once("exit", () => resolve())
  })

/** Ends a child: closes its stdin / IPC channel, kills it if it has not ended within 5 s. */
const ending = async (child: ChildProcess, ask: () => void) => {
  ask()
  const killer = setTimeout(() => child.kill("SIGKILL"), 5_000)
  await exited(child)
  clearTimeout(killer)
}

/**
 * A running server process.
 *
 * @since 0.1.0
 * @category models
 */
export interface RunningServer {
  readonly url: string
  readonly pid: number
  /** The server process's CPU time so far and its memory (after a full GC when `gc`). */
  readonly report: (gc?: boolean) => Promise<ProcessReport>
  readonly stop: () => Promise<void>
}

/**
 * Starts a server process (plain node, the compiled package) and waits until it listens (at most
 * 30 seconds).
 *
 * @since 0.1.0
 * @category constructors
 */
export const startServer = (config: ServerConfig): Promise<RunningServer> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...plainFlags(), compiled("bench/support/server.ts"), JSON.stringify(config)], {
      env: plainEnv(),
      stdio: ["pipe", "pipe", "inherit", "ipc"]
    })
    const timer = setTimeout(() => {
      child.kill()
      reject(new Error("the server process did not start within 30 seconds"))
    }, 30_000)
    let next = 0
    const waiting = new Map<number, (report: ProcessReport) => void>()
    child.on("message", (message: ServerMessage) => {
      if (message._tag !== "reported") return
      waiting.get(message.id)?.(message.report)
      waiting.delete(message.id)
    })
    let buffered = ""
    child.stdout!.setEncoding("utf8")
    child.stdout!.on("data", (chunk: string) => {
      buffered += chunk
      const match = /listening (\S+)/.exec(buffered)
      if (match === null) return
      clearTimeout(timer)
      child.stdout!.removeAllListeners("data")
      child.stdout!.resume()
      resolve({
        url: match[1]!,
        pid: child.pid!,
        report: (gc = false) =>
          new Promise((answer) => {
            const id = next++
            waiting.set(id, answer)
            child.send({ _tag: "report", id, gc } satisfies ServerMessage)
          }),
        stop: () => ending(child, () => child.stdin!.end())
      })
    })
    child.once("exit", (code) => {
      clearTimeout(timer)
      reject(new Error(`the server process ended with ${code} before listening`))
    })
  })

/**
 * Runs `fn` with a server process, stopping it afterwards whatever happens.
 *
 * @since 0.1.0
 * @category combinators
 */
export const withServer = async <A>(config: ServerConfig, fn: (server: RunningServer) => Promise<A>): Promise<A> => {
  const server = await startServer(config)
  try {
    return await fn(server)
  } finally {
    await server.stop()
  }
}

/**
 * A running client process.
 *
 * @since 0.1.0
 * @category models
 */
export interface RunningClient {
  readonly config: ClientConfig
  /** Runs a workload there; RegistIssue document IDs are `${keyPrefix}${n}`. */
  readonly run: (workload: Workload, load: LoadOptions, keyPrefix?: string) => Promise<LoadResult>
  readonly stop: () => Promise<void>
}

/**
 * The sides a checkout of another revision runs with its own programs (`.tmp/bench-js/`, its SDK on
 * its own Effect); its other sides run this checkout's programs that hold nothing of taxdoc
 * (`.tmp/bench-current/`, bench/support/compile.ts `NEUTRAL`) on its Effect.
 */
const OWN_KINDS: ReadonlySet<ClientKind> = new Set<ClientKind>(["sdk", "sdk-bare", "sdk-platform", "sdk-node-http", "sdk-fetch", "promise", "sdk-run-promise", "sdk-and-promise"])

/** tsx's loader, for the in-process side of another checkout (it loads that checkout's sources). */
const TSX = import.meta.resolve("tsx")

/** The program and the Node flags of a client process. */
const clientProgram = (config: ClientConfig): readonly [string, ReadonlyArray<string>] => {
  const other = config.checkout !== undefined && config.checkout !== ROOT ? config.checkout : undefined
  if (config.kind === "inprocess") {
    return other === undefined
      ? [fileURLToPath(new URL("../clients/child.ts", import.meta.url)), nodeFlags()]
      : [join(other, NEUTRAL_DIR, "bench/clients/child.js"), [...plainFlags(), "--import", TSX]]
  }
  if (other === undefined) return [compiled("bench/clients/child.ts"), plainFlags()]
  return [join(other, OWN_KINDS.has(config.kind) ? OUT_DIR : NEUTRAL_DIR, "bench/clients/child.js"), plainFlags()]
}

/**
 * Starts a client process and waits until it is ready (its first GetInfo answered, at most 60 s):
 * compiled, plain node; the in-process side through tsx (it loads a checkout's sources); a side of
 * another checkout (`config.checkout`) from that checkout's worktree, on its own dependencies.
 *
 * @since 0.1.0
 * @category constructors
 */
export const startClient = (config: ClientConfig): Promise<RunningClient> =>
  new Promise((resolve, reject) => {
    const [script, flags] = clientProgram(config)
    const child = fork(script, [JSON.stringify(config)], { execArgv: [...flags], env: plainEnv(), stdio: ["ignore", "inherit", "inherit", "ipc"] })
    const timer = setTimeout(() => {
      child.kill()
      reject(new Error(`the ${config.kind} client did not get ready within 60 seconds`))
    }, 60_000)
    let next = 0
    const waiting = new Map<number, { readonly resolve: (r: LoadResult) => void; readonly reject: (e: Error) => void }>()
    child.on("message", (message: FromClient) => {
      switch (message._tag) {
        case "ready":
          clearTimeout(timer)
          return resolve({
            config,
            run: (workload, load, keyPrefix = "") =>
              new Promise((ok, fail) => {
                const id = next++
                waiting.set(id, { resolve: ok, reject: fail })
                child.send({ _tag: "run", id, workload, load, keyPrefix } satisfies ToClient)
              }),
            stop: () => ending(child, () => child.connected && child.send({ _tag: "stop" } satisfies ToClient))
          })
        case "failed":
          clearTimeout(timer)
          return reject(new Error(`the ${config.kind} client failed to start: ${message.error}`))
        case "result":
          waiting.get(message.id)?.resolve(message.result)
          return void waiting.delete(message.id)
        case "error":
          waiting.get(message.id)?.reject(new Error(`the ${config.kind} client failed: ${message.error}`))
          return void waiting.delete(message.id)
      }
    })
    child.once("exit", (code) => {
      clearTimeout(timer)
      for (const pending of waiting.values()) pending.reject(new Error(`the ${config.kind} client ended with ${code}`))
      reject(new Error(`the ${config.kind} client ended with ${code}`))
    })
  })

/**
 * Runs `fn` with client processes (started together), stopping them afterwards whatever happens.
 *
 * @since 0.1.0
 * @category combinators
 */
export const withClients = async <A>(configs: ReadonlyArray<ClientConfig>, fn: (clients: ReadonlyArray<RunningClient>) => Promise<A>): Promise<A> => {
  const started = await Promise.allSettled(configs.map(startClient))
  const clients = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []))
  try {
    const failed = started.find((s): s is PromiseRejectedResult => s.status === "rejected")
    if (failed !== undefined) throw failed.reason
    return await fn(clients)
  } finally {
    await Promise.all(clients.map((c) => c.stop()))
  }
}
