/**
 * Where durable issuances run: in this process (`layerMemory`: the workflow engine and the journal
 * in memory — nothing to install or serve; an execution lives as long as the process), or in a
 * fleet of `effect/cluster` runners keeping their state in PostgreSQL (`layerRunner`): every
 * process that provides it is a runner, works on its share of the fleet's executions, and takes
 * over the share of a runner that stops or dies. `layerClient` starts and reads executions without
 * working on any.
 *
 * @since 0.1.0
 */
import { layerClientProtocol, layerSocketServer } from "@effect/platform-node/NodeClusterSocket"
import { layerDigest } from "@effect/platform-node/NodeCrypto"
import * as Cause from "effect/Cause"
import * as ClusterWorkflowEngine from "effect/cluster/ClusterWorkflowEngine"
import * as RunnerAddress from "effect/cluster/RunnerAddress"
import * as RunnerHealth from "effect/cluster/RunnerHealth"
import * as Runners from "effect/cluster/Runners"
import * as ShardingConfig from "effect/cluster/ShardingConfig"
import * as SocketRunner from "effect/cluster/SocketRunner"
import * as SqlMessageStorage from "effect/cluster/SqlMessageStorage"
import * as SqlRunnerStorage from "effect/cluster/SqlRunnerStorage"
import * as Data from "effect/Data"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import type * as Redacted from "effect/Redacted"
import * as RpcSerialization from "effect/rpc/RpcSerialization"
import * as SqlClient from "effect/sql/SqlClient"
import * as WorkflowEngine from "effect/workflow/WorkflowEngine"
import * as net from "node:net"
import { type ChunkEnd, Journal, layerMemory as journalInMemory } from "./Journal.js"
import * as JournalSql from "./JournalSql.js"
import * as Postgres from "./Postgres.js"

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
  readonly lease?: Duration.Input | undefined
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
  Effect.callback((resume) => {
    const server = net.createServer()
    server.on("error", (cause) => resume(Effect.fail(new RunnerError({ reason: `no free port on ${host}`, cause }))))
    server.listen(0, host, () => {
      const address = server.address()
      server.close(() => resume(typeof address === "object" && address !== null ? Effect.succeed(address.port) : Effect.fail(new RunnerError({ reason: `no free port on ${host}` }))))
    })
  })

const UNREACHABLE = "the fleet's database is unreachable"

/** `layer`, whatever failure building it meets answered by `f` (`Layer.catchCause` would drop its services). */
const failingWith = <E2>(f: (cause: Cause.Cause<unknown>) => E2) => <A, E, R>(layer: Layer.Layer<A, E, R>): Layer.Layer<A, E2, R> =>
  Layer.effectContext(Effect.catchCause(Layer.build(layer), (cause) => Effect.fail(f(cause))))

/** The database, asked once before anything is built on it: a runner whose database is away fails at once. */
const database = (url: Redacted.Redacted<string>, applicationName: string) =>
  Layer.effectDiscard(Effect.flatMap(SqlClient.SqlClient, (sql) => sql`SELECT 1`)).pipe(
    Layer.provideMerge(Postgres.layer({ url, applicationName })),
    failingWith((cause) => new RunnerError({ reason: UNREACHABLE, cause: Cause.squash(cause) }))
  )

/**
 * The engine's storages and the journal, their tables created when missing (runners starting
 * together wait for one another's migrations), with `onEnded` around the journal the workflows use.
 */
const storages = (prefix: string, onEnded?: RunnerOptions["onSubmissionEnded"]) => {
  const journal = onEnded === undefined
    ? JournalSql.layer({ prefix, enginePrefix: `${prefix}_cluster` })
    : Layer.effect(
      Journal,
      Effect.map(JournalSql.make({ prefix, enginePrefix: `${prefix}_cluster` }), (journal) =>
        Journal.of({ ...journal, ended: (executionId, chunk, end) => Effect.tap(journal.ended(executionId, chunk, end), () => onEnded(executionId, chunk, end)) }))
    )
  return {
    engine: Layer.merge(
      SqlMessageStorage.layerWith({ prefix: `${prefix}_cluster` }).pipe(Layer.provide(layerDigest)),
      SqlRunnerStorage.layerWith({ prefix: `${prefix}_cluster` })
    ),
    journal
  }
}

// Runners talk in Effect's schema-aware binary frames; an execution's payload carries the bytes of
// every submission, so frames are allowed to be large.
const serialization = RpcSerialization.layerSchemaBinary({ maxFrameSize: 256 * 1024 * 1024 })

const startError = (cause: Cause.Cause<unknown>): RunnerError => {
  const failure = Cause.squash(cause)
  if (failure instanceof RunnerError) return failure
  const tag = typeof failure === "object" && failure !== null && "_tag" in failure ? failure._tag : undefined
  return new RunnerError({ reason: tag === "SqlError" ? UNREACHABLE : tag === "SocketServerError" ? "its port is taken" : "the engine did not start", cause: failure })
}

/**
 * Shards of the fleet, the same for runners and clients (an execution's shard is its ID's hash
 * modulo this). Effect's default of 300 is sized for large clusters; a runner whose storage turns
 * unhealthy releases each of its shards on its one lock connection, all within one lock
 * operation's deadline (a third of the lease), and 150 shards a runner did not fit in a second on
 * two cores, so the releases timed out, the connection was rebuilt and they began again. 32 shards
 * spread executions over dozens of runners and release in a few round trips.
 */
const SHARDS_PER_GROUP = 32

const prefixOf = (prefix: string | undefined): string => {
  const chosen = prefix ?? "taxdoc"
  if (!JournalSql.isPrefix(chosen)) throw new Error(`taxdoc workflow: ${chosen} is not a table prefix`)
  return chosen
}

/**
 * A client of the fleet whose state is in the database at `options.url`: it starts executions, and
 * awaits and reads them, but works on none (the runners do).
 *
 * @since 0.1.0
 * @category layers
 */
export const layerClient = (options: Pick<RunnerOptions, "url" | "prefix" | "lease">): Layer.Layer<WorkflowEngine.WorkflowEngine | Journal, RunnerError> => {
  const prefix = prefixOf(options.prefix)
  const config = ShardingConfig.layer({
    runnerAddress: Option.none(),
    shardsPerGroup: SHARDS_PER_GROUP,
    shardLockExpiration: options.lease ?? "15 seconds",
    refreshAssignmentsInterval: Duration.seconds(1)
  })
  const sharding = SocketRunner.layerClientOnly.pipe(Layer.provide(layerClientProtocol))
  const { engine, journal } = storages(prefix)
  return ClusterWorkflowEngine.layer.pipe(
    Layer.provide(sharding),
    Layer.provide(engine),
    Layer.merge(journal),
    Layer.provide(config),
    Layer.provide(serialization),
    Layer.provide(database(options.url, "taxdoc client")),
    failingWith(startError)
  )
}

/**
 * This process as a runner of the fleet whose state is in the database at `options.url`: the
 * workflow engine of `effect/cluster` over PostgreSQL (`@effect/sql-pg`) and the journal beside it.
 * Provide `BulkIssuance.workflows` with it (and the SDK) for the runner to work on executions.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerRunner = (options: RunnerOptions): Layer.Layer<WorkflowEngine.WorkflowEngine | Journal, RunnerError> => {
  const prefix = prefixOf(options.prefix)
  const lease = Duration.fromInputUnsafe(options.lease ?? "15 seconds")
  const third = Duration.divideUnsafe(lease, 3)
  const host = options.host ?? "127.0.0.1"
  const config = Layer.unwrap(Effect.map(
    options.port === undefined || options.port === 0 ? freePort(options.listenHost ?? host) : Effect.succeed(options.port),
    (port) =>
      ShardingConfig.layer({
        runnerAddress: Option.some(RunnerAddress.make(host, port)),
        runnerListenAddress: options.listenHost === undefined ? Option.none() : Option.some(RunnerAddress.make(options.listenHost, port)),
        shardsPerGroup: SHARDS_PER_GROUP,
        shardLockExpiration: lease,
        shardLockRefreshInterval: third,
        runnerHealthCheckInterval: third,
        refreshAssignmentsInterval: Duration.seconds(1),
        entityMessagePollInterval: Duration.seconds(1),
        entityRegistrationTimeout: lease,
        // A runner handing a shard over stops its entities within the lease, as the runner taking
        // it over would wait no longer (Effect's default waits 15 s whatever the lease).
        entityTerminationTimeout: lease
      })
  ))
  const health = RunnerHealth.layerPing.pipe(Layer.provide(Runners.layerRpc), Layer.provide(layerClientProtocol))
  const sharding = SocketRunner.layer.pipe(Layer.provide(health), Layer.provide([layerSocketServer, layerClientProtocol]))
  const { engine, journal } = storages(prefix, options.onSubmissionEnded)
  return ClusterWorkflowEngine.layer.pipe(
    Layer.provide(sharding),
    Layer.provide(engine),
    Layer.merge(journal),
    Layer.provide(config),
    Layer.provide(serialization),
    Layer.provide(database(options.url, "taxdoc runner")),
    failingWith(startError)
  )
}
