/**
 * Client sides measured against one sandbox: a sandbox server process with one member and one
 * receipt, a client process per side (so that each side's CPU is its own), a workload run by every
 * side in alternating rounds, and the medians and per-round ratios the sections report.
 *
 * @since 0.1.0
 */
import type { ClientConfig, ClientKind, Workload } from "../clients/protocol.js"
import { alternate, medianOf } from "./alternate.js"
import type { Checkout } from "./checkout.js"
import { type RunningClient, type RunningServer, withClients, withServer } from "./child.js"
import type { LoadOptions, LoadResult } from "./load.js"
import { log } from "./program.js"
import * as Sdk from "./sdk.js"
import { latencyOf, ms, perSecond } from "./stats.js"
import { TESTER_LINK_ID, TESTER_SECRET } from "../../src/sandbox/Partners.js"

/**
 * One side of a client comparison.
 *
 * @since 0.1.0
 * @category models
 */
export interface SideSpec {
  readonly id: string
  readonly label: string
  readonly kind: ClientKind
  /** Shown for information; no target is judged on it. */
  readonly info: boolean
  /** Another revision's worktree this side runs from, on its own dependencies (the 0.1 line). */
  readonly checkout?: string
}

/**
 * Raw undici: the floor.
 *
 * @since 0.1.0
 * @category constants
 */
export const FLOOR: SideSpec = { id: "undici", label: "raw undici (floor)", kind: "undici", info: false }

/**
 * The plain node:http client of `plain.ts`.
 *
 * @since 0.1.0
 * @category constants
 */
export const PLAIN: SideSpec = { id: "plain", label: "plain node:http client", kind: "plain", info: false }

/**
 * The platform's `NodeHttpClient.layerUndici` used raw: a user's own `HttpClient`.
 *
 * @since 1.0.0
 * @category constants
 */
export const PLATFORM: SideSpec = { id: "platform", label: "NodeHttpClient.layerUndici used raw (a user's own HttpClient)", kind: "platform", info: false }

/**
 * The platform's `NodeHttpClient.layerNodeHttp` used raw (information).
 *
 * @since 1.0.0
 * @category constants
 */
export const PLATFORM_NODE_HTTP: SideSpec = { id: "platform-node-http", label: "NodeHttpClient.layerNodeHttp used raw (information)", kind: "platform-node-http", info: true }

/**
 * The SDK as a user runs it (compiled, plain node, over its own transport `Undici.layer()` as the
 * README shows, defaults).
 *
 * @since 0.1.0
 * @category constants
 */
export const SDK: SideSpec = { id: "sdk", label: "taxdoc (dist, over Undici.layer(), as the README shows)", kind: "sdk", info: false }

/**
 * taxdoc's own `HttpClient`, `Undici.layer()`, used raw as the platform's client is (information):
 * the client the SDK as the README shows it runs on.
 *
 * @since 1.0.0
 * @category constants
 */
export const UNDICI_LAYER: SideSpec = { id: "undici-layer", label: "taxdoc's Undici.layer() used raw (information)", kind: "undici-layer", info: true }

/**
 * The SDK over a user's own `HttpClient`, the platform's `NodeHttpClient.layerUndici` (compiled,
 * plain node, defaults): judged against that client used raw (`PLATFORM`).
 *
 * @since 1.0.0
 * @category constants
 */
export const SDK_PLATFORM: SideSpec = { id: "sdk-platform", label: "taxdoc over NodeHttpClient.layerUndici (a user's own HttpClient)", kind: "sdk-platform", info: false }

/**
 * The SDK over the platform's `NodeHttpClient.layerNodeHttp` (information).
 *
 * @since 1.0.0
 * @category constants
 */
export const SDK_NODE_HTTP: SideSpec = { id: "sdk-node-http", label: "taxdoc over NodeHttpClient.layerNodeHttp (information)", kind: "sdk-node-http", info: true }

/**
 * Raw fetch (information).
 *
 * @since 0.1.0
 * @category constants
 */
export const FETCH: SideSpec = { id: "fetch", label: "raw fetch (information)", kind: "fetch", info: true }

/**
 * The SDK over `FetchHttpClient` (information).
 *
 * @since 0.1.0
 * @category constants
 */
export const SDK_FETCH: SideSpec = { id: "sdk-fetch", label: "taxdoc over FetchHttpClient (information)", kind: "sdk-fetch", info: true }

/**
 * The Promise client (`taxdoc/promise`, `createClient`), each call a Promise.
 *
 * @since 0.1.0
 * @category constants
 */
export const PROMISE: SideSpec = { id: "promise", label: "taxdoc/promise (createClient)", kind: "promise", info: false }

/**
 * The Effect API run to a Promise per call by hand (`runtime.runPromise`; information).
 *
 * @since 0.1.0
 * @category constants
 */
export const SDK_RUN_PROMISE: SideSpec = { id: "sdk-run-promise", label: "taxdoc, runtime.runPromise per call (information)", kind: "sdk-run-promise", info: true }

/**
 * The Effect API and the Promise client in one client process (its workloads `getInfo` and
 * `getInfoPromise` measure one and the other).
 *
 * @since 0.1.0
 * @category constants
 */
export const SDK_AND_PROMISE: SideSpec = { id: "sdk-and-promise", label: "taxdoc and taxdoc/promise in one process", kind: "sdk-and-promise", info: false }

/**
 * The 0.1 line's sides, each run from its worktree on its own dependencies (Effect 3): its SDK as
 * its README shows it (over its own transport `Undici.layer()`), its SDK over its platform's
 * `NodeHttpClient.layerUndici`, and that client used raw.
 *
 * @since 1.0.0
 * @category constructors
 */
export const releaseSides = (release: Checkout): {
  readonly sdk: SideSpec
  readonly sdkPlatform: SideSpec
  readonly platform: SideSpec
} => ({
  sdk: { id: "release-sdk", label: `${release.label} as its README shows (its own \`Undici.layer()\`)`, kind: "sdk", info: false, checkout: release.root },
  sdkPlatform: {
    id: "release-sdk-platform",
    label: `${release.label} over its platform's NodeHttpClient.layerUndici`,
    kind: "sdk-platform",
    info: false,
    checkout: release.root
  },
  platform: { id: "release-platform", label: `NodeHttpClient.layerUndici of ${release.label}'s Effect used raw`, kind: "platform", info: false, checkout: release.root }
})

/**
 * The sides of the GetInfo comparisons (sections 1 and 2): the floor, the plain client, the SDK and
 * the clients it runs on, then the 0.1 line's when it is measured.
 *
 * @since 1.0.0
 * @category constants
 */
export const getInfoSides = (release: Checkout | undefined): ReadonlyArray<SideSpec> => {
  const old = release === undefined ? undefined : releaseSides(release)
  return [
    FLOOR, PLAIN, SDK, UNDICI_LAYER, PLATFORM, SDK_PLATFORM, PLATFORM_NODE_HTTP, SDK_NODE_HTTP, FETCH, SDK_FETCH,
    ...(old === undefined ? [] : [old.sdk, old.sdkPlatform, old.platform])
  ]
}

/**
 * A sandbox with a member, a receipt and a token issued beforehand (by the SDK from the sources in
 * the benchmark process, which is idle while sides are measured).
 *
 * @since 0.1.0
 * @category models
 */
export interface Prepared {
  readonly server: RunningServer
  readonly corpNum: string
  readonly mgtKey: string
  readonly token: string
}

/**
 * Runs `fn` with a sandbox server process prepared for GetInfo of `mgtKey` by `corpNum`.
 *
 * @since 0.1.0
 * @category combinators
 */
export const withPreparedSandbox = <A>(corpNum: string, mgtKey: string, fn: (prepared: Prepared) => Promise<A>): Promise<A> =>
  withServer({ kind: "sandbox" }, async (server) => {
    await Sdk.adminOf(server.url).addMember(corpNum)
    const seeder = Sdk.socketSdk(server.url, "Undici.layer")
    let token: string
    try {
      token = await Sdk.prepareReceipt(seeder, corpNum, mgtKey)
    } finally {
      await seeder.dispose()
    }
    return fn({ server, corpNum, mgtKey, token })
  })

/**
 * The configuration of a side's client process against a prepared sandbox (or another origin).
 *
 * @since 0.1.0
 * @category constructors
 */
export const clientConfig = (side: SideSpec, prepared: Prepared, extra: Partial<ClientConfig> = {}): ClientConfig => ({
  kind: side.kind,
  origin: prepared.server.url,
  linkId: TESTER_LINK_ID,
  secretKey: TESTER_SECRET,
  corpNum: prepared.corpNum,
  mgtKey: prepared.mgtKey,
  token: prepared.token,
  ...(side.checkout === undefined ? {} : { checkout: side.checkout }),
  ...extra
})

/**
 * Figures of one side over the recorded rounds: medians, and medians of per-round ratios to
 * other sides (by id).
 *
 * @since 0.1.0
 * @category models
 */
export interface SideFigures {
  readonly side: SideSpec
  readonly rounds: ReadonlyArray<LoadResult>
  readonly calls: number
  readonly p50: number
  readonly p99: number
  readonly throughput: number
  readonly cpu: number
  /** Median of per-round ratios (this side / the other) of p50, CPU per call and throughput; the CPU ratio's spread. */
  readonly against: (otherId: string) => {
    readonly p50: number
    readonly cpu: number
    readonly cpuLowest: number
    readonly cpuHighest: number
    readonly throughput: number
  }
}

/**
 * Options of `compareClients`.
 *
 * @since 0.1.0
 * @category models
 */
export interface CompareOptions {
  readonly label: string
  readonly sides: ReadonlyArray<SideSpec>
  readonly prepared: Prepared
  readonly workload: Workload
  readonly load: LoadOptions
  /** The load of the information sides, when smaller (they judge no target). */
  readonly infoLoad?: LoadOptions
  readonly rounds: number
  readonly budgetMillis?: number
  /** Extra configuration of every client process (e.g. the undici pool size). */
  readonly extra?: Partial<ClientConfig>
}

/**
 * Starts a client process per side, runs the workload on each in alternating rounds (order
 * reversed every other round, one warm-up round first), and answers each side's figures.
 *
 * @since 0.1.0
 * @category constructors
 */
export const compareClients = (options: CompareOptions): Promise<ReadonlyArray<SideFigures>> =>
  withClients(options.sides.map((side) => clientConfig(side, options.prepared, options.extra)), async (clients) => {
    const byId = new Map<string, RunningClient>(options.sides.map((side, i) => [side.id, clients[i]!]))
    const runs = new Map<string, number>()
    const samples = await alternate<LoadResult>({
      rounds: options.rounds,
      ...(options.budgetMillis === undefined ? {} : { budgetMillis: options.budgetMillis }),
      sides: options.sides.map((side) => ({
        name: side.id,
        run: () => {
          // Fresh document IDs for every run of every side (RegistIssue).
          const run = (runs.get(side.id) ?? 0) + 1
          runs.set(side.id, run)
          const load = side.info ? options.infoLoad ?? options.load : options.load
          return byId.get(side.id)!.run(options.workload, load, `B${side.id.replace(/[^a-z]/g, "")}-${run}-`)
        }
      })),
      onRound: (round, results) =>
        log(`${options.label} round ${round + 1}: ${
          results.map(([id, r]) => `${id} ${perSecond(r.throughput)} p50 ${ms(latencyOf(r.latencies).p50)} cpu ${Math.round(r.cpuMicrosPerCall)} µs`).join(", ")
        }`)
    })
    return figuresOfRounds(options.sides, samples)
  })

/**
 * Each side's figures from the rounds `alternate` recorded under its id.
 *
 * @since 0.1.0
 * @category constructors
 */
export const figuresOfRounds = (sides: ReadonlyArray<SideSpec>, samples: Readonly<Record<string, ReadonlyArray<LoadResult>>>): ReadonlyArray<SideFigures> =>
  sides.map((side): SideFigures => {
    const rounds = samples[side.id]!
    const against = (otherId: string) => {
      const other = samples[otherId]!
      const pairs = rounds.slice(0, other.length).map((r, i) => [r, other[i]!] as const)
      const cpus = pairs.map(([a, b]) => a.cpuMicrosPerCall / b.cpuMicrosPerCall)
      return {
        p50: medianOf(pairs, ([a, b]) => latencyOf(a.latencies).p50 / latencyOf(b.latencies).p50),
        cpu: medianOf(cpus, (r) => r),
        cpuLowest: Math.min(...cpus),
        cpuHighest: Math.max(...cpus),
        throughput: medianOf(pairs, ([a, b]) => a.throughput / b.throughput)
      }
    }
    return {
      side,
      rounds,
      calls: rounds.reduce((n, r) => n + r.latencies.length, 0),
      p50: medianOf(rounds, (r) => latencyOf(r.latencies).p50),
      p99: medianOf(rounds, (r) => latencyOf(r.latencies).p99),
      throughput: medianOf(rounds, (r) => r.throughput),
      cpu: medianOf(rounds, (r) => r.cpuMicrosPerCall),
      against
    }
  })

/**
 * The figures of side `id`.
 *
 * @since 0.1.0
 * @category combinators
 */
export const figuresOf = (figures: ReadonlyArray<SideFigures>, id: string): SideFigures => {
  const found = figures.find((f) => f.side.id === id)
  if (found === undefined) throw new Error(`no side ${id}`)
  return found
}

/**
 * CPU time in microseconds, rounded.
 *
 * @since 0.1.0
 * @category formatting
 */
export const micros = (value: number): string => (Number.isFinite(value) ? `${Math.round(value)} µs` : "–")

/**
 * The method lines every client comparison shares.
 *
 * @since 0.1.0
 * @category constants
 */
export const CLIENT_METHOD: ReadonlyArray<string> = [
  "One sandbox server process (`Server.serve` on 127.0.0.1, port 0, the compiled package under plain node) with one member and one receipt; a token issued beforehand for the raw sides.",
  "Each side is its own client process (plain node, no TypeScript runner, the benchmark's Node), so `process.cpuUsage()` there is that client's own CPU, taken over exactly the measured window (after a full GC): raw undici `Pool.request` with the SDK's headers (`Authorization: Bearer`, `Accept-Encoding: gzip`, `Accept-Language`) and a `JSON.parse` of the (gunzipped) answer — the floor; the plain node:http client of `bench/support/plain.ts` (callbacks over `http.request` with a keep-alive `Agent`, one cached token per member issued with its own signature, gunzip, `JSON.parse`, no schemas or validation — the published clients' way); the SDK from `dist/` as a user runs it (`Taxdoc.layer` for the sandbox's origin over the SDK's own transport `Undici.layer()`, as the README shows, default configuration, calls in Effect fibers), and `Undici.layer()` used raw for information (the same requests, token and reading as the platform client's below); the platform's `NodeHttpClient.layerUndici` used raw, as an application's own `HttpClient` (the same headers and token, each answer read, gunzipped and parsed, calls in Effect fibers), and the SDK over it, as an application that provides its own `HttpClient` (the same configuration); the SDK and the client over Node's `http` (`NodeHttpClient.layerNodeHttp`), raw `fetch` and the SDK over `FetchHttpClient` for information only.",
  "Beside them the 0.1 line (`BENCH_RELEASE`, its worktree with its own `npm ci`: Effect 3, undici 7), each side run from that worktree on the same Node: its SDK as its README shows it (`Taxdoc.layer` over its own transport `Undici.layer()`), its SDK over its platform's `NodeHttpClient.layerUndici`, and that client used raw; every ratio is taken against the same raw undici floor, or against the platform client of the same line.",
  "Sides alternate within each round (order reversed every other round) after one warm-up round; figures are medians over rounds, ratios medians of the per-round ratios."
]

/**
 * The configuration of an in-process client loading the sources of the checkout at `root`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const inProcessConfig = (root: string, corpNum: string, mgtKey: string): ClientConfig => ({
  kind: "inprocess",
  origin: "",
  linkId: TESTER_LINK_ID,
  secretKey: TESTER_SECRET,
  corpNum,
  mgtKey,
  checkout: root
})

/**
 * A side's figures over its rounds, as a table shows them: calls/s, p50, p99 and CPU per call (medians).
 *
 * @since 0.1.0
 * @category combinators
 */
export const loadFigures = (side: ReadonlyArray<LoadResult>): ReadonlyArray<string> => [
  perSecond(medianOf(side, (r) => r.throughput)),
  ms(medianOf(side, (r) => latencyOf(r.latencies).p50)),
  ms(medianOf(side, (r) => latencyOf(r.latencies).p99)),
  micros(medianOf(side, (r) => r.cpuMicrosPerCall))
]
