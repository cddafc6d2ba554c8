/**
 * The storage engine of a durable sandbox: one SQLite database, `sandbox.db` in the data directory,
 * through `better-sqlite3` (an optional peer dependency, loaded only when a data directory is
 * given). Why SQLite and these settings: docs/decisions.md, "A durable sandbox".
 *
 * - `journal_mode=WAL`, `synchronous=FULL`: a commit is on disk (the log synced) before it returns,
 *   so a change acknowledged with 200 survives the process being killed and the machine losing
 *   power; an interrupted commit is rolled back whole when the database is next opened.
 * - `locking_mode=EXCLUSIVE`: one sandbox at a time per directory; another is refused at start.
 * - The format is versioned (`meta.format`): an older directory is migrated in one transaction,
 *   a newer one refused with what to do.
 *
 * Tables: `meta(key, value)` (format, clock offset, progressions), `partners(link_id, secret)`,
 * `rows(environment, domain, part, key, value)` — the facts each slot's codec writes (`Durable.ts`),
 * JSON text or bytes.
 *
 * @since 0.1.0
 */
import * as fs from "node:fs"
import { createRequire } from "node:module"
import * as path from "node:path"
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"

/**
 * The format this version writes.
 *
 * @since 0.1.0
 * @category constants
 */
export const FORMAT = 1

/**
 * The package the storage engine needs.
 *
 * @since 0.1.0
 * @category constants
 */
export const DRIVER = "better-sqlite3"

/**
 * A data directory that cannot be used: the driver is missing, the directory is in use, written
 * by a newer version, or unreadable. The message says what to do.
 *
 * @since 0.1.0
 * @category errors
 */
export class SandboxDataError extends Data.TaggedError("SandboxDataError")<{
  readonly directory: string
  readonly message: string
}> {}

/** What this module uses of a better-sqlite3 statement. */
interface Statement {
  run(...params: ReadonlyArray<unknown>): unknown
  all(...params: ReadonlyArray<unknown>): Array<unknown>
  get(...params: ReadonlyArray<unknown>): unknown
}

/**
 * What this module uses of a better-sqlite3 database.
 *
 * @since 0.1.0
 * @category models
 */
export interface Database {
  exec(sql: string): unknown
  prepare(sql: string): Statement
  pragma(source: string, options?: { readonly simple?: boolean }): unknown
  transaction<F extends (...args: Array<never>) => unknown>(fn: F): F
  close(): unknown
}

/**
 * A step from one format to the next, run inside the transaction that records the new format.
 *
 * @since 0.1.0
 * @category models
 */
export interface Migration {
  readonly from: number
  readonly run: (db: Database) => void
}

/**
 * The migrations from older formats (none yet: format 1 is the first).
 *
 * @since 0.1.0
 * @category constants
 */
export const migrations: ReadonlyArray<Migration> = []

/**
 * A stored row.
 *
 * @since 0.1.0
 * @category models
 */
export interface StoredRow {
  readonly environment: string
  readonly domain: string
  readonly part: string
  readonly key: string
  /** JSON text, or bytes. */
  readonly value: string | Uint8Array
}

/**
 * One change of a row: a value to write, or `undefined` to delete it.
 *
 * @since 0.1.0
 * @category models
 */
export interface RowChange {
  readonly environment: string
  readonly domain: string
  readonly part: string
  readonly key: string
  readonly value: string | Uint8Array | undefined
}

/**
 * An open data directory.
 *
 * @since 0.1.0
 * @category models
 */
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

type Driver = new(file: string, options: { readonly timeout: number }) => Database

const loadDriver = (directory: string): Effect.Effect<Driver, SandboxDataError> =>
  Effect.try({
    try: () => createRequire(import.meta.url)(DRIVER) as Driver,
    catch: (cause) => {
      const missing = typeof cause === "object" && cause !== null && (cause as { code?: unknown }).code === "MODULE_NOT_FOUND"
      return new SandboxDataError({
        directory,
        message: missing
          ? `keeping the sandbox in a data directory needs the package ${DRIVER}: install it with npm install ${DRIVER}@12 (or leave out --data / the data option)`
          : `the package ${DRIVER} could not be loaded (${String(cause)}): reinstall it for this Node.js with npm rebuild ${DRIVER}`
      })
    }
  })

/**
 * Brings a database to `format`: a fresh one gets the schema, an older one is migrated step by step
 * in one transaction, a newer one (or one without a path from its format) is refused.
 *
 * @since 0.1.0
 * @category combinators
 */
export const prepare = (db: Database, directory: string, format: number = FORMAT, steps: ReadonlyArray<Migration> = migrations): Either<number> => {
  db.exec(SCHEMA)
  const row = db.prepare("SELECT value FROM meta WHERE key = 'format'").get() as { readonly value: string } | undefined
  if (row === undefined) {
    db.prepare("INSERT INTO meta (key, value) VALUES ('format', ?)").run(String(format))
    return { ok: format }
  }
  const found = Number(row.value)
  if (found === format) return { ok: format }
  if (!Number.isInteger(found) || found > format) {
    return {
      error: `${directory} holds sandbox data of format ${row.value}, written by a newer taxdoc (this one reads format ${format} and older): ` +
        `upgrade taxdoc, or give another --data directory`
    }
  }
  const path: Array<Migration> = []
  for (let at = found; at < format; at++) {
    const step = steps.find((m) => m.from === at)
    if (step === undefined) {
      return { error: `${directory} holds sandbox data of format ${found}, which this taxdoc cannot migrate to format ${format}: start it with the taxdoc that wrote it to export what you need, or give another --data directory` }
    }
    path.push(step)
  }
  db.transaction(() => {
    for (const step of path) step.run(db)
    db.prepare("UPDATE meta SET value = ? WHERE key = 'format'").run(String(format))
  })()
  return { ok: format }
}

/**
 * The outcome of `prepare`: the format, or why the directory is refused.
 *
 * @since 0.1.0
 * @category models
 */
export type Either<A> = { readonly ok: A; readonly error?: undefined } | { readonly ok?: undefined; readonly error: string }

const messageOf = (cause: unknown): string => (cause instanceof Error ? cause.message : String(cause))

const storageOf = (db: Database, directory: string): Storage => {
  const upsert = db.prepare("INSERT INTO rows (environment, domain, part, key, value) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET value = excluded.value")
  const remove = db.prepare("DELETE FROM rows WHERE environment = ? AND domain = ? AND part = ? AND key = ?")
  const clearRows = db.prepare("DELETE FROM rows")
  const setMeta = db.prepare("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT DO UPDATE SET value = excluded.value")
  const commit = db.transaction((changes: ReadonlyArray<RowChange>, settings: ReadonlyArray<readonly [string, string]>, clear: boolean) => {
    if (clear) clearRows.run()
    for (const c of changes) {
      if (c.value === undefined) remove.run(c.environment, c.domain, c.part, c.key)
      else upsert.run(c.environment, c.domain, c.part, c.key, c.value)
    }
    for (const [key, value] of settings) setMeta.run(key, value)
  })
  return {
    directory,
    rows: () =>
      (db.prepare("SELECT environment, domain, part, key, value FROM rows").all() as Array<StoredRow>).map((row) =>
        typeof row.value === "string" ? row : { ...row, value: new Uint8Array(row.value) }
      ),
    setting: (key) => (db.prepare("SELECT value FROM meta WHERE key = ?").get(key) as { readonly value: string } | undefined)?.value,
    partners: () =>
      (db.prepare("SELECT link_id, secret FROM partners").all() as Array<{ readonly link_id: string; readonly secret: string }>)
        .map((row) => ({ linkId: row.link_id, secretKey: row.secret })),
    savePartners: db.transaction((partners: ReadonlyArray<{ readonly linkId: string; readonly secretKey: string }>) => {
      const save = db.prepare("INSERT INTO partners (link_id, secret) VALUES (?, ?) ON CONFLICT DO UPDATE SET secret = excluded.secret")
      for (const p of partners) save.run(p.linkId, p.secretKey)
    }),
    commit: (changes, settings, clear) => commit(changes, settings, clear)
  }
}

/**
 * Opens (creating if needed) the data directory `directory`; closes it with the scope.
 *
 * @since 0.1.0
 * @category constructors
 */
export const open = (directory: string): Effect.Effect<Storage, SandboxDataError, Scope.Scope> =>
  Effect.flatMap(loadDriver(directory), (Driver) =>
    Effect.acquireRelease(
      Effect.try({
        try: () => {
          fs.mkdirSync(directory, { recursive: true, mode: 0o700 })
          const file = path.join(directory, "sandbox.db")
          // No waiting on a lock: a directory in use is refused at once.
          const db = new Driver(file, { timeout: 0 })
          try {
            // Partners' secrets are in it: readable by its owner only.
            fs.chmodSync(file, 0o600)
            db.pragma("locking_mode = EXCLUSIVE")
            db.pragma("journal_mode = WAL")
            db.pragma("synchronous = FULL")
            const prepared = prepare(db, directory)
            if (prepared.error !== undefined) throw new SandboxDataError({ directory, message: prepared.error })
            // A write takes the exclusive lock now: a second sandbox on this directory is refused at start.
            db.prepare("INSERT INTO meta (key, value) VALUES ('opened', ?) ON CONFLICT DO UPDATE SET value = excluded.value").run(new Date().toISOString())
            return { db, storage: storageOf(db, directory) }
          } catch (e) {
            db.close()
            throw e
          }
        },
        catch: (cause) =>
          cause instanceof SandboxDataError
            ? cause
            : new SandboxDataError({
              directory,
              message: /locked|busy/i.test(messageOf(cause))
                ? `${directory} is in use by another sandbox: stop it, or give another --data directory`
                : `cannot use ${directory} as a data directory: ${messageOf(cause)}`
            })
      }),
      ({ db }) => Effect.sync(() => db.close())
    )).pipe(Effect.map(({ storage }) => storage))
