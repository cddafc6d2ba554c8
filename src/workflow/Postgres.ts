/**
 * Connections to the fleet's PostgreSQL database: a `PgClient` made when first needed, so that a
 * database unreachable at start is a failure of the first use (asked again on the next), never of
 * building the layer.
 *
 * @since 0.1.0
 */
import * as Reactivity from "@effect/experimental/Reactivity"
import type { SqlError } from "@effect/sql/SqlError"
import * as PgClient from "@effect/sql-pg/PgClient"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as ExecutionStrategy from "effect/ExecutionStrategy"
import * as Exit from "effect/Exit"
import type * as Redacted from "effect/Redacted"
import * as Scope from "effect/Scope"

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
  readonly connectTimeout?: Duration.DurationInput | undefined
}

/**
 * The pool options of a `PgClient` for `options`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const clientConfig = (options: ConnectOptions): PgClient.PgClientConfig => ({
  url: options.url,
  applicationName: options.applicationName,
  maxConnections: options.maxConnections,
  connectTimeout: Duration.decode(options.connectTimeout ?? "5 seconds")
})

/**
 * A client made on first use and kept for the scope; a failed attempt leaves nothing behind and the
 * next use tries again. Concurrent first uses make one client.
 *
 * @since 0.1.0
 * @category constructors
 */
export const connectLazily = (options: ConnectOptions): Effect.Effect<Effect.Effect<PgClient.PgClient, SqlError>, never, Scope.Scope> =>
  Effect.gen(function*() {
    const outer = yield* Effect.scope
    const permit = yield* Effect.makeSemaphore(1)
    let client: PgClient.PgClient | undefined
    const attempt = Effect.gen(function*() {
      const scope = yield* Scope.fork(outer, ExecutionStrategy.sequential)
      const exit = yield* PgClient.make(clientConfig(options)).pipe(Scope.extend(scope), Effect.provide(Reactivity.layer), Effect.exit)
      if (Exit.isFailure(exit)) yield* Scope.close(scope, exit)
      else client = exit.value
      return yield* exit
    })
    return Effect.suspend(() => client !== undefined ? Effect.succeed(client) : permit.withPermits(1)(Effect.suspend(() => client !== undefined ? Effect.succeed(client) : attempt)))
  })
