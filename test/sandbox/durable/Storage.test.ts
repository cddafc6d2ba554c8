/**
 * The data directory: its format is versioned (an older one migrates in one transaction, a newer
 * one is refused with what to do), one sandbox at a time uses it, partners' secrets stay the
 * same across restarts, and the snapshot admin routes follow the admin plane's rules.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { DatabaseSync } from "node:sqlite"
import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit, Option } from "effect"
import * as Progression from "../../../src/sandbox/Progression.js"
import * as SandboxModule from "../../../src/sandbox/Sandbox.js"
import * as Storage from "../../../src/sandbox/durable/Storage.js"
import { dataDirectory } from "./support.js"

const failureOf = <A>(exit: Exit.Exit<A, Storage.SandboxDataError>): string => {
  if (Exit.isSuccess(exit)) return "opened"
  const error = Cause.findErrorOption(exit.cause)
  return Option.isSome(error) ? error.value.message : String(exit.cause)
}

describe("the data directory", () => {
  it("a newer format is refused, saying what to do; an older one migrates step by step in one transaction", () => {
    const dir = dataDirectory()
    const db = new DatabaseSync(path.join(dir, "sandbox.db"))
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
      const db = new DatabaseSync(path.join(newer, "sandbox.db"))
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

  it.effect("a directory written by taxdoc 0.1 opens as it was left: the same tables, format 1, in WAL mode", () =>
    Effect.gen(function*() {
      const data = dataDirectory()
      // What 0.1 left on disk: its schema and statements, written as its storage wrote them.
      const db = new DatabaseSync(path.join(data, "sandbox.db"))
      db.exec("PRAGMA journal_mode = WAL")
      db.exec(`
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE partners (link_id TEXT PRIMARY KEY, secret TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE rows (
          environment TEXT NOT NULL, domain TEXT NOT NULL, part TEXT NOT NULL, key TEXT NOT NULL, value BLOB NOT NULL,
          PRIMARY KEY (environment, domain, part, key)
        ) WITHOUT ROWID;
      `)
      const secret = Buffer.alloc(32, 3).toString("base64")
      db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)").run("format", "1")
      db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)").run("clock.offset", "60000")
      db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)").run("progressions", JSON.stringify({ ...Progression.defaults, "cashbill.bulk": { _tag: "Immediate" } }))
      db.prepare("INSERT INTO partners (link_id, secret) VALUES (?, ?)").run("TESTER", secret)
      db.prepare("INSERT INTO rows (environment, domain, part, key, value) VALUES (?, ?, ?, ?, ?)")
        .run("test", "member.preferences", "1234567891", "preferences", JSON.stringify({ statementApprovalRequired: true }))
      db.close()

      const opened = yield* Effect.scoped(Effect.gen(function*() {
        const sandbox = yield* SandboxModule.make({ data })
        return {
          secret: sandbox.secretOf("TESTER"),
          offset: (yield* sandbox.clock).offset,
          bulk: (yield* sandbox.progressions)["cashbill.bulk"],
          preference: yield* sandbox.memberPreference("test", "1234567891", "statementApprovalRequired")
        }
      }))
      expect(opened).toEqual({ secret, offset: 60_000, bulk: { _tag: "Immediate" }, preference: true })
    }))

  it.effect("a file that is no SQLite database is refused, saying what to do", () =>
    Effect.gen(function*() {
      const data = dataDirectory()
      fs.writeFileSync(path.join(data, "sandbox.db"), "not a database, but a file someone left here ".repeat(100))
      expect(failureOf(yield* Effect.exit(Effect.scoped(SandboxModule.make({ data }))))).toMatch(
        /sandbox\.db is not a sandbox database that can be read .*: move it away to start afresh there, or give another --data directory/
      )
    }))
})
