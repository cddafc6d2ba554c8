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
 * tokens expire (docs/fleet.md "What the tables hold"). The secret key is never stored.
 *
 * @since 0.1.0
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import * as PgClient from "@effect/sql-pg/PgClient"
import * as Cause from "effect/Cause"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Schedule from "effect/Schedule"
import * as Stream from "effect/Stream"
import { DEFAULT_TOKEN_STORE_TABLE, isTableName } from "../core/Config.js"
import {
  type ForgottenMember,
  type IssuedToken,
  type ObtainedToken,
  type TokenKey,
  TokenStore,
  TokenStoreUnavailable
} from "../core/TokenStore.js"
import { connectLazily } from "./Postgres.js"

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
  readonly lockTimeout?: Duration.DurationInput | undefined
  /** The longest any other statement may take before the store counts as unreachable (default 20 s). */
  readonly statementTimeout?: Duration.DurationInput | undefined
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

const tableName = (table: string): { readonly schema: string | undefined; readonly name: string; readonly plain: string; readonly quoted: string } => {
  if (!isTableName(table)) throw new Error(`taxdoc token store: ${table} is not a table name (table or schema.table)`)
  const [first, second] = table.split(".")
  return second === undefined
    ? { schema: undefined, name: first!, plain: table, quoted: `"${first}"` }
    : { schema: first, name: second, plain: table, quoted: `"${first}"."${second}"` }
}

/** The failure of `issue`, carried through the transaction apart from the database's. */
class IssueFailed<E> {
  constructor(readonly error: E) {}
}

const unavailable = (reason: string) => (cause: unknown) => new TokenStoreUnavailable({ reason, cause })

/**
 * The store over a `SqlClient` of PostgreSQL. When that client is a `PgClient`, the members other
 * instances forget are heard through `LISTEN`; otherwise `forgotten` is empty (their rows are still
 * deleted, and the other instances' cached tokens are refused by the service and renewed).
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (options: Options = {}) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const pg = yield* Effect.serviceOption(PgClient.PgClient)
    return makeWith(Effect.succeed(sql), Option.getOrUndefined(pg), options)
  })

/**
 * The store over a client obtained when first needed (`client` may fail while the database is
 * unreachable; it is asked again on the next use).
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeWith = (
  client: Effect.Effect<SqlClient.SqlClient, TokenStoreUnavailable>,
  listener: { readonly listen: (channel: string) => Stream.Stream<string, SqlError> } | Effect.Effect<PgClient.PgClient, TokenStoreUnavailable> | undefined,
  options: Options = {}
): TokenStore["Type"] => {
  const table = tableName(options.table ?? DEFAULT_TOKEN_STORE_TABLE)
  const channel = `${table.name}_forgotten`
  const lockTimeout = Duration.decode(options.lockTimeout ?? "60 seconds")
  const statementTimeout = Duration.decode(options.statementTimeout ?? "20 seconds")
  const createTable = options.createTable ?? true
  const connections = options.connections ?? 4
  let ready = false

  const bounded = <A, E, R>(effect: Effect.Effect<A, E, R>, timeout: Duration.Duration = statementTimeout) =>
    Effect.timeoutFail(effect, { duration: timeout, onTimeout: () => new TokenStoreUnavailable({ reason: `no answer within ${Duration.format(timeout)}` }) })

  // The table, created once per store when missing (two instances creating it at once are
  // serialised by a lock).
  const prepare = (sql: SqlClient.SqlClient) =>
    ready || !createTable ? Effect.void : sql.withTransaction(Effect.gen(function*() {
      yield* sql`SELECT pg_advisory_xact_lock(${LOCK_CLASS}, 0)`
      const [found] = yield* sql<{ readonly present: boolean }>`SELECT to_regclass(${table.quoted}) IS NOT NULL AS present`
      if (found?.present !== true) for (const statement of migration(options.table ?? DEFAULT_TOKEN_STORE_TABLE).split(";\n")) yield* sql.unsafe(statement)
    })).pipe(bounded, Effect.tap(() => Effect.sync(() => void (ready = true))))

  // Statements wait for a connection here, never in the pool (whose wait is bounded by the
  // connection timeout): a cold fleet queues on the keys' locks, not on the pool.
  const permits = Effect.unsafeMakeSemaphore(connections)

  const withSql = <A, E>(f: (sql: SqlClient.SqlClient) => Effect.Effect<A, E | SqlError | TokenStoreUnavailable>, reason: string) =>
    Effect.flatMap(client, (sql) => permits.withPermits(1)(Effect.zipRight(prepare(sql), f(sql)))).pipe(
      Effect.catchTag("SqlError", (e) => Effect.fail(unavailable(reason)(e)))
    )

  // Statements besides obtaining: any failure, a defect of a broken connection included, is the store's.
  const quietly = (effect: Effect.Effect<unknown, TokenStoreUnavailable>, reason: string): Effect.Effect<void, TokenStoreUnavailable> =>
    Effect.catchAllCause(Effect.asVoid(effect), (cause) =>
      Cause.isInterruptedOnly(cause) ? Effect.interrupt : Effect.fail(unavailable(reason)(Cause.squash(cause))))

  const where = (sql: SqlClient.SqlClient, key: TokenKey) =>
    sql`environment = ${key.environment} AND link_id = ${key.linkId} AND corp_num = ${key.corpNum} AND scopes = ${key.scopes}`

  const fresh = (sql: SqlClient.SqlClient, key: TokenKey, marginMillis: number) =>
    Effect.map(
      sql<{ readonly token: string; readonly remaining: number }>`
        SELECT token, (lifetime_ms - EXTRACT(EPOCH FROM (clock_timestamp() - issued_at)) * 1000)::float8 AS remaining
        FROM ${sql(table.plain)} WHERE ${where(sql, key)}`,
      ([row]): ObtainedToken | undefined =>
        row !== undefined && row.remaining > marginMillis ? { token: Redacted.make(row.token), remainingMillis: row.remaining, issuedHere: false } : undefined
    )

  const obtain = <E>(key: TokenKey, marginMillis: number, issue: Effect.Effect<IssuedToken, E>): Effect.Effect<ObtainedToken, E | TokenStoreUnavailable> =>
    Effect.suspend(() => {
      let issuedHere: IssuedToken | undefined
      const lockText = `${key.environment}|${key.linkId}|${key.corpNum}|${key.scopes}`
      // Read first: a fresh token needs no lock; otherwise the lock, and a second look under it.
      const transaction = (sql: SqlClient.SqlClient) =>
        Effect.flatMap(bounded(fresh(sql, key, marginMillis)), (found) => found !== undefined ? Effect.succeed(found) : sql.withTransaction(Effect.gen(function*() {
          yield* bounded(sql.unsafe(`SET LOCAL lock_timeout = ${Math.max(1, Math.round(Duration.toMillis(lockTimeout)))}`))
          yield* bounded(sql`SELECT pg_advisory_xact_lock(${LOCK_CLASS}, hashtext(${lockText}))`, Duration.sum(lockTimeout, statementTimeout))
          const found = yield* bounded(fresh(sql, key, marginMillis))
          if (found !== undefined) return found
          const issued = yield* Effect.mapError(issue, (error) => new IssueFailed(error))
          issuedHere = issued
          yield* bounded(sql`
            INSERT INTO ${sql(table.plain)} (environment, link_id, corp_num, scopes, token, expiration, lifetime_ms, issued_at)
            VALUES (${key.environment}, ${key.linkId}, ${key.corpNum}, ${key.scopes}, ${Redacted.value(issued.token)}, ${issued.expiration}, ${Math.round(issued.lifetimeMillis)}, clock_timestamp())
            ON CONFLICT (environment, link_id, corp_num, scopes) DO UPDATE SET
              token = EXCLUDED.token, expiration = EXCLUDED.expiration, lifetime_ms = EXCLUDED.lifetime_ms, issued_at = EXCLUDED.issued_at`)
          return { token: issued.token, remainingMillis: issued.lifetimeMillis, issuedHere: true }
        })))
      // A broken connection may fail the transaction's own statements as defects: any failure but
      // the issuance's is the store's.
      return withSql(transaction, "could not obtain a token").pipe(
        Effect.catchAllCause((cause): Effect.Effect<ObtainedToken, E | TokenStoreUnavailable> => {
          if (Cause.isInterruptedOnly(cause)) return Effect.interrupt
          const failure = Cause.squash(cause)
          if (failure instanceof IssueFailed) return Effect.fail(failure.error as E)
          // Issued, but not stored: the token is good all the same.
          if (issuedHere !== undefined) return Effect.succeed({ token: issuedHere.token, remainingMillis: issuedHere.lifetimeMillis, issuedHere: true })
          return Effect.fail(failure instanceof TokenStoreUnavailable ? failure : unavailable("could not obtain a token")(failure))
        })
      )
    })

  const discard = (key: TokenKey, token: Redacted.Redacted<string>) =>
    quietly(withSql((sql) => bounded(sql`DELETE FROM ${sql(table.plain)} WHERE ${where(sql, key)} AND token = ${Redacted.value(token)}`), "discard"), "could not discard a token")

  const forgetMember = (member: ForgottenMember) =>
    quietly(withSql((sql) =>
      bounded(sql.withTransaction(Effect.zipRight(
        sql`DELETE FROM ${sql(table.plain)} WHERE environment = ${member.environment} AND link_id = ${member.linkId} AND corp_num = ${member.corpNum}`,
        sql`SELECT pg_notify(${channel}, ${JSON.stringify(member)})`
      ))), "forget"), "could not forget a member")

  const listenOn = (pg: { readonly listen: (channel: string) => Stream.Stream<string, SqlError> }) => pg.listen(channel)
  const heard: Stream.Stream<string, SqlError | TokenStoreUnavailable> = listener === undefined
    ? Stream.empty
    : Effect.isEffect(listener)
    ? Stream.unwrap(Effect.map(listener, listenOn))
    : listenOn(listener)
  const forgotten = heard.pipe(
    Stream.retry(Schedule.spaced("5 seconds")),
    Stream.catchAll(() => Stream.empty),
    Stream.filterMap((payload) => {
      try {
        const parsed = JSON.parse(payload) as Partial<ForgottenMember>
        return typeof parsed.environment === "string" && typeof parsed.linkId === "string" && typeof parsed.corpNum === "string"
          ? Option.some({ environment: parsed.environment, linkId: parsed.linkId, corpNum: parsed.corpNum })
          : Option.none()
      } catch {
        return Option.none()
      }
    })
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
  Layer.scoped(
    TokenStore,
    Effect.map(
      connectLazily({ url: options.url, applicationName: "taxdoc tokens", maxConnections: options.connections ?? 4 }),
      (connect) => {
        const pg = Effect.mapError(connect, unavailable("could not connect"))
        return makeWith(pg, pg, options)
      }
    )
  )
