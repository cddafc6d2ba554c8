/**
 * The SDK and its baselines as the benchmarks use them: SDK runtimes over a chosen `HttpClient`
 * (against a socket server, or on the in-process sandbox through `Taxdoc.layerSandbox`), the sandbox
 * admin API over HTTP and sample receipts.
 *
 * @since 0.1.0
 */
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import { Effect, Layer, ManagedRuntime, Redacted } from "effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import type { TaxdocConfig } from "../../src/core/Config.js"
import { Tokens } from "../../src/core/Tokens.js"
import * as Undici from "../../src/core/Undici.js"
import { Cashbill, SCOPE } from "../../src/domains/cashbill/Cashbill.js"
import type { CashReceiptIssue } from "../../src/domains/cashbill/Schemas.js"
import * as Connect from "../../src/sandbox/Connect.js"
import { TESTER_SECRET } from "../../src/sandbox/Partners.js"
import type { Kind, Policy } from "../../src/sandbox/Progression.js"
import type { Stats } from "../../src/sandbox/admin/Stats.js"
import { portalDraft } from "../../src/sandbox/taxinvoice/Admin.js"
import * as Taxdoc from "../../src/Taxdoc.js"
import { sampleReceipt } from "../clients/protocol.js"

/**
 * The `HttpClient` implementations the SDK runs on: taxdoc's own `Undici.layer()`, as the README
 * shows; the platform's Node clients (`NodeHttpClient.layerUndici`, `NodeHttpClient.layerNodeHttp`),
 * as a user's own `HttpClient`; and `fetch`.
 *
 * @since 0.1.0
 * @category models
 */
export type Transport = "Undici.layer" | "NodeHttpClient.layerUndici" | "NodeHttpClient.layerNodeHttp" | "FetchHttpClient"

/**
 * The `HttpClient` layer of a transport.
 *
 * @since 0.1.0
 * @category layers
 */
export const httpLayer = (transport: Transport): Layer.Layer<HttpClient.HttpClient> => {
  switch (transport) {
    case "Undici.layer":
      return Undici.layer()
    case "NodeHttpClient.layerUndici":
      return NodeHttpClient.layerUndici
    case "NodeHttpClient.layerNodeHttp":
      return NodeHttpClient.layerNodeHttp
    case "FetchHttpClient":
      return FetchHttpClient.layer
  }
}

/**
 * A change of the `HttpClient` the SDK is given (e.g. counting requests in flight).
 *
 * @since 0.1.0
 * @category models
 */
export type Wrap = (client: HttpClient.HttpClient) => HttpClient.HttpClient

/** The client in context, changed by `wrap`: a layer between the SDK and the client under it. */
const wrapping = (wrap: Wrap): Layer.Layer<HttpClient.HttpClient, never, HttpClient.HttpClient> =>
  Layer.effect(HttpClient.HttpClient, Effect.map(HttpClient.HttpClient, wrap))

/**
 * An SDK runtime: every service plus its configuration.
 *
 * @since 0.1.0
 * @category models
 */
export type SdkRuntime = ManagedRuntime.ManagedRuntime<Taxdoc.Services | TaxdocConfig, unknown>

/**
 * The SDK (partner TESTER) against a socket server at `origin`, over `transport` (`Undici.layer`
 * for the SDK as the README shows it), with other configuration from `connect`; a fresh token cache
 * and connection pool each time.
 *
 * @since 0.1.0
 * @category constructors
 */
export const socketSdk = (origin: string, transport: Transport, wrap?: Wrap, connect: Connect.ConnectOptions = {}): SdkRuntime => {
  const client = wrap === undefined ? httpLayer(transport) : wrapping(wrap).pipe(Layer.provide(httpLayer(transport)))
  return ManagedRuntime.make(
    Taxdoc.layer(Connect.configOptions({ ...connect, origin, secretKey: Redacted.make(TESTER_SECRET) })).pipe(Layer.provide(client))
  )
}

/**
 * An SDK runtime with its own in-process sandbox.
 *
 * @since 0.1.0
 * @category models
 */
export type InProcessRuntime = ManagedRuntime.ManagedRuntime<Taxdoc.SandboxServices, unknown>

/**
 * The SDK against a fresh in-process sandbox (`Taxdoc.layerSandbox`) with the given members and
 * progression policies; `wrap` changes the in-process client the SDK sends through.
 *
 * @since 0.1.0
 * @category constructors
 */
export const inProcessSdk = (
  options: {
    readonly members?: ReadonlyArray<string>
    readonly progressions?: Partial<Record<Kind, Policy>>
    readonly wrap?: Wrap
  } = {}
): InProcessRuntime =>
  ManagedRuntime.make(
    Taxdoc.layerSandbox({
      sandbox: { members: (options.members ?? []).map((corpNum) => ({ corpNum })), progressions: options.progressions ?? {} },
      transport: options.wrap === undefined ? undefined : wrapping(options.wrap)
    })
  )

/**
 * A registration number for member `i` of a run (10 digits).
 *
 * @since 0.1.0
 * @category constructors
 */
export const memberNumber = (i: number): string => `7${String(i).padStart(9, "0")}`

/**
 * A valid approval receipt of `corpNum` (trade time: now, as the service fills it in).
 *
 * @since 0.1.0
 * @category constructors
 */
export const receipt = (mgtKey: string, corpNum: string): CashReceiptIssue => sampleReceipt(mgtKey, corpNum)

const admin = async (origin: string, method: "GET" | "POST", path: string, body?: unknown): Promise<unknown> => {
  const response = await fetch(`${origin}/_sandbox/${path}`, {
    method,
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  const answer = await response.json() as unknown
  if (response.status !== 200) throw new Error(`admin ${method} ${path}: ${response.status} ${JSON.stringify(answer)}`)
  return answer
}

/**
 * The sandbox admin API of a socket server.
 *
 * @since 0.1.0
 * @category constructors
 */
export const adminOf = (origin: string) => ({
  addMember: (corpNum: string) => admin(origin, "POST", "members", { corpNum }),
  setProgression: (kind: Kind, policy: Policy) => admin(origin, "POST", "progressions", { kind, policy }),
  stats: () => admin(origin, "GET", "stats") as Promise<Stats>
})

/**
 * Token issuances the sandbox counted for `corpNum`.
 *
 * @since 0.1.0
 * @category combinators
 */
export const issuancesOf = (stats: Stats, corpNum: string): number =>
  stats.tokensIssued.filter((t) => t.corpNum === corpNum).reduce((n, t) => n + t.count, 0)

/**
 * Issues one receipt through the SDK and answers a token for the member, taken from the SDK's own
 * token cache (the pre-issued token of the raw baseline).
 *
 * @since 0.1.0
 * @category combinators
 */
export const prepareReceipt = (runtime: SdkRuntime, corpNum: string, mgtKey: string): Promise<string> =>
  runtime.runPromise(Effect.gen(function*() {
    const cashbill = yield* Cashbill
    yield* cashbill.issue(corpNum, receipt(mgtKey, corpNum))
    const tokens = yield* Tokens
    return Redacted.value(yield* tokens.get(corpNum, [SCOPE]))
  }))

/**
 * An e-Tax invoice draft the sandbox registers, under document ID `mgtKey`, dated `writeDate`
 * (yyyyMMdd, KST): the sandbox's own portal draft.
 *
 * @since 0.1.0
 * @category constructors
 */
export const sampleInvoiceDraft = (mgtKey: string, corpNum: string, writeDate: string): Record<string, unknown> => ({
  ...portalDraft(corpNum, writeDate),
  invoicerMgtKey: mgtKey
})
