/**
 * The token store of a fleet in PostgreSQL (`TokenStore` of taxdoc's core): one row per
 * (environment, LinkID, member, scope set), issued once for the fleet under a transaction-scoped
 * advisory lock on that key. An instance that dies holding the lock releases it with its
 * connection, so it blocks nobody beyond its own lock. Expiry is kept as a lifetime and the
 * database's instant of issue, so every instance judges it on the database's clock and then on its
 * own, never comparing two instances' clocks. Forgetting a member deletes its rows and tells every
 * instance (`NOTIFY`), which drops it from its own cache.
 *
 * Rows hold bearer tokens: whoever reads the table can call the service as those members until the
 * tokens expire (docs/fleet.md "Tokens are bearer secrets"). The secret key is never stored.
 *
 * @since 0.1.0
 */
import * as PgClient from "@effect/sql-pg/PgClient"
import * as Cause from "effect/Cause"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Reactivity from "effect/reactivity/Reactivity"
import * as Redacted from "effect/Redacted"
import * as Schedule from "effect/Schedule"
import * as Schema from "effect/Schema"
import * as Semaphore from "effect/Semaphore"
import * as SqlClient from "effect/sql/SqlClient"
import * as Stream from "effect/Stream"
import { DEFAULT_TOKEN_STORE_TABLE, isTableName } from "../core/Config.js"
import { type IssuedToken, type ObtainedToken, type TokenKey, TokenStore, type TokenStoreShape, TokenStoreUnavailable } from "../core/TokenStore.js"
import { clientConfig } from "./Postgres.js"

/**
 * Options of the shared token store.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options {
  /** `table` or `schema.table` (default `taxdoc_tokens`). */
  readonly table?: string | undefined
  /** Creates the table (and its schema) on first use when it is missing (default true). */
  readonly createTable?: boolean | undefined
  /** The longest wait for another instance issuing the same token (default 60 s); then this one issues its own. */
  readonly lockTimeout?: Duration.Input | undefined
  /** The longest any other statement may take before the store counts as unreachable (default 20 s). */
  readonly statementTimeout?: Duration.Input | undefined
  /** Connections used at once (default 4). */
  readonly connections?: number | undefined
}

/**
 * The first of the two keys of the store's advisory locks (`pg_advisory_xact_lock(int, int)`), a
 * key space apart from the single-key locks other programs use.
 *
 * @since 0.1.0
 * @category constants
 */
export const LOCK_CLASS = 0x7a78_646f

/**
 * The SQL that creates the table (and its schema), as the store runs it on first use; run it
 * yourself when the store's role may not create tables (docs/fleet.md "The tables").
 *
 * @since 0.1.0
 * @category constructors
 */
export const migration = (table: string = DEFAULT_TOKEN_STORE_TABLE): string => {
  const { schema, quoted } = tableName(table)
  return [
    ...(schema === undefined ? [] : [`CREATE SCHEMA IF NOT EXISTS "${schema}";`]),
    `CREATE TABLE IF NOT EXISTS ${quoted} (`,
    `  environment text NOT NULL,`,
    `  link_id text NOT NULL,`,
    `  corp_num text NOT NULL,`,
    `  scopes text NOT NULL,`,
    `  token text NOT NULL,`,
    `  expiration text NOT NULL,`,
    `  lifetime_ms bigint NOT NULL,`,
    `  issued_at timestamptz NOT NULL,`,
    `  PRIMARY KEY (environment, link_id, corp_num, scopes)`,
    `);`
  ].join("\n")
}

interface TableName {
  readonly schema: string | undefined
  readonly name: string
  readonly quoted: string
}

const tableName = (table: string): TableName => {
  if (!isTableName(table)) throw new Error(`taxdoc token store: ${table} is not a table name (table or schema.table)`)
  const [first, second] = table.split(".") as [string, string | undefined]
  return second === undefined
    ? { schema: undefined, name: first, quoted: `"${first}"` }
    : { schema: first, name: second, quoted: `"${first}"."${second}"` }
}

/** The failure of `issue`, carried through the transaction apart from the database's. */
class IssueFailed<E> {
  constructor(readonly error: E) {}
}

const unavailable = (reason: string) => (cause: unknown) => new TokenStoreUnavailable({ reason, cause })

/** A notification's payload: the member another instance forgot. */
const Forgotten = Schema.fromJsonString(Schema.Struct({ environment: Schema.String, linkId: Schema.String, corpNum: Schema.String }))
const decodeForgotten = Schema.decodeUnknownResult(Forgotten)

/**
 * What the store listens through: a `PgClient` (its `listen`), or nothing.
 *
 * @since 1.0.0
 * @category models
 */
export type Listener = Pick<PgClient.PgClient, "listen">

/**
 * The store over the `SqlClient` in the context (a PostgreSQL one). When the context also has a
 * `PgClient`, the members other instances forget are heard through `LISTEN`; otherwise `forgotten`
 * is empty (their rows are still deleted, and the other instances' cached tokens are refused by the
 * service and renewed).
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (options: Options = {}): Effect.Effect<TokenStoreShape, never, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const pg = yield* Effect.serviceOption(PgClient.PgClient)
    return makeWith(sql, Option.getOrUndefined(pg), options)
  })

/**
 * The store over `sql`, hearing forgotten members through `listener` when there is one.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeWith = (sql: SqlClient.SqlClient, listener: Listener | undefined, options: Options = {}): TokenStoreShape => {
  const table = tableName(options.table ?? DEFAULT_TOKEN_STORE_TABLE)
  const identifier = sql(options.table ?? DEFAULT_TOKEN_STORE_TABLE)
  const channel = `${table.name}_forgotten`
  const lockTimeout = Duration.fromInputUnsafe(options.lockTimeout ?? "60 seconds")
  const statementTimeout = Duration.fromInputUnsafe(options.statementTimeout ?? "20 seconds")
  const createTable = options.createTable ?? true
  let ready = false

  const bounded = <A, E, R>(effect: Effect.Effect<A, E, R>, timeout: Duration.Duration = statementTimeout) =>
    Effect.timeoutOrElse(effect, {
      duration: timeout,
      orElse: () => Effect.fail(new TokenStoreUnavailable({ reason: `no answer within ${Duration.format(timeout)}` }))
    })

  // The table, created once per store when missing (two instances creating it at once are
  // serialised by a lock).
  const prepare = Effect.suspend(() =>
    ready || !createTable ? Effect.void : sql.withTransaction(Effect.gen(function*() {
      yield* sql`SELECT pg_advisory_xact_lock(${LOCK_CLASS}, 0)`
      const [found] = yield* sql<{ readonly present: boolean }>`SELECT to_regclass(${table.quoted}) IS NOT NULL AS present`
      if (found?.present !== true) for (const statement of migration(options.table ?? DEFAULT_TOKEN_STORE_TABLE).split(";\n")) yield* sql.unsafe(statement)
    })).pipe(bounded, Effect.tap(() => Effect.sync(() => void (ready = true))))
  )

  // Statements wait for a connection here rather than in the pool: at most this many hold one at
  // once (a cold fleet queues on the keys' locks), and the listener always finds its own.
  const permits = Semaphore.makeUnsafe(options.connections ?? 4)

  // Any failure but the issuance's — a broken connection's included — is the store's.
  const guarded = <A, E>(reason: string, effect: Effect.Effect<A, E | IssueFailed<unknown>>): Effect.Effect<A, TokenStoreUnavailable | IssueFailed<unknown>> =>
    permits.withPermit(Effect.andThen(prepare, effect)).pipe(
      Effect.catchCause((cause) => {
        if (Cause.hasInterruptsOnly(cause)) return Effect.failCause(cause as Cause.Cause<never>)
        const failure = Cause.squash(cause)
        return Effect.fail(failure instanceof TokenStoreUnavailable || failure instanceof IssueFailed ? failure : unavailable(reason)(failure))
      })
    )

  const quietly = (reason: string, effect: Effect.Effect<unknown, unknown>): Effect.Effect<void, TokenStoreUnavailable> =>
    Effect.catch(guarded(reason, Effect.asVoid(effect)), (e) => Effect.fail(e instanceof TokenStoreUnavailable ? e : unavailable(reason)(e)))

  const where = (key: TokenKey) =>
    sql`environment = ${key.environment} AND link_id = ${key.linkId} AND corp_num = ${key.corpNum} AND scopes = ${key.scopes}`

  const fresh = (key: TokenKey, marginMillis: number) =>
    Effect.map(
      sql<{ readonly token: string; readonly remaining: number }>`
        SELECT token, (lifetime_ms - EXTRACT(EPOCH FROM (clock_timestamp() - issued_at)) * 1000)::float8 AS remaining
        FROM ${identifier} WHERE ${where(key)}`,
      ([row]): ObtainedToken | undefined =>
        row !== undefined && row.remaining > marginMillis ? { token: Redacted.make(row.token), remainingMillis: row.remaining, issuedHere: false } : undefined
    )

  const store = (key: TokenKey, issued: IssuedToken) =>
    sql`
      INSERT INTO ${identifier} (environment, link_id, corp_num, scopes, token, expiration, lifetime_ms, issued_at)
      VALUES (${key.environment}, ${key.linkId}, ${key.corpNum}, ${key.scopes}, ${Redacted.value(issued.token)}, ${issued.expiration}, ${Math.round(issued.lifetimeMillis)}, clock_timestamp())
      ON CONFLICT (environment, link_id, corp_num, scopes) DO UPDATE SET
        token = EXCLUDED.token, expiration = EXCLUDED.expiration, lifetime_ms = EXCLUDED.lifetime_ms, issued_at = EXCLUDED.issued_at`

  const obtain = <E>(key: TokenKey, marginMillis: number, issue: Effect.Effect<IssuedToken, E>): Effect.Effect<ObtainedToken, E | TokenStoreUnavailable> =>
    Effect.suspend(() => {
      let issuedHere: IssuedToken | undefined
      const lockText = `${key.environment}|${key.linkId}|${key.corpNum}|${key.scopes}`
      // Under the key's lock: a second look, and only then the issuance.
      const underLock = sql.withTransaction(Effect.gen(function*() {
        yield* bounded(sql.unsafe(`SET LOCAL lock_timeout = ${Math.max(1, Math.round(Duration.toMillis(lockTimeout)))}`))
        yield* bounded(sql`SELECT pg_advisory_xact_lock(${LOCK_CLASS}, hashtext(${lockText}))`, Duration.sum(lockTimeout, statementTimeout))
        const found = yield* bounded(fresh(key, marginMillis))
        if (found !== undefined) return found
        const issued = yield* Effect.mapError(issue, (error) => new IssueFailed(error))
        issuedHere = issued
        yield* bounded(store(key, issued))
        return { token: issued.token, remainingMillis: issued.lifetimeMillis, issuedHere: true }
      }))
      // A fresh token needs no lock.
      const looked = Effect.flatMap(bounded(fresh(key, marginMillis)), (found) => found !== undefined ? Effect.succeed(found) : underLock)
      return guarded("could not obtain a token", looked).pipe(
        Effect.catch((failure): Effect.Effect<ObtainedToken, E | TokenStoreUnavailable> => {
          if (failure instanceof IssueFailed) return Effect.fail(failure.error as E)
          // Issued, but not stored: the token is good all the same.
          if (issuedHere !== undefined) return Effect.succeed({ token: issuedHere.token, remainingMillis: issuedHere.lifetimeMillis, issuedHere: true })
          return Effect.fail(failure)
        })
      )
    })

  const discard = (key: TokenKey, token: Redacted.Redacted<string>) =>
    quietly("could not discard a token", bounded(sql`DELETE FROM ${identifier} WHERE ${where(key)} AND token = ${Redacted.value(token)}`))

  const forgetMember = (member: { readonly environment: string; readonly linkId: string; readonly corpNum: string }) =>
    quietly(
      "could not forget a member",
      bounded(sql.withTransaction(Effect.andThen(
        sql`DELETE FROM ${identifier} WHERE environment = ${member.environment} AND link_id = ${member.linkId} AND corp_num = ${member.corpNum}`,
        sql`SELECT pg_notify(${channel}, ${JSON.stringify({ environment: member.environment, linkId: member.linkId, corpNum: member.corpNum })})`
      )))
    )

  // Heard through a connection of its own; when it breaks (the database away), listened again
  // every 5 seconds until it answers.
  const forgotten = listener === undefined
    ? Stream.empty
    : Stream.unwrap(Effect.map(listener.listen(channel), Stream.fromQueue)).pipe(
      Stream.retry(Schedule.spaced("5 seconds")),
      Stream.ignore,
      Stream.filterMap((notification) => decodeForgotten(notification.payload))
    )

  return TokenStore.of({ obtain, discard, forgetMember, forgotten })
}

/**
 * The store over the `SqlClient` in the context (a PostgreSQL one).
 *
 * @since 0.1.0
 * @category layers
 */
export const layerSql = (options: Options = {}): Layer.Layer<TokenStore, never, SqlClient.SqlClient> => Layer.effect(TokenStore, make(options))

/**
 * The store in the database at `url`, connected when first needed: a database unreachable when the
 * layer is built (or later) is not a failure — `Tokens` issues the instance's own tokens until it
 * answers.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (options: Options & { readonly url: Redacted.Redacted<string> }): Layer.Layer<TokenStore> =>
  Layer.effect(
    TokenStore,
    Effect.gen(function*() {
      // One connection more than the statements' permits: the listener holds one of its own.
      const maxConnections = (options.connections ?? 4) + 1
      const connected = yield* PgClient.make(clientConfig({ url: options.url, applicationName: "taxdoc tokens", maxConnections })).pipe(
        Effect.provide(Reactivity.layer),
        Effect.exit
      )
      if (Exit.isSuccess(connected)) return makeWith(connected.value, connected.value, options)
      // A URL the driver cannot read: every use says so, and `Tokens` issues its own.
      const failed = Effect.fail(unavailable("could not connect")(Cause.squash(connected.cause)))
      return TokenStore.of({ obtain: () => failed, discard: () => failed, forgetMember: () => failed, forgotten: Stream.empty })
    })
  )
