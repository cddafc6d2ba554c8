/**
 * Connections to the fleet's PostgreSQL database through `@effect/sql-pg`. Its pool opens
 * connections when a statement needs one, so building a client never waits for the database: one
 * unreachable at start is a failure of the first statement (tried again by the next), never of
 * building the layer.
 *
 * @since 0.1.0
 */
import * as PgClient from "@effect/sql-pg/PgClient"
import type * as Duration from "effect/Duration"
import type * as Layer from "effect/Layer"
import type * as Redacted from "effect/Redacted"
import type * as SqlClient from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"

/**
 * What a connection needs: the URL and how the pool is named and sized.
 *
 * @since 0.1.0
 * @category models
 */
export interface ConnectOptions {
  readonly url: Redacted.Redacted<string>
  readonly applicationName: string
  readonly maxConnections?: number | undefined
  /** How long connecting may take (default 5 s). */
  readonly connectTimeout?: Duration.Input | undefined
}

/**
 * The pool options of a `PgClient` for `options`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const clientConfig = (options: ConnectOptions): PgClient.PgPoolConfig => ({
  url: options.url,
  applicationName: options.applicationName,
  maxConnections: options.maxConnections,
  connectTimeout: options.connectTimeout ?? "5 seconds"
})

/**
 * A pool of connections to the database at `options.url`, as `PgClient` and `SqlClient`. It fails
 * only on a URL it cannot read.
 *
 * @since 1.0.0
 * @category layers
 */
export const layer = (options: ConnectOptions): Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, SqlError> => PgClient.layer(clientConfig(options))
