/**
 * One layer for the whole SDK: configuration, tokens, the client and every domain service. It
 * requires an `HttpClient` (`Undici.layer()`, or any other: `NodeHttpClient.layerUndici`, `fetch`), so the
 * caller chooses where requests go — or, with `layerSandbox`, the SDK comes with a sandbox of the
 * service inside the process.
 *
 * @since 0.1.0
 */
import type * as EffectConfig from "effect/Config"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type * as HttpClient from "effect/http/HttpClient"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import type * as Scope from "effect/Scope"
import * as Client from "./core/Client.js"
import * as Config from "./core/Config.js"
import * as Tokens from "./core/Tokens.js"
import type { TokenStore } from "./core/TokenStore.js"
import * as Cashbill from "./domains/cashbill/Cashbill.js"
import * as Certificate from "./domains/certificate/Certificate.js"
import * as CompanyStatus from "./domains/companyStatus/CompanyStatus.js"
import * as Member from "./domains/member/Member.js"
import * as Statement from "./domains/statement/Statement.js"
import * as TaxPortal from "./domains/taxPortal/TaxPortal.js"
import * as Taxinvoice from "./domains/taxinvoice/Taxinvoice.js"
import type { ConnectOptions } from "./sandbox/Connect.js"
import type { ClientOptions } from "./sandbox/InProcess.js"
import type { MemoryOptions, Sandbox, SandboxOptions } from "./sandbox/Sandbox.js"
import type { SandboxDataError } from "./sandbox/durable/Storage.js"

/**
 * Every service of the SDK.
 *
 * @since 0.1.0
 * @category models
 */
export type Services =
  | Member.Member
  | CompanyStatus.CompanyStatus
  | Cashbill.Cashbill
  | Statement.Statement
  | Taxinvoice.Taxinvoice
  | Certificate.Certificate
  | TaxPortal.TaxPortal
  | Client.TaxdocClient
  | Tokens.Tokens

/**
 * The services built in one effect: the token service, the client over it, every domain's service
 * over the client. One layer instead of one per service: each layer built costs Effect's runtime
 * steps of its own, and on a cold start those steps run before the code is compiled.
 */
const build: Effect.Effect<Context.Context<Services>, never, Config.TaxdocConfig | HttpClient.HttpClient | Scope.Scope> = Effect.gen(function*() {
  const tokens = yield* Tokens.make
  const client = yield* Effect.provideService(Client.make, Tokens.Tokens, tokens)
  const [member, companyStatus, cashbill, statement, taxinvoice, certificate, taxPortal] = yield* Effect.provideService(
    Effect.all([Member.make, CompanyStatus.make, Cashbill.make, Statement.make, Taxinvoice.make, Certificate.make, TaxPortal.make]),
    Client.TaxdocClient,
    client
  )
  return Context.make(Tokens.Tokens, tokens).pipe(
    Context.add(Client.TaxdocClient, client),
    Context.add(Member.Member, member),
    Context.add(CompanyStatus.CompanyStatus, companyStatus),
    Context.add(Cashbill.Cashbill, cashbill),
    Context.add(Statement.Statement, statement),
    Context.add(Taxinvoice.Taxinvoice, taxinvoice),
    Context.add(Certificate.Certificate, certificate),
    Context.add(TaxPortal.TaxPortal, taxPortal)
  )
})

/**
 * The services, given a configuration and an `HttpClient` (and, when the context has one, a
 * `TokenStore` the tokens are shared through). Its `TaxdocClient` and `Tokens` are among them: code
 * of your own that needs the client takes it from here, rather than from `Client.layer` built
 * beside it, which would be a second client with a token cache of its own.
 *
 * @since 0.1.0
 * @category layers
 */
export const services: Layer.Layer<Services, never, Config.TaxdocConfig | HttpClient.HttpClient> = Layer.effectContext(build)

// The shared token store of a configuration that names one, built in the caller's scope; its
// module, and the optional package it needs, load only then.
const storeOf = (config: Config.TaxdocConfigShape): Effect.Effect<Context.Context<TokenStore>, Config.ConfigInvalid, Scope.Scope> => {
  if (Option.isNone(config.tokenStore)) return Effect.succeed(Context.empty() as Context.Context<TokenStore>)
  const url = config.tokenStore.value
  return Effect.tryPromise({
    try: () => import("./workflow/SharedTokens.js"),
    catch: (cause) =>
      Config.invalid({
        field: "tokenStore",
        reason: `needs the optional package of taxdoc/workflow (npm install @effect/sql-pg): ${String(cause)}`
      })
  }).pipe(Effect.flatMap((SharedTokens) => Layer.build(SharedTokens.layer({ url, table: config.tokenStoreTable }))))
}

/**
 * The shared token store of the configuration (`tokenStore`, `TAXDOC_TOKEN_STORE`) as a
 * `TokenStore` for `services` to use, or nothing when none is configured. Its module, and the
 * optional package it needs, load only then; without them the layer fails naming what to install.
 *
 * @since 0.1.0
 * @category layers
 */
export const sharedTokens: Layer.Layer<never, Config.ConfigInvalid, Config.TaxdocConfig> = Layer.effectContext(
  // The store's context when one is configured (a `TokenStore`), empty otherwise.
  Effect.flatMap(Config.TaxdocConfig, storeOf) as Effect.Effect<Context.Context<never>, Config.ConfigInvalid, Config.TaxdocConfig | Scope.Scope>
)

// The whole SDK from a configuration read by `read`: the configuration, the store it names (if
// any) and the services, in one layer.
const configured = <E, R>(read: Effect.Effect<Config.TaxdocConfigShape, E, R>, storeFailed: (invalid: Config.ConfigInvalid) => E) =>
  Layer.effectContext(Effect.gen(function*() {
    const config = yield* read
    const store = yield* Effect.mapError(storeOf(config), storeFailed)
    const built = yield* Effect.provideContext(build, Context.add(store, Config.TaxdocConfig, config))
    return Context.add(built, Config.TaxdocConfig, config)
  }))

/**
 * The SDK configured from options (with `tokenStore`, its tokens shared through PostgreSQL).
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (options: Config.Options): Layer.Layer<Services | Config.TaxdocConfig, Config.ConfigInvalid, HttpClient.HttpClient> =>
  configured(Config.fromOptions(options), (invalid) => invalid)

/**
 * The SDK configured from `TAXDOC_*` environment variables (see `Config.config`); with
 * `TAXDOC_TOKEN_STORE`, its tokens shared through PostgreSQL.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerConfig: Layer.Layer<Services | Config.TaxdocConfig, EffectConfig.ConfigError, HttpClient.HttpClient> = configured(
  Config.config,
  (invalid): EffectConfig.ConfigError => Config.configErrorOf(Config.variableOf(invalid.field), invalid.reason)
)

/**
 * Options of `layerSandbox`: the SDK's settings of `Connect.layerConfig` (partner `TESTER` with the
 * sandbox's own secret unless given, the test environment, …), the sandbox's own options, and a
 * transport layer of your own put between the SDK and the in-process client (a recorder).
 *
 * @since 1.0.0
 * @category models
 */
export interface SandboxLayerOptions<S extends SandboxOptions, E = never> extends ConnectOptions {
  /** The sandbox: its members, partners, progressions, faults…, and the in-process client's options. */
  readonly sandbox?: (S & ClientOptions) | undefined
  /** Wraps the in-process `HttpClient` the SDK sends through (e.g. `RecordReplay.layer({ … })`). */
  readonly transport?: Layer.Layer<HttpClient.HttpClient, E, HttpClient.HttpClient> | undefined
}

/**
 * What `layerSandbox` gives: the services and their configuration, the `Sandbox` they talk to
 * (its clock, statistics, admin operations) and the in-process `HttpClient`.
 *
 * @since 1.0.0
 * @category models
 */
export type SandboxServices = Services | Config.TaxdocConfig | Sandbox | HttpClient.HttpClient

/**
 * The SDK on a fresh sandbox of the service inside this process: no socket, no configuration (the
 * `TESTER` partner with the sandbox's own secret), the caller's `TestClock` driving both. The
 * sandbox's modules are loaded when the layer is built.
 *
 * ```ts
 * import { Effect } from "effect"
 * import { Cashbill, Taxdoc } from "taxdoc"
 *
 * const program = Effect.flatMap(Cashbill.Cashbill, (cashbill) => cashbill.getInfo("1234567891", "DOC-1"))
 * program.pipe(Effect.provide(Taxdoc.layerSandbox({ sandbox: { members: [{ corpNum: "1234567891" }] } })))
 * ```
 *
 * @since 1.0.0
 * @category layers
 */
export function layerSandbox<E = never>(options?: SandboxLayerOptions<MemoryOptions, E>): Layer.Layer<SandboxServices, Config.ConfigInvalid | E>
export function layerSandbox<E = never>(options: SandboxLayerOptions<SandboxOptions, E>): Layer.Layer<SandboxServices, Config.ConfigInvalid | SandboxDataError | E>
export function layerSandbox<E = never>(
  options: SandboxLayerOptions<SandboxOptions, E> = {}
): Layer.Layer<SandboxServices, Config.ConfigInvalid | SandboxDataError | E> {
  const { sandbox, transport, ...connect } = options
  return Layer.unwrap(
    Effect.promise(() => Promise.all([import("./sandbox/InProcess.js"), import("./sandbox/Connect.js")])).pipe(
      Effect.map(([InProcess, Connect]) => {
        const inProcess = InProcess.layer(sandbox ?? {})
        const client = transport === undefined ? inProcess : Layer.provideMerge(transport, inProcess)
        return configured(Config.TaxdocConfig, (invalid) => invalid).pipe(
          Layer.provideMerge(Connect.layerConfig(connect)),
          Layer.provideMerge(client)
        )
      })
    )
  )
}
