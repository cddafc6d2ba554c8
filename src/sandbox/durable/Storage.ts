/**
 * The storage engine of a durable sandbox: one SQLite database, `sandbox.db` in the data directory,
 * through Node's built-in `node:sqlite` (loaded only when a data directory is given). Why SQLite
 * and these settings: docs/decisions.md, "A durable sandbox".
 *
 * - `journal_mode=WAL`, `synchronous=FULL`: a commit is on disk (the log synced) before it returns,
 *   so a change acknowledged with 200 survives the process being killed and the machine losing
 *   power; an interrupted commit is rolled back whole when the database is next opened.
 * - `locking_mode=EXCLUSIVE`: one sandbox at a time per directory; another is refused at start.
 * - The format is versioned (`meta.format`): an older directory is migrated in one transaction,
 *   a newer one refused with what to do. The file is plain SQLite: a directory written by any
 *   taxdoc of the same format opens, whichever SQLite binding wrote it.
 *
 * Tables: `meta(key, value)` (format, clock offset, progressions), `partners(link_id, secret)`,
 * `rows(environment, domain, part, key, value)` — the facts each slot's codec writes (`Durable.ts`),
 * JSON text or bytes.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import type { DatabaseSync } from "node:sqlite"
import * as Clock from "effect/Clock"
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"

/** The format this version writes. */
export const FORMAT = 1

/** The module the storage engine needs (built into Node.js 22.13 and later). */
export const DRIVER = "node:sqlite"

/**
 * A data directory that cannot be used: the engine is missing, the directory is in use, written
 * by a newer version, or unreadable. The message says what to do.
 */
export class SandboxDataError extends Data.TaggedError("SandboxDataError")<{
  readonly directory: string
  readonly message: string
}> {}

/** The database the storage engine works on. */
export type Database = DatabaseSync

/** A step from one format to the next, run inside the transaction that records the new format. */
export interface Migration {
  readonly from: number
  readonly run: (db: Database) => void
}

/** The migrations from older formats (none yet: format 1 is the first). */
export const migrations: ReadonlyArray<Migration> = []

/** A stored row. */
export interface StoredRow {
  readonly environment: string
  readonly domain: string
  readonly part: string
  readonly key: string
  /** JSON text, or bytes. */
  readonly value: string | Uint8Array
}

/** One change of a row: a value to write, or `undefined` to delete it. */
export interface RowChange {
  readonly environment: string
  readonly domain: string
  readonly part: string
  readonly key: string
  readonly value: string | Uint8Array | undefined
}

/** An open data directory. */
export interface Storage {
  readonly directory: string
  readonly rows: () => ReadonlyArray<StoredRow>
  readonly setting: (key: string) => string | undefined
  readonly partners: () => ReadonlyArray<{ readonly linkId: string; readonly secretKey: string }>
  readonly savePartners: (partners: ReadonlyArray<{ readonly linkId: string; readonly secretKey: string }>) => void
  /** Writes changes and settings in one transaction (after deleting every row first, when `clear`). */
  readonly commit: (changes: ReadonlyArray<RowChange>, settings: ReadonlyArray<readonly [string, string]>, clear: boolean) => void
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS partners (link_id TEXT PRIMARY KEY, secret TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rows (
  environment TEXT NOT NULL, domain TEXT NOT NULL, part TEXT NOT NULL, key TEXT NOT NULL, value BLOB NOT NULL,
  PRIMARY KEY (environment, domain, part, key)
) WITHOUT ROWID;
`

/** Runs `body` in one transaction: committed when it returns, rolled back when it throws. */
export const transaction = <A>(db: Database, body: () => A): A => {
  db.exec("BEGIN")
  try {
    const result = body()
    db.exec("COMMIT")
    return result
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK")
    throw error
  }
}

type Sqlite = typeof import("node:sqlite")

const loadEngine = (directory: string): Effect.Effect<Sqlite, SandboxDataError> =>
  Effect.tryPromise({
    try: () => import("node:sqlite"),
    catch: (cause) =>
      new SandboxDataError({
        directory,
        message: `keeping the sandbox in a data directory needs Node.js 22.13 or newer, whose built-in ${DRIVER} stores it ` +
          `(this is Node.js ${process.versions.node}: ${String(cause)}); run it with a newer Node.js (in a clone: npm run taxdoc -- …), ` +
          `or leave out --data / the data option`
      })
  })

const textOf = (row: unknown, column: string): string | undefined => {
  const value = typeof row === "object" && row !== null ? (row as Record<string, unknown>)[column] : undefined
  return typeof value === "string" ? value : undefined
}

/**
 * Brings a database to `format`: a fresh one gets the schema, an older one is migrated step by step
 * in one transaction, a newer one (or one without a path from its format) is refused.
 */
export const prepare = (db: Database, directory: string, format: number = FORMAT, steps: ReadonlyArray<Migration> = migrations): Outcome<number> => {
  db.exec(SCHEMA)
  const stored = textOf(db.prepare("SELECT value FROM meta WHERE key = 'format'").get(), "value")
  if (stored === undefined) {
    db.prepare("INSERT INTO meta (key, value) VALUES ('format', ?)").run(String(format))
    return { ok: format }
  }
  const found = Number(stored)
  if (found === format) return { ok: format }
  if (!Number.isInteger(found) || found > format) {
    return {
      error: `${directory} holds sandbox data of format ${stored}, written by a newer taxdoc (this one reads format ${format} and older): ` +
        `upgrade taxdoc, or give another --data directory`
    }
  }
  const path: Array<Migration> = []
  for (let at = found; at < format; at++) {
    const step = steps.find((m) => m.from === at)
    if (step === undefined) {
      return {
        error: `${directory} holds sandbox data of format ${found}, which this taxdoc cannot migrate to format ${format}: ` +
          `start it with the taxdoc that wrote it to export what you need, or give another --data directory`
      }
    }
    path.push(step)
  }
  transaction(db, () => {
    for (const step of path) step.run(db)
    db.prepare("UPDATE meta SET value = ? WHERE key = 'format'").run(String(format))
  })
  return { ok: format }
}

/** The outcome of `prepare`: the format, or why the directory is refused. */
export type Outcome<A> = { readonly ok: A; readonly error?: undefined } | { readonly ok?: undefined; readonly error: string }

const messageOf = (cause: unknown): string => (cause instanceof Error ? cause.message : String(cause))

/** The SQLite result code of a failure of `node:sqlite`, when it has one. */
const sqliteCodeOf = (cause: unknown): number | undefined => {
  const code = typeof cause === "object" && cause !== null ? (cause as { readonly errcode?: unknown }).errcode : undefined
  return typeof code === "number" ? code & 0xff : undefined
}

const SQLITE_BUSY = 5
const SQLITE_LOCKED = 6
const SQLITE_CORRUPT = 11
const SQLITE_NOTADB = 26

/** What to say when a directory cannot be opened. */
const refusalOf = (directory: string, cause: unknown): string => {
  const code = sqliteCodeOf(cause)
  if (code === SQLITE_BUSY || code === SQLITE_LOCKED || /locked|busy/i.test(messageOf(cause))) {
    return `${directory} is in use by another sandbox: stop it, or give another --data directory`
  }
  if (code === SQLITE_NOTADB || code === SQLITE_CORRUPT) {
    return `${path.join(directory, "sandbox.db")} is not a sandbox database that can be read (${messageOf(cause)}): ` +
      `move it away to start afresh there, or give another --data directory`
  }
  return `cannot use ${directory} as a data directory: ${messageOf(cause)}`
}

const storageOf = (db: Database, directory: string): Storage => {
  const upsert = db.prepare("INSERT INTO rows (environment, domain, part, key, value) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET value = excluded.value")
  const remove = db.prepare("DELETE FROM rows WHERE environment = ? AND domain = ? AND part = ? AND key = ?")
  const clearRows = db.prepare("DELETE FROM rows")
  const setMeta = db.prepare("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT DO UPDATE SET value = excluded.value")
  const savePartner = db.prepare("INSERT INTO partners (link_id, secret) VALUES (?, ?) ON CONFLICT DO UPDATE SET secret = excluded.secret")
  return {
    directory,
    rows: () =>
      db.prepare("SELECT environment, domain, part, key, value FROM rows").all().map((row): StoredRow => {
        const value = (row as Record<string, unknown>)["value"]
        return {
          environment: textOf(row, "environment") ?? "",
          domain: textOf(row, "domain") ?? "",
          part: textOf(row, "part") ?? "",
          key: textOf(row, "key") ?? "",
          value: typeof value === "string" ? value : new Uint8Array(value as Uint8Array)
        }
      }),
    setting: (key) => textOf(db.prepare("SELECT value FROM meta WHERE key = ?").get(key), "value"),
    partners: () =>
      db.prepare("SELECT link_id, secret FROM partners").all().map((row) => ({ linkId: textOf(row, "link_id") ?? "", secretKey: textOf(row, "secret") ?? "" })),
    savePartners: (partners) =>
      transaction(db, () => {
        for (const p of partners) savePartner.run(p.linkId, p.secretKey)
      }),
    commit: (changes, settings, clear) =>
      transaction(db, () => {
        if (clear) clearRows.run()
        for (const c of changes) {
          if (c.value === undefined) remove.run(c.environment, c.domain, c.part, c.key)
          else upsert.run(c.environment, c.domain, c.part, c.key, c.value)
        }
        for (const [key, value] of settings) setMeta.run(key, value)
      })
  }
}

/** Opens (creating if needed) the data directory `directory`; closes it with the scope. */
export const open = (directory: string): Effect.Effect<Storage, SandboxDataError, Scope.Scope> =>
  Effect.flatMap(Effect.all([loadEngine(directory), Clock.currentTimeMillis]), ([Sqlite, now]) =>
    Effect.acquireRelease(
      Effect.try({
        try: () => {
          fs.mkdirSync(directory, { recursive: true, mode: 0o700 })
          const file = path.join(directory, "sandbox.db")
          // No waiting on a lock: a directory in use is refused at once.
          const db = new Sqlite.DatabaseSync(file, { timeout: 0 })
          try {
            // Partners' secrets are in it: readable by its owner only.
            fs.chmodSync(file, 0o600)
            db.exec("PRAGMA locking_mode = EXCLUSIVE")
            db.exec("PRAGMA journal_mode = WAL")
            db.exec("PRAGMA synchronous = FULL")
            const prepared = prepare(db, directory)
            if (prepared.error !== undefined) throw new SandboxDataError({ directory, message: prepared.error })
            // A write takes the exclusive lock now: a second sandbox on this directory is refused at start.
            db.prepare("INSERT INTO meta (key, value) VALUES ('opened', ?) ON CONFLICT DO UPDATE SET value = excluded.value").run(new Date(now).toISOString())
            return { db, storage: storageOf(db, directory) }
          } catch (e) {
            db.close()
            throw e
          }
        },
        catch: (cause) => cause instanceof SandboxDataError ? cause : new SandboxDataError({ directory, message: refusalOf(directory, cause) })
      }),
      ({ db }) => Effect.sync(() => db.close())
    )).pipe(Effect.map(({ storage }) => storage))
