/**
 * Which service a command talks to:
 *
 * - `--sandbox`: a fresh sandbox inside the process (no network, nothing kept afterwards); the
 *   member given by `--corp-num` is already signed up, so one command shows its whole effect;
 * - `--sandbox-url <url>`: a running sandbox (`taxdoc sandbox serve`), signed with the secret
 *   given by `--secret` or `TAXDOC_SECRET_KEY` (the server prints TESTER's at start);
 * - neither: the service configured by the `TAXDOC_*` variables (see `Config.config`).
 *
 * The two network targets go over an undici connection pool (`Undici.layer()`).
 *
 * The options themselves are in src/cli/options.ts (`target`); this module builds the SDK for them
 * and is loaded only when a command runs.
 *
 * @since 0.1.0
 */
import * as Undici from "../core/Undici.js"
import * as EffectConfig from "effect/Config"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import type { ConfigInvalid, TaxdocConfig } from "../core/Config.js"
import * as Connect from "../sandbox/Connect.js"
import * as Taxdoc from "../Taxdoc.js"
import { CliError } from "./errors.js"
import type { Target } from "./options.js"
import { whileWaiting } from "./progress.js"

/**
 * What the SDK layer of a target provides.
 *
 * @since 0.1.0
 * @category models
 */
export type Sdk = Taxdoc.Services | TaxdocConfig

/**
 * Failures while building a target's SDK layer.
 *
 * @since 0.1.0
 * @category errors
 */
export type TargetError = CliError | ConfigInvalid | EffectConfig.ConfigError

/**
 * The default time between polls: short in process (the sandbox advances a bulk submission one
 * stage per poll), the live clients' 2 seconds elsewhere.
 *
 * @since 0.1.0
 * @category combinators
 */
export const defaultInterval = (target: Target): Duration.Duration =>
  target.sandbox ? Duration.millis(50) : Duration.seconds(2)

/**
 * What every target takes from the environment besides its address and secret: a sandbox speaks
 * the language of `TAXDOC_ACCEPT_LANGUAGE` too (Korean by default, like the service), and tokens
 * are shared through `TAXDOC_TOKEN_STORE` as with every command.
 *
 * @since 1.0.0
 * @category configs
 */
export const sandboxSettings = EffectConfig.all({
  acceptLanguage: EffectConfig.Literals(["ko-KR", "en-US"], "TAXDOC_ACCEPT_LANGUAGE").pipe(EffectConfig.withDefault("ko-KR" as const)),
  tokenStore: EffectConfig.option(EffectConfig.Redacted("TAXDOC_TOKEN_STORE")),
  tokenStoreTable: EffectConfig.option(EffectConfig.NonEmptyString("TAXDOC_TOKEN_STORE_TABLE"))
}).pipe(EffectConfig.map((s) => ({
  acceptLanguage: s.acceptLanguage,
  tokenStore: Option.getOrUndefined(s.tokenStore),
  tokenStoreTable: Option.getOrUndefined(s.tokenStoreTable)
})))

const failing = (error: CliError): Layer.Layer<Sdk, CliError> => Layer.effectContext<Sdk, CliError, never>(Effect.fail(error))

const noSecret = (origin: string) =>
  new CliError({
    message: `no secret for the sandbox at ${origin}`,
    hint: "pass --secret <base64> or set TAXDOC_SECRET_KEY (taxdoc sandbox serve prints: partner TESTER secret …)",
    exitCode: 2
  })

/**
 * The SDK for a target. `members` are signed up beforehand in an in-process sandbox (ignored
 * elsewhere).
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (target: Target, members: ReadonlyArray<string> = []): Layer.Layer<Sdk, TargetError> => {
  if (target.sandbox && Option.isSome(target.sandboxUrl)) {
    return failing(new CliError({ message: "--sandbox and --sandbox-url exclude each other", hint: "give one of them", exitCode: 2 }))
  }
  if (target.sandbox) {
    // Only well-formed numbers are seeded; the command's own validation reports the others.
    const seeds = [...new Set(members.filter((m) => /^\d{10}$/.test(m)))].map((corpNum) => ({ corpNum }))
    return Layer.unwrap(Effect.map(sandboxSettings, (settings) => Taxdoc.layerSandbox({ ...settings, sandbox: { members: seeds } })))
  }
  if (Option.isSome(target.sandboxUrl)) {
    const origin = target.sandboxUrl.value
    if (Option.isNone(target.secret)) return failing(noSecret(origin))
    const secretKey = target.secret.value
    return Layer.unwrap(Effect.map(sandboxSettings, (settings) =>
      Taxdoc.layer(Connect.configOptions({ origin, linkId: target.linkId, secretKey, ...settings })).pipe(
        Layer.provide(Undici.layer())
      )
    ))
  }
  return Taxdoc.layerConfig.pipe(Layer.provide(Undici.layer()))
}

/**
 * Runs an SDK program against a target.
 *
 * @since 0.1.0
 * @category combinators
 */
export const provide = (target: Target, members: ReadonlyArray<string> = []) =>
<A, E, R>(program: Effect.Effect<A, E, R>): Effect.Effect<A, E | TargetError, Exclude<R, Sdk>> =>
  Effect.provide(program, layer(target, members))

/**
 * Runs an SDK program against a target, saying on stderr when it waits over a second (for
 * programs without a progress display of their own).
 *
 * @since 0.1.0
 * @category combinators
 */
export const run = (target: Target, label: string, members: ReadonlyArray<string> = []) =>
<A, E, R>(program: Effect.Effect<A, E, R>): Effect.Effect<A, E | TargetError, Exclude<R, Sdk>> =>
  program.pipe(whileWaiting(label), provide(target, members))
