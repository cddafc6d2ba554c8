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
  /** Another revision's worktree this side runs from, on its own dependencies (the release line). */
  readonly checkout?: string
}

/**
 * Raw undici: the floor (no target is judged against it).
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
 * The least Effect client of `least.ts`: what a user would write on Effect instead of the SDK.
 *
 * @since 2.0.0
 * @category constants
 */
export const LEAST: SideSpec = { id: "least", label: "least Effect client (HttpClient over NodeHttpClient.layerUndiciOptions)", kind: "least", info: false }

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
 * The SDK as a user runs it (compiled, plain node, over `Undici.layer()` as the README shows,
 * defaults).
 *
 * @since 0.1.0
 * @category constants
 */
export const SDK: SideSpec = { id: "sdk", label: "taxdoc (dist, over Undici.layer(), as the README shows)", kind: "sdk", info: false }

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
 * The release line's sides, each run from its worktree on its own dependencies: its SDK as its
 * README shows it (over its own `Undici.layer()`), its SDK over its platform's
 * `NodeHttpClient.layerUndici`, and that client used raw (this checkout's neutral program on the
 * release's Effect).
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
 * The sides of the GetInfo comparisons (sections 1 and 2): the floor, what a user would pick instead
 * of the SDK (the plain client, the least Effect client), the SDK and the clients it runs on, then
 * the release line's when it is measured.
 *
 * @since 1.0.0
 * @category constants
 */
export const getInfoSides = (release: Checkout | undefined): ReadonlyArray<SideSpec> => {
  const old = release === undefined ? undefined : releaseSides(release)
  return [
    FLOOR, PLAIN, LEAST, SDK, PLATFORM, SDK_PLATFORM, PLATFORM_NODE_HTTP, SDK_NODE_HTTP, FETCH, SDK_FETCH,
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
  "Each side is its own client process (plain node, no TypeScript runner, the benchmark's Node), so `process.cpuUsage()` there is that client's own CPU, taken over exactly the measured window (after a full GC). Every side asks for gzip and decompresses with zlib (`gunzipSync`, as the SDK does since zlib alone decompresses; `fetch` with its own zlib stream). Raw undici `Pool.request` with the SDK's headers (`Authorization: Bearer`, `Accept-Encoding: gzip`, `Accept-Language`) and a `JSON.parse` of the gunzipped answer is the floor, shown with no target; what a user would pick instead of the SDK: the plain node:http client of `bench/support/plain.ts` (callbacks over `http.request` with a keep-alive `Agent`, one cached token per member issued with its own signature, `JSON.parse`, no schemas or validation — the published clients' way), and the least Effect client of `bench/support/least.ts` (Effect's `HttpClient` over `NodeHttpClient.layerUndiciOptions` with 64 connections, the pool `Undici.layer()` gives the SDK; its own token signed with `node:crypto`, issued once and kept; the SDK's headers; each answer parsed and decoded into a Schema class of the fields it reads; calls in Effect fibers). The SDK from `dist/` as a user runs it (`Taxdoc.layer` for the sandbox's origin over `Undici.layer()`, as the README shows, default configuration, calls in Effect fibers); the platform's `NodeHttpClient.layerUndici` used raw, as an application's own `HttpClient` (the same headers and a token issued beforehand, each answer read, gunzipped and parsed, calls in Effect fibers), and the SDK over it, as an application that provides its own `HttpClient` (the same configuration); `Undici.layer()` is that same platform client with a pool of 64 connections, so the SDK as the README shows it is also taken against it (\"CPU vs its client used raw\"); the SDK and the client over Node's `http` (`NodeHttpClient.layerNodeHttp`), raw `fetch` and the SDK over `FetchHttpClient` for information only.",
  "Beside them the release line (`BENCH_RELEASE`, default `d673462`: taxdoc 1.1 on Effect 4, with its own JavaScript inflater for small gzip answers and its own undici client; its worktree with its own `npm ci`), each side run from that worktree on the same Node: its SDK as its README shows it (`Taxdoc.layer` over its own `Undici.layer()`), its SDK over its platform's `NodeHttpClient.layerUndici`, and that client used raw; its ratios are taken against the plain client, the least Effect client and the floor of the same rounds, or against the platform client of the same line.",
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
