/**
 * One layer for the whole SDK: configuration, tokens, transport and every domain service. It
 * requires an `HttpClient` (e.g. `NodeHttpClient.layerUndici`, or the sandbox's in-process client),
 * so the caller chooses where requests go.
 *
 * @since 0.1.0
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import * as Layer from "effect/Layer"
import type { ConfigError } from "effect/ConfigError"
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
 * The SDK configured from options.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (options: Config.Options): Layer.Layer<Services | Config.TaxdocConfig, Config.ConfigInvalid, HttpClient.HttpClient> =>
  services.pipe(Layer.provideMerge(Config.layer(options)))

/**
 * The SDK configured from `TAXDOC_*` environment variables (see `Config.config`).
 *
 * @since 0.1.0
 * @category layers
 */
export const layerConfig: Layer.Layer<Services | Config.TaxdocConfig, ConfigError, HttpClient.HttpClient> = services.pipe(
  Layer.provideMerge(Config.layerConfig)
)
