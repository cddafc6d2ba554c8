/**
 * Processes of a fleet for the tests: the built `taxdoc` command (runners, durable bulk issues) and
 * plain `node` scripts, each awaited by its output and its exit, never by time.
 */
import { type ChildProcess, spawn } from "node:child_process"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { childEnv } from "../support/env.js"

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..")
const BIN = path.join(ROOT, "bin/taxdoc.js")

export interface Exited {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
}

export interface Child {
  readonly pid: number
  /** Everything printed so far, stdout and stderr apart. */
  readonly stdout: () => string
  readonly stderr: () => string
  /** Resolves with the first match of `pattern` in stdout + stderr (already printed or to come). */
  readonly waitFor: (pattern: RegExp) => Promise<RegExpMatchArray>
  /** Resolves with each line (stdout and stderr) as it is printed, from now on. */
  readonly onLine: (listener: (line: string) => void) => void
  readonly write: (text: string) => void
  readonly exited: Promise<Exited>
  readonly kill: (signal: NodeJS.Signals) => Promise<Exited>
}

const wrap = (child: ChildProcess): Child => {
  let out = ""
  let err = ""
  const listeners: Array<(line: string) => void> = []
  const waiters: Array<{ readonly pattern: RegExp; readonly resolve: (m: RegExpMatchArray) => void }> = []
  let partial = ""
  const feed = (chunk: string) => {
    partial += chunk
    const lines = partial.split("\n")
    partial = lines.pop()!
    for (const line of lines) for (const listener of listeners) listener(line)
    for (const waiter of [...waiters]) {
      const match = (out + err).match(waiter.pattern)
      if (match !== null) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(match)
      }
    }
  }
  const exited = new Promise<Exited>((resolve, reject) => {
    child.on("error", reject)
    child.on("close", (code, signal) => {
      for (const waiter of waiters) waiter.resolve(Object.assign([], { index: -1 }) as unknown as RegExpMatchArray)
      resolve({ code, signal })
    })
  })
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    out += chunk
    feed(chunk)
  })
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    err += chunk
    feed(chunk)
  })
  return {
    pid: child.pid!,
    stdout: () => out,
    stderr: () => err,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const match = (out + err).match(pattern)
        if (match !== null) return resolve(match)
        waiters.push({
          pattern,
          resolve: (m) => (m.index === -1 ? reject(new Error(`exited before printing ${pattern}\n${out}\n${err}`)) : resolve(m))
        })
      }),
    onLine: (listener) => void listeners.push(listener),
    write: (text) => void child.stdin?.write(text),
    exited,
    kill: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    }
  }
}

/** `node bin/taxdoc.js …args`. */
export const taxdoc = (args: ReadonlyArray<string>, env: Readonly<Record<string, string>> = {}): Child =>
  wrap(spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: childEnv(env), stdio: ["ignore", "pipe", "pipe"] }))

/** `node <script>` (a test's `.mjs` using the built package), its stdin a pipe. */
export const script = (file: string, env: Readonly<Record<string, string>>): Child =>
  wrap(spawn(process.execPath, [file], { cwd: ROOT, env: childEnv(env), stdio: ["pipe", "pipe", "pipe"] }))
