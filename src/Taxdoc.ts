/**
 * One layer for the whole SDK: configuration, tokens, transport and every domain service. It
 * requires an `HttpClient` (e.g. `NodeHttpClient.layerUndici`, or the sandbox's in-process client),
 * so the caller chooses where requests go.
 *
 * @since 0.1.0
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import type * as Scope from "effect/Scope"
import { type ConfigError, InvalidData } from "effect/ConfigError"
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
 * over the client. One layer instead of one per service, because each layer built costs Effect's
 * runtime some hundreds of steps, and on a cold start those steps run before the code is compiled.
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
export const services: Layer.Layer<Services, never, Config.TaxdocConfig | HttpClient.HttpClient> = Layer.scopedContext(build)

// The shared token store's layer when the configuration names one; its module, and the optional
// packages it needs, load only then.
const storeLayer = (config: Config.TaxdocConfigShape): Effect.Effect<Option.Option<Layer.Layer<TokenStore>>, Config.ConfigInvalid> => {
  if (Option.isNone(config.tokenStore)) return Effect.succeed(Option.none())
  const url = config.tokenStore.value
  return Effect.tryPromise({
    try: () => import("./workflow/SharedTokens.js"),
    catch: (cause) =>
      new Config.ConfigInvalid({
        field: "tokenStore",
        reason: `needs the optional packages of taxdoc/workflow (npm install @effect/sql @effect/sql-pg @effect/experimental): ${String(cause)}`
      })
  }).pipe(Effect.map((SharedTokens) => Option.some(SharedTokens.layer({ url, table: config.tokenStoreTable }))))
}

/**
 * The shared token store of the configuration (`tokenStore`, `TAXDOC_TOKEN_STORE`), or nothing when
 * none is configured. Its module, and the optional packages it needs, load only then; without them
 * the layer fails naming what to install.
 *
 * @since 0.1.0
 * @category layers
 */
export const sharedTokens: Layer.Layer<never, Config.ConfigInvalid, Config.TaxdocConfig> = Layer.unwrapEffect(
  Effect.flatMap(Config.TaxdocConfig, (config) => Effect.map(storeLayer(config), Option.getOrElse(() => Layer.empty)))
)

// The whole SDK from a configuration read by `read`: the configuration, the store it names (if
// any) and the services, in one layer.
const configured = <E, R>(read: Effect.Effect<Config.TaxdocConfigShape, E, R>, storeFailed: (invalid: Config.ConfigInvalid) => E) =>
  Layer.scopedContext(Effect.gen(function*() {
    const config = yield* read
    const store = yield* Effect.mapError(storeLayer(config), storeFailed)
    const shared = Option.isNone(store) ? Context.empty() : yield* Layer.build(store.value)
    const built = yield* Effect.provide(build, Context.add(shared, Config.TaxdocConfig, config))
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
export const layerConfig: Layer.Layer<Services | Config.TaxdocConfig, ConfigError, HttpClient.HttpClient> = configured(
  Config.config,
  (invalid): ConfigError => InvalidData(["TAXDOC_TOKEN_STORE"], invalid.reason)
)
