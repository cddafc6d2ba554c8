/**
 * How an SDK client reaches a sandbox: the configuration of a partner (default `TESTER`) against
 * the in-process origin or a socket server's URL, for the test or the production environment.
 *
 * ```ts
 * // the SDK against a fresh in-process sandbox
 * const TestSdk = Taxdoc.services.pipe(
 *   Layer.provideMerge(Connect.layerConfig()),
 *   Layer.provideMerge(InProcess.layer())
 * )
 * ```
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Config from "../core/Config.js"
import { SANDBOX_ORIGIN } from "./InProcess.js"
import { TESTER_LINK_ID } from "./Partners.js"
import { Sandbox } from "./Sandbox.js"

/**
 * Options of `configOptions`.
 *
 * @since 0.1.0
 * @category models
 */
export interface ConnectOptions extends Partial<Omit<Config.Options, "authUrl" | "apiUrl">> {
  /** The sandbox origin: the in-process one by default, or a socket server's URL. */
  readonly origin?: string | undefined
}

/**
 * SDK configuration options for a sandbox: auth server at the origin, the test API at the origin
 * and the production API under `/production`. `secretKey` is the partner's secret (a socket server
 * prints it at start).
 *
 * @since 0.1.0
 * @category constructors
 */
export const configOptions = (options: ConnectOptions & { readonly secretKey: Redacted.Redacted<string> }): Config.Options => {
  const { origin: givenOrigin, ...rest } = options
  const origin = (givenOrigin ?? SANDBOX_ORIGIN).replace(/\/+$/, "")
  const environment = rest.environment ?? "test"
  return {
    linkId: TESTER_LINK_ID,
    ...rest,
    environment,
    authUrl: origin,
    apiUrl: environment === "test" ? origin : `${origin}/production`
  }
}

/**
 * The SDK configuration for the `Sandbox` in context, its partner's secret read from the sandbox
 * (unless `secretKey` is given, e.g. to test a wrong one).
 *
 * @since 0.1.0
 * @category layers
 */
export const layerConfig = (options: ConnectOptions = {}): Layer.Layer<Config.TaxdocConfig, Config.ConfigInvalid, Sandbox> =>
  Layer.unwrap(
    Effect.map(Sandbox, (sandbox) => {
      const linkId = options.linkId ?? TESTER_LINK_ID
      // An unknown LinkID gets a well-formed placeholder secret so the sandbox can refuse it.
      const secret = options.secretKey ?? Redacted.make(sandbox.secretOf(linkId) ?? "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=")
      return Config.layer(configOptions({ ...options, linkId, secretKey: secret }))
    })
  )
