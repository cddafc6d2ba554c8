/**
 * One layer for the whole SDK: configuration, tokens, transport and every domain service. It
 * requires an `HttpClient` (e.g. `NodeHttpClient.layerUndici`, or the sandbox's in-process client),
 * so the caller chooses where requests go.
 *
 * @since 0.1.0
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { type ConfigError, InvalidData } from "effect/ConfigError"
import * as Client from "./core/Client.js"
import * as Config from "./core/Config.js"
import type { Tokens } from "./core/Tokens.js"
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
  | Tokens

/**
 * The services, given a configuration and an `HttpClient`.
 *
 * @since 0.1.0
 * @category layers
 */
export const services: Layer.Layer<Services, never, Config.TaxdocConfig | HttpClient.HttpClient> = Layer.mergeAll(
  Member.layer,
  CompanyStatus.layer,
  Cashbill.layer,
  Statement.layer,
  Taxinvoice.layer,
  Certificate.layer,
  TaxPortal.layer
).pipe(Layer.provideMerge(Client.layer))

/**
 * The shared token store of the configuration (`tokenStore`, `TAXDOC_TOKEN_STORE`), or nothing when
 * none is configured. Its module, and the optional packages it needs, load only then; without them
 * the layer fails naming what to install.
 *
 * @since 0.1.0
 * @category layers
 */
export const sharedTokens: Layer.Layer<never, Config.ConfigInvalid, Config.TaxdocConfig> = Layer.unwrapEffect(
  Effect.flatMap(Config.TaxdocConfig, (config) => {
    if (Option.isNone(config.tokenStore)) return Effect.succeed(Layer.empty)
    const url = config.tokenStore.value
    return Effect.tryPromise({
      try: () => import("./workflow/SharedTokens.js"),
      catch: (cause) =>
        new Config.ConfigInvalid({
          field: "tokenStore",
          reason: `needs the optional packages of taxdoc/workflow (npm install @effect/sql @effect/sql-pg @effect/experimental): ${String(cause)}`
        })
    }).pipe(Effect.map((SharedTokens) => SharedTokens.layer({ url, table: config.tokenStoreTable })))
  })
)

/**
 * The SDK configured from options (with `tokenStore`, its tokens shared through PostgreSQL).
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (options: Config.Options): Layer.Layer<Services | Config.TaxdocConfig, Config.ConfigInvalid, HttpClient.HttpClient> =>
  services.pipe(Layer.provide(sharedTokens), Layer.provideMerge(Config.layer(options)))

/**
 * The SDK configured from `TAXDOC_*` environment variables (see `Config.config`); with
 * `TAXDOC_TOKEN_STORE`, its tokens shared through PostgreSQL.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerConfig: Layer.Layer<Services | Config.TaxdocConfig, ConfigError, HttpClient.HttpClient> = services.pipe(
  Layer.provide(Layer.mapError(sharedTokens, (invalid) => InvalidData(["TAXDOC_TOKEN_STORE"], invalid.reason))),
  Layer.provideMerge(Config.layerConfig)
)
