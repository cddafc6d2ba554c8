/**
 * What the benchmark process and a client process say to each other over IPC: the client's
 * configuration (argv), a workload to run, and what it measured. A client process is one side of a
 * comparison, so `process.cpuUsage()` there is that client's own CPU.
 *
 * @since 0.1.0
 */
import type { LoadOptions, LoadResult } from "../support/load.js"

/**
 * The kinds of client process.
 *
 * - `undici`: raw undici `Pool.request` with the SDK's headers and a token issued beforehand (the floor);
 * - `plain`: the plain node:http client of `bench/support/plain.ts`;
 * - `least`: the least Effect client of `bench/support/least.ts` (Effect's `HttpClient` over the
 *   platform's undici client, its own token, answers decoded into Schema classes);
 * - `platform`: the platform's `NodeHttpClient.layerUndici` (from `@effect/platform-node`) used raw,
 *   as an application's own `HttpClient`: the SDK's headers and a token issued beforehand, the
 *   answer read, gunzipped and parsed, calls in Effect fibers;
 * - `platform-node-http`: the same over the platform's `NodeHttpClient.layerNodeHttp` (information);
 * - `sdk`: the compiled package (`dist/`) as its README shows it, default configuration, over
 *   `Undici.layer()` (each revision's own);
 * - `sdk-platform`: the SDK over a user's own `HttpClient`, the platform's `NodeHttpClient.layerUndici`;
 * - `sdk-node-http`: the SDK over `NodeHttpClient.layerNodeHttp` (information);
 * - `sdk-bare`: the SDK with every resilience guard off;
 * - `fetch`, `sdk-fetch`: raw `fetch` and the SDK over `FetchHttpClient` (information only);
 * - `inprocess`: the SDK against its in-process sandbox, loaded from the sources of `checkout` (tsx);
 * - `promise`: the Promise client (`taxdoc/promise`), each call a Promise in a plain `async` loop;
 * - `sdk-run-promise`: the Effect API called from Promise code, `runtime.runPromise` per call
 *   (information);
 * - `sdk-metrics`: the SDK with `metrics: true`, no reader installed;
 * - `sdk-otel`: the SDK with @effect/opentelemetry and the OpenTelemetry SDK's in-memory span and
 *   metric exporters installed, `metrics: true` (bench/clients/otel.ts);
 * - `sdk-and-promise`: the Effect API (as `sdk`) and the Promise client (as `promise`) in one
 *   process, each with its own pool: the workload `getInfo` runs the first, `getInfoPromise` the
 *   second, so the two are measured in the same heap and with the same compiled code.
 *
 * @since 0.1.0
 * @category models
 */
export type ClientKind =
  | "undici"
  | "plain"
  | "least"
  | "platform"
  | "platform-node-http"
  | "sdk"
  | "sdk-bare"
  | "sdk-platform"
  | "sdk-node-http"
  | "fetch"
  | "sdk-fetch"
  | "inprocess"
  | "promise"
  | "sdk-run-promise"
  | "sdk-and-promise"
  | "sdk-metrics"
  | "sdk-otel"

/**
 * A client process's configuration, passed as JSON in argv.
 *
 * @since 0.1.0
 * @category models
 */
export interface ClientConfig {
  readonly kind: ClientKind
  /** The sandbox (or bare server) origin; unused in process. */
  readonly origin: string
  readonly linkId: string
  /** The partner's SecretKey, Base64. */
  readonly secretKey: string
  readonly corpNum: string
  /** The document GetInfo reads; it exists before the client starts (in process: the client issues it). */
  readonly mgtKey: string
  /** A token issued beforehand, for the raw sides. */
  readonly token?: string
  /** Connections of the raw undici pool (sized for the concurrency). */
  readonly connections?: number
  /** Whether the raw sides ask for gzip (as the SDK does). Default true. */
  readonly gzip?: boolean
  /**
   * The checkout whose programs and packages run this side (another revision's worktree, with its
   * own node_modules; see bench/support/checkout.ts); this checkout when absent. `inprocess`: the
   * checkout whose sources are loaded (always given).
   */
  readonly checkout?: string
}

/**
 * The workloads: GetInfo of the configured document, or RegistIssue of a fresh document ID per
 * call (same receipt otherwise); `getInfoPromise`, GetInfo through the Promise client of an
 * `sdk-and-promise` process.
 *
 * @since 0.1.0
 * @category models
 */
export type Workload = "getInfo" | "registIssue" | "getInfoPromise"

/**
 * Benchmark process → client: run a workload (document IDs `${keyPrefix}${n}`), or stop.
 *
 * @since 0.1.0
 * @category models
 */
export type ToClient =
  | { readonly _tag: "run"; readonly id: number; readonly workload: Workload; readonly load: LoadOptions; readonly keyPrefix: string }
  | { readonly _tag: "stop" }

/**
 * Client → benchmark process: ready (after one successful GetInfo, token included), or the result
 * of a run.
 *
 * @since 0.1.0
 * @category models
 */
export type FromClient =
  | { readonly _tag: "ready" }
  | { readonly _tag: "failed"; readonly error: string }
  | { readonly _tag: "result"; readonly id: number; readonly result: LoadResult }
  | { readonly _tag: "error"; readonly id: number; readonly error: string }

/**
 * A client side as the client process runs it.
 *
 * @since 0.1.0
 * @category models
 */
export interface Client {
  /** Runs `workload` in a closed loop; `keyOf(n)` is the document ID of the n-th RegistIssue. */
  readonly run: (workload: Workload, load: LoadOptions, keyOf: (n: number) => string) => Promise<LoadResult>
  readonly close: () => Promise<void>
}

/**
 * The receipt every RegistIssue sends (only `mgtKey` changes): a valid approval receipt of the
 * member, trade time left to the service.
 *
 * @since 0.1.0
 * @category constructors
 */
export const sampleReceipt = (mgtKey: string, corpNum: string) => ({
  mgtKey,
  tradeType: "승인거래" as const,
  tradeUsage: "소득공제용" as const,
  taxationType: "과세" as const,
  totalAmount: "11000",
  supplyCost: "10000",
  tax: "1000",
  serviceFee: "0",
  franchiseCorpNum: corpNum,
  franchiseCorpName: "벤치마크 상사",
  identityNum: "01012341234",
  itemName: "커피 원두",
  customerName: "홍길동"
})

/**
 * The headers the SDK sends on a GetInfo (and, with a body, on a RegistIssue), for the raw sides.
 *
 * @since 0.1.0
 * @category constructors
 */
export const sdkHeaders = (token: string, gzip: boolean = true): Record<string, string> => ({
  "accept-language": "ko-KR",
  ...(gzip ? { "accept-encoding": "gzip" } : {}),
  authorization: `Bearer ${token}`
})

/**
 * The extra headers of a RegistIssue as the SDK sends them.
 *
 * @since 0.1.0
 * @category constants
 */
export const ISSUE_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "application/json;charset=utf-8",
  "x-http-method-override": "ISSUE"
}

/**
 * A loop of Promise-returning calls for the raw sides: the workload picks the call.
 *
 * @since 0.1.0
 * @category constructors
 */
export const promiseClient = (
  calls: { readonly getInfo: () => Promise<unknown>; readonly registIssue: (mgtKey: string) => Promise<unknown> },
  loop: (load: LoadOptions, call: () => Promise<unknown>) => Promise<LoadResult>,
  close: () => Promise<void>
): Client => ({
  run: (workload, load, keyOf) => {
    let n = 0
    return loop(load, workload === "getInfo" ? calls.getInfo : () => calls.registIssue(keyOf(n++)))
  },
  close
})
