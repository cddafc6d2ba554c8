/**
 * Starting and stopping a server process (`server.ts`) and, for the runner, benchmark processes:
 * `node --expose-gc --import tsx <file>`, so each has a fresh heap and `global.gc`.
 *
 * @since 0.1.0
 */
import { type ChildProcess, spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import type { ServerConfig } from "./server.js"

const SERVER = fileURLToPath(new URL("./server.ts", import.meta.url))

/**
 * The Node flags of a child: `global.gc`, TypeScript through tsx, and `--cpu-prof` into
 * `BENCH_PROFILE_DIR` when that variable is set.
 *
 * @since 0.1.0
 * @category constructors
 */
export const nodeFlags = (): ReadonlyArray<string> => {
  const profile = process.env["BENCH_PROFILE_DIR"]
  return ["--expose-gc", "--import", "tsx", ...(profile === undefined ? [] : ["--cpu-prof", "--cpu-prof-dir", profile])]
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
  readonly stop: () => Promise<void>
}

const exited = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once("exit", () => resolve())
  })

/**
 * Starts a server process and waits until it listens (at most 30 seconds); `script` is another
 * checkout's `server.ts` when comparing revisions.
 *
 * @since 0.1.0
 * @category constructors
 */
export const startServer = (config: ServerConfig, script: string = SERVER): Promise<RunningServer> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeFlags(), script, JSON.stringify(config)], { stdio: ["pipe", "pipe", "inherit"] })
    const timer = setTimeout(() => {
      child.kill()
      reject(new Error("the server process did not start within 30 seconds"))
    }, 30_000)
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
        stop: async () => {
          child.stdin!.end()
          const killer = setTimeout(() => child.kill("SIGKILL"), 5_000)
          await exited(child)
          clearTimeout(killer)
        }
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
export const withServer = async <A>(config: ServerConfig, fn: (server: RunningServer) => Promise<A>, script?: string): Promise<A> => {
  const server = await startServer(config, script)
  try {
    return await fn(server)
  } finally {
    await server.stop()
  }
}
