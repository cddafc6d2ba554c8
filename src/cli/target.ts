/**
 * Which service a command talks to:
 *
 * - `--sandbox`: a fresh sandbox inside the process (no network, nothing kept afterwards); the
 *   member given by `--corp-num` is already signed up, so one command shows its whole effect, and
 *   holds the sample documents the examples of `--help` name (./samples.ts);
 * - `--sandbox-url <url>`: a running sandbox (`taxdoc sandbox serve`), as the partner given by
 *   `--link-id` or `TAXDOC_LINK_ID` (else TESTER), signed with the secret given by `--secret` or
 *   `TAXDOC_SECRET_KEY` (the server prints TESTER's at start); a command whose operations are all
 *   called without a token (CheckIsMember, CheckID, JoinMember) needs no secret;
 * - neither: the service configured by the `TAXDOC_*` variables (see `Config.config`).
 *
 * `--secret` and `--link-id` mean something with `--sandbox-url` only: elsewhere they are a usage
 * error rather than silently ignored.
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
import * as Redacted from "effect/Redacted"
import * as Result from "effect/Result"
import * as Config from "../core/Config.js"
import type * as Operation from "../core/Operation.js"
import * as Connect from "../sandbox/Connect.js"
import * as Taxdoc from "../Taxdoc.js"
import { CliError } from "./errors.js"
import type { Target } from "./options.js"
import { whileWaiting } from "./progress.js"
import * as Samples from "./samples.js"

/**
 * What the SDK layer of a target provides.
 *
 * @since 0.1.0
 * @category models
 */
export type Sdk = Taxdoc.Services | Config.TaxdocConfig

/**
 * Failures while building a target's SDK layer.
 *
 * @since 0.1.0
 * @category errors
 */
export type TargetError = CliError | Config.ConfigInvalid | EffectConfig.ConfigError

/**
 * The default time between polls: short in process (the sandbox advances a bulk submission one
 * stage per poll); elsewhere the SDK's own (the first polls soon after the request, then every 2
 * seconds, as the live clients poll).
 *
 * @since 0.1.0
 * @category combinators
 */
export const defaultInterval = (target: Target): Duration.Duration | undefined =>
  target.sandbox ? Duration.millis(50) : undefined

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

/**
 * The usage error of a running sandbox given no secret.
 *
 * @since 1.0.0
 * @category errors
 */
export const noSecret = (origin: string): CliError =>
  new CliError({
    message: `no secret for the sandbox at ${origin}`,
    hint: "pass --secret <base64> or set TAXDOC_SECRET_KEY (taxdoc sandbox serve prints: partner TESTER secret …)",
    exitCode: 2
  })

/**
 * Whether every one of `operations` is called without a token, so that no secret is needed.
 *
 * @since 1.0.0
 * @category combinators
 */
export const tokenless = (...operations: ReadonlyArray<Operation.Any>): boolean =>
  operations.every((operation) => operation.scope._tag === "None")

/**
 * What a command sends nothing signed with needs no secret: the configuration still takes one, and
 * this one (not a valid secret of any partner) is never used to sign.
 */
const UNUSED_SECRET = Redacted.make("dW51c2VkLXNlY3JldC1rZXk=")

/**
 * `--link-id` and `--secret` for `--sandbox-url`, each falling back to its variable
 * (`TAXDOC_LINK_ID`, else TESTER; `TAXDOC_SECRET_KEY`).
 *
 * @since 1.0.0
 * @category configs
 */
export const credentials = (target: Pick<Target, "linkId" | "secret">) =>
  Effect.map(
    EffectConfig.all({
      linkId: EffectConfig.String("TAXDOC_LINK_ID").pipe(EffectConfig.withDefault("TESTER")),
      secret: EffectConfig.option(EffectConfig.Redacted("TAXDOC_SECRET_KEY"))
    }),
    (env) => ({
      linkId: Option.getOrElse(target.linkId, () => env.linkId),
      secret: Option.orElse(target.secret, () => env.secret)
    })
  )

/**
 * `--secret` or `--link-id` given with a target they mean nothing to, as a usage error; `undefined`
 * when the flags fit the target.
 *
 * @since 1.0.0
 * @category combinators
 */
export const misplaced = (target: Target): CliError | undefined => {
  if (Option.isSome(target.sandboxUrl)) return undefined
  const given = [Option.isSome(target.secret) ? "--secret" : undefined, Option.isSome(target.linkId) ? "--link-id" : undefined]
    .filter((flag) => flag !== undefined)
  if (given.length === 0) return undefined
  return new CliError({
    message: `${given.join(" and ")} ${given.length === 1 ? "goes" : "go"} with --sandbox-url only`,
    hint: target.sandbox
      ? "the sandbox in this process signs as TESTER with its own secret: leave them out"
      : "the service configured by TAXDOC_* signs with TAXDOC_LINK_ID and TAXDOC_SECRET_KEY: set those, or add --sandbox-url <url>",
    exitCode: 2
  })
}

// The in-process sandbox with the samples the help's examples name (./samples.ts), for its members.
const withSamples = <E>(
  sandbox: Layer.Layer<Taxdoc.SandboxServices, E>,
  members: ReadonlyArray<string>,
  kinds: ReadonlyArray<Samples.Kind> | undefined
): Layer.Layer<Sdk, E | CliError> =>
  Layer.effectContext(Effect.gen(function*() {
    const context = yield* Layer.build(sandbox)
    yield* Samples.make(members, kinds).pipe(
      Effect.provideContext(context),
      Effect.mapError((cause) => new CliError({ message: `the sandbox's samples could not be made: ${String(cause)}`, hint: "this is a bug of taxdoc; please report it", exitCode: 1 }))
    )
    return context
  }))

/**
 * The name a configuration field was given under with `--sandbox-url`: `--secret`, `--link-id` and
 * `--sandbox-url` (the addresses) where those flags gave it, else its `TAXDOC_*` variable.
 *
 * @since 1.1.0
 * @category combinators
 */
export const givenAs = (target: Pick<Target, "linkId" | "secret">) => (field: string): string => {
  switch (field) {
    case "secretKey":
      return Option.isSome(target.secret) ? "--secret" : "TAXDOC_SECRET_KEY"
    case "linkId":
      return Option.isSome(target.linkId) ? "--link-id" : "TAXDOC_LINK_ID"
    case "authUrl":
    case "apiUrl":
      return "--sandbox-url"
    default:
      return Config.variableOf(field)
  }
}

/**
 * How a target's SDK is made: `tokenless`, see `tokenless`; `samples`, the kinds of sample an
 * in-process sandbox starts with (default every kind).
 *
 * @since 1.1.0
 * @category models
 */
export interface LayerOptions {
  readonly tokenless?: boolean
  readonly samples?: ReadonlyArray<Samples.Kind>
}

/**
 * The SDK for a target. `members` are signed up beforehand in an in-process sandbox (ignored
 * elsewhere). With `tokenless` (see `tokenless`), a running sandbox needs no secret.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (target: Target, members: ReadonlyArray<string> = [], options: LayerOptions = {}): Layer.Layer<Sdk, TargetError> => {
  if (target.sandbox && Option.isSome(target.sandboxUrl)) {
    return failing(new CliError({ message: "--sandbox and --sandbox-url exclude each other", hint: "give one of them", exitCode: 2 }))
  }
  const misplacedFlag = misplaced(target)
  if (misplacedFlag !== undefined) return failing(misplacedFlag)
  if (target.sandbox) {
    // Only well-formed numbers are seeded; the command's own validation reports the others.
    const seeded = [...new Set(members.filter((m) => /^\d{10}$/.test(m)))]
    const seeds = seeded.map((corpNum) => ({ corpNum, managerId: Samples.MANAGER_ID }))
    return Layer.unwrap(Effect.map(sandboxSettings, (settings) => withSamples(Taxdoc.layerSandbox({ ...settings, sandbox: { members: seeds } }), seeded, options.samples)))
  }
  if (Option.isSome(target.sandboxUrl)) {
    const origin = target.sandboxUrl.value
    return Layer.unwrap(Effect.gen(function*() {
      const { linkId, secret } = yield* credentials(target)
      if (Option.isNone(secret) && options.tokenless !== true) return yield* noSecret(origin)
      const settings = yield* sandboxSettings
      const secretKey = Option.getOrElse(secret, () => UNUSED_SECRET)
      const configOptions = Connect.configOptions({ origin, linkId, secretKey, ...settings })
      // Every problem at once, each under the name it was given as: a flag, else its variable.
      const checked = Config.fromOptionsResult(configOptions)
      if (Result.isFailure(checked)) return yield* Config.renamed(checked.failure, givenAs(target))
      return Taxdoc.layer(configOptions).pipe(Layer.provide(Undici.layer()))
    }))
  }
  return Taxdoc.layerConfig.pipe(Layer.provide(Undici.layer()))
}

/**
 * Runs an SDK program against a target.
 *
 * @since 0.1.0
 * @category combinators
 */
export const provide = (target: Target, members: ReadonlyArray<string> = [], options: LayerOptions = {}) =>
<A, E, R>(program: Effect.Effect<A, E, R>): Effect.Effect<A, E | TargetError, Exclude<R, Sdk>> =>
  Effect.provide(program, layer(target, members, options))

/**
 * Runs an SDK program against a target, saying on stderr when it waits over a second (for
 * programs without a progress display of their own).
 *
 * @since 0.1.0
 * @category combinators
 */
export const run = (target: Target, label: string, members: ReadonlyArray<string> = [], options: LayerOptions = {}) =>
<A, E, R>(program: Effect.Effect<A, E, R>): Effect.Effect<A, E | TargetError, Exclude<R, Sdk>> =>
  program.pipe(whileWaiting(label), provide(target, members, { samples: Samples.kindsOf(label), ...options }))
