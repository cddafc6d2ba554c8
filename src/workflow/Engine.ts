/**
 * Where durable issuances run: in this process (`layerMemory`: the workflow engine and the journal
 * in memory — nothing to install or serve; an execution lives as long as the process), or in a
 * fleet of @effect/cluster runners keeping their state in PostgreSQL (`layerRunner`): every
 * process that provides it is a runner, works on its share of the fleet's executions, and takes
 * over the share of a runner that stops or dies.
 *
 * @since 0.1.0
 */
import * as ClusterWorkflowEngine from "@effect/cluster/ClusterWorkflowEngine"
import { RunnerAddress } from "@effect/cluster/RunnerAddress"
import * as RunnerHealth from "@effect/cluster/RunnerHealth"
import * as Runners from "@effect/cluster/Runners"
import * as ShardingConfig from "@effect/cluster/ShardingConfig"
import * as SocketRunner from "@effect/cluster/SocketRunner"
import * as SqlMessageStorage from "@effect/cluster/SqlMessageStorage"
import * as SqlRunnerStorage from "@effect/cluster/SqlRunnerStorage"
import * as Reactivity from "@effect/experimental/Reactivity"
import { layerClientProtocol, layerSocketServer } from "@effect/platform-node/NodeClusterSocket"
import * as RpcSerialization from "@effect/rpc/RpcSerialization"
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import * as PgClient from "@effect/sql-pg/PgClient"
import * as WorkflowEngine from "@effect/workflow/WorkflowEngine"
import * as Context from "effect/Context"
import * as Data from "effect/Data"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as ExecutionStrategy from "effect/ExecutionStrategy"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import type * as Redacted from "effect/Redacted"
import * as Scope from "effect/Scope"
import * as net from "node:net"
import { type ChunkEnd, Journal, layerMemory as journalInMemory } from "./Journal.js"
import * as JournalSql from "./JournalSql.js"
import { clientConfig } from "./Postgres.js"
import { LOCK_CLASS } from "./SharedTokens.js"

/**
 * The workflow engine and the journal in this process's memory.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerMemory: Layer.Layer<WorkflowEngine.WorkflowEngine | Journal> = Layer.merge(WorkflowEngine.layerMemory, journalInMemory)

/**
 * Options of a runner.
 *
 * @since 0.1.0
 * @category models
 */
export interface RunnerOptions {
  /** The fleet's database (`postgres://…`). */
  readonly url: Redacted.Redacted<string>
  /** The address other runners reach this one at (default `127.0.0.1`: one machine). */
  readonly host?: string | undefined
  /** The port of that address (default: a free one). */
  readonly port?: number | undefined
  /** The address listened on, when it differs from `host` (e.g. `0.0.0.0`). */
  readonly listenHost?: string | undefined
  /**
   * How long a runner that stopped answering keeps its share before others take it over (default
   * 15 seconds); the same for every runner of a fleet.
   */
  readonly lease?: Duration.DurationInput | undefined
  /** The prefix of the tables (default `taxdoc`): `<prefix>_executions`, `<prefix>_cluster_messages`, … */
  readonly prefix?: string | undefined
  /** Called after each submission this runner brings to an end, once its end is in the journal (e.g. to log it). */
  readonly onSubmissionEnded?: ((executionId: string, submission: number, end: ChunkEnd) => Effect.Effect<void>) | undefined
}

/**
 * The fleet's database could not be reached when the runner started, or the runner's port was taken.
 *
 * @since 0.1.0
 * @category errors
 */
export class RunnerError extends Data.TaggedError("RunnerError")<{ readonly reason: string; readonly cause?: unknown }> {
  override get message(): string {
    return `the runner could not start: ${this.reason}`
  }
}

/**
 * A free port on `host` (the runner takes it a moment later).
 *
 * @since 0.1.0
 * @category constructors
 */
export const freePort = (host: string): Effect.Effect<number, RunnerError> =>
  Effect.async((resume) => {
    const server = net.createServer()
    server.on("error", (cause) => resume(Effect.fail(new RunnerError({ reason: `no free port on ${host}`, cause }))))
    server.listen(0, host, () => {
      const address = server.address()
      server.close(() => resume(typeof address === "object" && address !== null ? Effect.succeed(address.port) : Effect.fail(new RunnerError({ reason: `no free port on ${host}` }))))
    })
  })

// The engine's tables are created by the first runner; runners starting together wait for it.
const MIGRATION_LOCK = 2

const storages = (prefix: string) =>
  Layer.merge(
    Layer.orDie(SqlMessageStorage.layerWith({ prefix: `${prefix}_cluster` })),
    Layer.orDie(SqlRunnerStorage.layerWith({ prefix: `${prefix}_cluster` }))
  )

/**
 * The storages and the journal, built while holding the fleet's migration lock. The workflows run
 * in the context the engine was built in, so `onEnded` is wrapped around this journal.
 */
const underMigrationLock = (prefix: string, onEnded?: RunnerOptions["onSubmissionEnded"]) =>
  Layer.scopedContext(Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const outer = yield* Effect.scope
    const lockScope = yield* Scope.fork(outer, ExecutionStrategy.sequential)
    const connection = yield* Scope.extend(sql.reserve, lockScope)
    yield* connection.executeRaw(`SELECT pg_advisory_lock(${LOCK_CLASS}, ${MIGRATION_LOCK})`, [])
    const built = yield* Layer.buildWithScope(
      Layer.merge(storages(prefix), JournalSql.layer({ prefix, enginePrefix: `${prefix}_cluster` })),
      outer
    ).pipe(Effect.exit)
    yield* Effect.ignore(connection.executeRaw(`SELECT pg_advisory_unlock(${LOCK_CLASS}, ${MIGRATION_LOCK})`, []))
    yield* Scope.close(lockScope, Exit.void)
    const context = yield* built
    if (onEnded === undefined) return context
    const journal = Context.get(context, Journal)
    return Context.add(context, Journal, Journal.of({
      ...journal,
      ended: (executionId, chunk, end) => Effect.tap(journal.ended(executionId, chunk, end), () => onEnded(executionId, chunk, end))
    }))
  }))

const databaseLayer = (url: Redacted.Redacted<string>, applicationName: string) =>
  Layer.scopedContext(
    Effect.map(PgClient.make(clientConfig({ url, applicationName })), (client) =>
      Context.make(PgClient.PgClient, client).pipe(Context.add(SqlClient.SqlClient, client)))
  ).pipe(Layer.provide(Reactivity.layer))

const startError = (cause: unknown) =>
  cause instanceof RunnerError
    ? cause
    : new RunnerError({ reason: (cause as SqlError)._tag === "SqlError" ? "the fleet's database is unreachable" : "its port is taken", cause })

/**
 * A client of the fleet whose state is in the database at `options.url`: it starts executions, and
 * awaits and reads them, but works on none (the runners do).
 *
 * @since 0.1.0
 * @category layers
 */
export const layerClient = (options: Pick<RunnerOptions, "url" | "prefix" | "lease">): Layer.Layer<WorkflowEngine.WorkflowEngine | Journal, RunnerError> => {
  const prefix = options.prefix ?? "taxdoc"
  const lease = Duration.decode(options.lease ?? "15 seconds")
  const config = ShardingConfig.layer({
    runnerAddress: Option.none(),
    shardLockExpiration: lease,
    refreshAssignmentsInterval: Duration.seconds(1)
  })
  const sharding = SocketRunner.layerClientOnly.pipe(Layer.provide(layerClientProtocol))
  return ClusterWorkflowEngine.layer.pipe(
    Layer.provide(sharding),
    Layer.provideMerge(underMigrationLock(prefix)),
    Layer.provide(config),
    Layer.provide(RpcSerialization.layerMsgPack),
    Layer.provide(databaseLayer(options.url, "taxdoc client")),
    Layer.mapError(startError)
  )
}

/**
 * This process as a runner of the fleet whose state is in the database at `options.url`: the
 * workflow engine of @effect/cluster over PostgreSQL (@effect/sql-pg) and the journal beside it.
 * Provide `BulkIssuance.workflows` with it (and the SDK) for the runner to work on executions.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerRunner = (options: RunnerOptions): Layer.Layer<WorkflowEngine.WorkflowEngine | Journal, RunnerError> => {
  const prefix = options.prefix ?? "taxdoc"
  const lease = Duration.decode(options.lease ?? "15 seconds")
  const third = Duration.unsafeDivide(lease, 3)
  const host = options.host ?? "127.0.0.1"
  const config = Layer.unwrapEffect(Effect.map(
    options.port === undefined || options.port === 0 ? freePort(options.listenHost ?? host) : Effect.succeed(options.port),
    (port) =>
      ShardingConfig.layer({
        runnerAddress: Option.some(RunnerAddress.make({ host, port })),
        runnerListenAddress: options.listenHost === undefined ? Option.none() : Option.some(RunnerAddress.make({ host: options.listenHost, port })),
        shardLockExpiration: lease,
        shardLockRefreshInterval: third,
        runnerHealthCheckInterval: third,
        refreshAssignmentsInterval: Duration.seconds(1),
        entityMessagePollInterval: Duration.seconds(1),
        entityRegistrationTimeout: lease
      })
  ))
  const health = RunnerHealth.layerPing.pipe(Layer.provide(Runners.layerRpc), Layer.provide(layerClientProtocol))
  const sharding = SocketRunner.layer.pipe(
    Layer.provide(health),
    Layer.provide([layerSocketServer, layerClientProtocol])
  )
  const engine = ClusterWorkflowEngine.layer.pipe(Layer.provide(sharding))
  return engine.pipe(
    Layer.provideMerge(underMigrationLock(prefix, options.onSubmissionEnded)),
    Layer.provide(config),
    Layer.provide(RpcSerialization.layerMsgPack),
    Layer.provide(databaseLayer(options.url, "taxdoc runner")),
    Layer.mapError(startError)
  )
}
