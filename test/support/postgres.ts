/**
 * The suite's PostgreSQL (`test/support/database.ts`) for one test file: a database of its own, and
 * a loopback relay in front of the server that a test can cut and restore — the database "stopped"
 * and "back" for the processes that reach it through the relay, while other files keep theirs.
 */
import * as PgClient from "@effect/sql-pg/PgClient"
import { Effect, Redacted } from "effect"
import * as Reactivity from "effect/reactivity/Reactivity"
import * as net from "node:net"
import { inject } from "vitest"

/** The suite's server. */
export const serverUrl = (): string => inject("databaseUrl")

/** Runs `statement` on the server's `postgres` database. */
const onServer = (statement: string) =>
  Effect.runPromise(Effect.scoped(Effect.gen(function*() {
    const sql = yield* PgClient.make({ url: Redacted.make(serverUrl()), maxConnections: 1 })
    yield* sql.unsafe(statement)
  })).pipe(Effect.provide(Reactivity.layer)))

/** A fresh, empty database on the suite's server; its URL. */
export const freshDatabase = async (prefix: string): Promise<string> => {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`.toLowerCase().replace(/[^a-z0-9_]/g, "_")
  await onServer(`CREATE DATABASE "${name}"`)
  const url = new URL(serverUrl())
  url.pathname = `/${name}`
  return url.toString()
}

/** A relay in front of a server: `cut` drops every connection and refuses new ones; `restore` accepts them again. */
export interface Relay {
  /** `url` with the relay's address in place of the server's. */
  readonly url: string
  readonly cut: () => Promise<void>
  readonly restore: () => Promise<void>
  readonly close: () => Promise<void>
}

/** A relay to the database at `url`, on a random loopback port. */
export const relay = async (url: string): Promise<Relay> => {
  const target = new URL(url)
  const sockets = new Set<net.Socket>()
  const server = net.createServer((incoming) => {
    const outgoing = net.connect(Number(target.port || 5432), target.hostname)
    sockets.add(incoming)
    sockets.add(outgoing)
    const drop = () => {
      incoming.destroy()
      outgoing.destroy()
      sockets.delete(incoming)
      sockets.delete(outgoing)
    }
    incoming.on("error", drop).on("close", drop)
    outgoing.on("error", drop).on("close", drop)
    incoming.pipe(outgoing)
    outgoing.pipe(incoming)
  })
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject)
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject)
        const address = server.address()
        resolve(typeof address === "object" && address !== null ? address.port : port)
      })
    })
  const port = await listen(0)
  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      sockets.clear()
      if (!server.listening) return resolve()
      server.close(() => resolve())
    })
  const relayed = new URL(url)
  relayed.hostname = "127.0.0.1"
  relayed.port = String(port)
  return {
    url: relayed.toString(),
    cut: close,
    restore: async () => void (await listen(port)),
    close
  }
}
