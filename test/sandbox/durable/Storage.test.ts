/**
 * The data directory: its format is versioned (an older one migrates in one transaction, a newer
 * one is refused with what to do), one sandbox at a time uses it, partners' secrets stay the
 * same across restarts, and the snapshot admin routes follow the admin plane's rules.
 */
import { createRequire } from "node:module"
import * as path from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import * as SandboxModule from "../../../src/sandbox/Sandbox.js"
import * as Storage from "../../../src/sandbox/Storage.js"
import { dataDirectory } from "./support.js"

const Driver = createRequire(import.meta.url)("better-sqlite3") as new(file: string) => Storage.Database

const failureOf = <A>(exit: Exit.Exit<A, Storage.SandboxDataError>): string => {
  if (Exit.isSuccess(exit)) return "opened"
  const error = exit.cause._tag === "Fail" ? exit.cause.error : undefined
  return error?.message ?? String(exit.cause)
}

describe("the data directory", () => {
  it("a newer format is refused, saying what to do; an older one migrates step by step in one transaction", () => {
    const dir = dataDirectory()
    const db = new Driver(path.join(dir, "sandbox.db"))
    try {
      expect(Storage.prepare(db, dir, 1, [])).toEqual({ ok: 1 })
      db.prepare("UPDATE meta SET value = '7' WHERE key = 'format'").run()
      expect(Storage.prepare(db, dir, 1, []).error).toMatch(/format 7, written by a newer taxdoc .* upgrade taxdoc, or give another --data directory/)
      db.prepare("UPDATE meta SET value = '1' WHERE key = 'format'").run()
      const ran: Array<number> = []
      const steps: ReadonlyArray<Storage.Migration> = [
        { from: 1, run: (d) => { ran.push(1); d.exec("CREATE TABLE added (x TEXT)") } },
        { from: 2, run: () => void ran.push(2) }
      ]
      expect(Storage.prepare(db, dir, 3, steps)).toEqual({ ok: 3 })
      expect(ran).toEqual([1, 2])
      expect(db.prepare("SELECT value FROM meta WHERE key = 'format'").get()).toEqual({ value: "3" })
      // No path from format 3 to 5: refused, nothing changed.
      expect(Storage.prepare(db, dir, 5, steps).error).toMatch(/format 3, which this taxdoc cannot migrate to format 5/)
      expect(db.prepare("SELECT value FROM meta WHERE key = 'format'").get()).toEqual({ value: "3" })
    } finally {
      db.close()
    }
  })

  it.effect("a sandbox refuses a directory of a newer format, and one another sandbox uses", () =>
    Effect.gen(function*() {
      const newer = dataDirectory()
      const db = new Driver(path.join(newer, "sandbox.db"))
      Storage.prepare(db, newer)
      db.prepare("UPDATE meta SET value = '99' WHERE key = 'format'").run()
      db.close()
      expect(failureOf(yield* Effect.exit(Effect.scoped(SandboxModule.make({ data: newer }))))).toMatch(/newer taxdoc/)

      const shared = dataDirectory()
      yield* Effect.scoped(
        Effect.gen(function*() {
          yield* SandboxModule.make({ data: shared })
          expect(failureOf(yield* Effect.exit(Effect.scoped(SandboxModule.make({ data: shared }))))).toMatch(/in use by another sandbox/)
        })
      )
      // Closed with its scope: the directory opens again.
      expect(failureOf(yield* Effect.exit(Effect.scoped(SandboxModule.make({ data: shared }))))).toBe("opened")
    }))

  it.effect("a generated TESTER secret and given partners are the same after a restart", () =>
    Effect.gen(function*() {
      const data = dataDirectory()
      const acme = { linkId: "ACME", secretKey: Buffer.alloc(32, 7).toString("base64") }
      const first = yield* Effect.scoped(Effect.map(SandboxModule.make({ data, partners: [acme] }), (s) => s.partners))
      const second = yield* Effect.scoped(Effect.map(SandboxModule.make({ data }), (s) => s.partners))
      expect(second).toEqual(expect.arrayContaining([...first]))
      expect(second.find((p) => p.linkId === "ACME")?.secretKey).toBe(acme.secretKey)
    }))
})
