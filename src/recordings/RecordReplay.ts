/**
 * The record/replay `HttpClient` (docs/recordings.md). It wraps the transport client — everything in
 * `src/core` goes through the ambient `HttpClient`, so this sits below signing, token handling and
 * retries — reads each body once and hands back a fresh response. Modes: `record` (everything goes
 * out and is recorded), `replay` (nothing goes out; a miss fails), `record-missing` (replay what is
 * recorded, record the rest), `passthrough` (neither).
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Config from "effect/Config"
import * as Context from "effect/Context"
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Result from "effect/Result"
import { HttpClient, HttpClientError, type HttpClientRequest, HttpClientResponse, Url } from "effect/http"
import { DEFAULT_MAX_ANSWER_BYTES, TaxdocConfig } from "../core/Config.js"
import { TOKEN_LIFETIME_MILLIS } from "../core/Tokens.js"
import { answerOf, type Answer, recordRequest, recordResponse, replayAnswer, requestBytes } from "./Capture.js"
import * as Cassette from "./Cassette.js"
import { CassetteMiss, describe, isTokenIssuance, keyOf, nearest } from "./Match.js"
import * as Scrub from "./Scrub.js"

/**
 * What the recorder does: `record` (everything goes out and is recorded), `replay` (nothing goes
 * out; a miss fails), `record-missing` (replay what is recorded, record the rest), `passthrough`
 * (neither).
 *
 * @since 0.1.0
 * @category models
 */
export type Mode = "record" | "replay" | "record-missing" | "passthrough"

/**
 * The mode from `TAXDOC_RECORD_MODE`; unset, `replay` when `CI` is set (and not `false`/`0`),
 * else `record-missing`.
 *
 * @since 0.1.0
 * @category configs
 */
export const modeConfig: Config.Config<Mode> = Config.all({
  mode: Config.option(Config.Literals(["record", "replay", "record-missing", "passthrough"], "TAXDOC_RECORD_MODE")),
  ci: Config.option(Config.String("CI"))
}).pipe(
  Config.map(({ ci, mode }) =>
    Option.getOrElse(mode, (): Mode => Option.exists(ci, (v) => v !== "" && v !== "false" && v !== "0") ? "replay" : "record-missing")
  )
)

/**
 * The mode chosen by the environment (see `modeConfig`).
 *
 * @since 0.1.0
 * @category constructors
 */
export const modeFromEnv: Effect.Effect<Mode, Config.ConfigError> = modeConfig

/**
 * The options of `layer` and `layerReplay`: the cassette, the mode, and what is scrubbed and
 * checked before a cassette is written.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options {
  /** Path of the cassette file. */
  readonly cassette: string
  /** Defaults to `modeFromEnv`. */
  readonly mode?: Mode | undefined
  /** Fail when the scope closes while recorded interactions were never replayed. */
  readonly failOnUnused?: boolean | undefined
  /** More secrets that must never be written, besides the `Redacted` values of `TaxdocConfig`. */
  readonly secrets?: ReadonlyArray<Redacted.Redacted<string>> | undefined
  /**
   * Personal data replaced by stable placeholders (default `Scrub.defaultPersonalData`: identity
   * numbers, phone numbers, e-mail addresses, names of persons, portal URLs); `[]` keeps it.
   */
  readonly personalData?: ReadonlyArray<Scrub.PersonalData> | undefined
}

/**
 * A recorded interaction that was never replayed.
 *
 * @since 0.1.0
 * @category models
 */
export interface UnusedInteraction {
  readonly index: number
  /** `GET /Cashbill/Bulk/…/State`, with query and override. */
  readonly request: string
}

/**
 * Replay mode was asked for a cassette that does not exist.
 *
 * @since 0.1.0
 * @category errors
 */
export class CassetteNotFound extends Data.TaggedError("CassetteNotFound")<{ readonly path: string }> {
  override get message(): string {
    return `cassette ${this.path} does not exist; record it with TAXDOC_RECORD_MODE=record`
  }
}

/**
 * Recording stopped because a secret would have been written; nothing was written. Names the
 * secret (`TaxdocConfig.secretKey`, `token <token-2>`) and where it was, never its value.
 *
 * @since 0.1.0
 * @category errors
 */
export class CassetteSecretLeak extends Data.TaggedError("CassetteSecretLeak")<{
  readonly cassette: string
  readonly leaks: ReadonlyArray<Scrub.Leak>
}> {
  override get message(): string {
    const lines = this.leaks.map((leak) => `  ${leak.label} in ${leak.location}`)
    return `refusing to write cassette ${this.cassette}: secrets would be written (nothing was written)\n${lines.join("\n")}`
  }
}

/**
 * The scope closed while recorded interactions were never replayed (`failOnUnused`).
 *
 * @since 0.1.0
 * @category errors
 */
export class UnusedInteractions extends Data.TaggedError("UnusedInteractions")<{
  readonly cassette: string
  readonly unused: ReadonlyArray<UnusedInteraction>
}> {
  override get message(): string {
    const lines = this.unused.map((u) => `  #${u.index} ${u.request}`)
    return `cassette ${this.cassette}: ${this.unused.length} recorded interaction(s) were never replayed\n${lines.join("\n")}`
  }
}

/**
 * Failures of building the layer.
 *
 * @since 0.1.0
 * @category errors
 */
export type LayerError = Cassette.CassetteInvalid | Cassette.CassetteIOError | CassetteNotFound | Config.ConfigError

/**
 * Failures of writing the cassette.
 *
 * @since 0.1.0
 * @category errors
 */
export type SaveError = CassetteSecretLeak | Cassette.CassetteIOError

/**
 * What the `Recorder` service offers.
 *
 * @since 1.0.0
 * @category models
 */
export interface RecorderShape {
  readonly mode: Mode
  readonly cassette: string
  /** Recorded interactions not replayed so far. */
  readonly unused: Effect.Effect<ReadonlyArray<UnusedInteraction>>
  /** The interactions the cassette will hold (scrubbed). */
  readonly interactions: Effect.Effect<ReadonlyArray<Cassette.Interaction>>
  /** Checks for secrets and writes the cassette now (record modes; otherwise nothing to write). */
  readonly save: Effect.Effect<void, SaveError>
}

/**
 * The recorder behind the layer's `HttpClient`.
 *
 * @since 0.1.0
 * @category services
 */
export class Recorder extends Context.Service<Recorder, RecorderShape>()("taxdoc/recordings/Recorder") {}

// A replayed token always has 30 minutes left by the current clock, so a fixed or moving test
// clock never makes the SDK issue a token the cassette does not hold.
const refreshExpiration = (response: Cassette.RecordedResponse, path: string, now: number): Cassette.RecordedResponse => {
  const body = response.body
  if (!isTokenIssuance(path) || response.status !== 200 || body.kind !== "json") return response
  if (body.json === null || typeof body.json !== "object" || Array.isArray(body.json) || !("expiration" in body.json)) return response
  const expiration = new Date(now + TOKEN_LIFETIME_MILLIS).toISOString()
  return { ...response, body: { kind: "json", json: { ...body.json, expiration } } }
}

const load = (mode: Mode, path: string): Effect.Effect<Cassette.Cassette, LayerError> => {
  if (mode === "record" || mode === "passthrough") return Effect.succeed(Cassette.empty)
  return Effect.flatMap(Cassette.exists(path), (exists): Effect.Effect<Cassette.Cassette, LayerError> =>
    exists ? Cassette.read(path) : mode === "replay" ? Effect.fail(new CassetteNotFound({ path })) : Effect.succeed(Cassette.empty))
}

// Statuses whose web Response may not carry a body.
const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304])

// A fresh response over bytes held in memory.
const respond = (request: HttpClientRequest.HttpClientRequest, answer: Answer): HttpClientResponse.HttpClientResponse =>
  HttpClientResponse.fromWeb(
    request,
    new Response(NULL_BODY_STATUS.has(answer.status) ? null : new Uint8Array(answer.body), { status: answer.status, headers: answer.headers })
  )

const failWith = (reason: HttpClientError.HttpClientErrorReason) => Effect.fail(new HttpClientError.HttpClientError({ reason }))

// The `Redacted` strings of the configuration in context, named by their field.
const configSecrets = (config: Option.Option<TaxdocConfig["Service"]>): ReadonlyArray<Scrub.Watched> =>
  Option.match(config, {
    onNone: () => [],
    onSome: (c) =>
      Object.entries(c).flatMap(([key, value]) => {
        if (!Redacted.isRedacted(value)) return []
        const secret: unknown = Redacted.value(value)
        return typeof secret === "string" ? [{ label: `TaxdocConfig.${key}`, value: secret }] : []
      })
  })

/**
 * A send: the transport's answer to the request being recorded, or `undefined` when nothing is
 * behind the recorder (`layerReplay`).
 */
type Send = Effect.Effect<HttpClientResponse.HttpClientResponse, HttpClientError.HttpClientError> | undefined

const make = Effect.fnUntraced(function*(options: Options, inner: HttpClient.HttpClient | undefined) {
  const mode = options.mode ?? (yield* modeFromEnv)
  const path = options.cassette
  const loaded = yield* load(mode, path)
  const config = yield* Effect.serviceOption(TaxdocConfig)
  const maxAnswerBytes = Option.match(config, { onNone: () => DEFAULT_MAX_ANSWER_BYTES, onSome: (c) => c.maxAnswerBytes })
  const watched: ReadonlyArray<Scrub.Watched> = [
    ...configSecrets(config),
    ...(options.secrets ?? []).map((secret, i) => ({ label: `secrets[${i}]`, value: Redacted.value(secret) }))
  ]
  const scrubber = Scrub.make({ secrets: watched.map((w) => w.value), existing: loaded, personalData: options.personalData })

  const recorded = loaded.interactions
  // Recorded requests are matched as scrubbed now, so a cassette recorded before personal data was
  // scrubbed still matches (its values take their placeholders first).
  const personalData = options.personalData ?? Scrub.defaultPersonalData
  const matchable = recorded.map((interaction) => ({
    ...interaction,
    request: Scrub.forMatching(scrubber.request(interaction.request), personalData)
  }))
  const keys = matchable.map((interaction) => keyOf(interaction.request))
  const used = recorded.map(() => false)
  const added: Array<Cassette.Interaction> = []
  let saved = 0

  const all = (): ReadonlyArray<Cassette.Interaction> => [...recorded, ...added]

  const unused = Effect.sync((): ReadonlyArray<UnusedInteraction> =>
    recorded.flatMap((interaction, index) => (used[index] === true ? [] : [{ index, request: describe(interaction.request) }]))
  )

  const save = Effect.suspend((): Effect.Effect<void, SaveError> => {
    if (mode === "replay" || mode === "passthrough") return Effect.void
    const cassette: Cassette.Cassette = { version: Cassette.VERSION, interactions: all() }
    const tokens = scrubber.tokens().map(([value, placeholder]) => ({ label: `token ${placeholder}`, value }))
    const leaks = Scrub.findLeaks(cassette, [...watched, ...tokens])
    if (leaks.length > 0) return Effect.fail(new CassetteSecretLeak({ cassette: path, leaks }))
    const count = added.length
    return Effect.tap(Cassette.writeText(path, Cassette.encode(cassette)), () => Effect.sync(() => (saved = count)))
  })

  // Synchronous look-up and claim, so concurrent identical requests take recorded answers in order.
  const claim = (key: string): number | undefined => {
    const index = keys.findIndex((k, i) => k === key && used[i] !== true)
    if (index >= 0) used[index] = true
    return index >= 0 ? index : undefined
  }

  const forward = Effect.fnUntraced(function*(request: HttpClientRequest.HttpClientRequest, sent: Cassette.RecordedRequest, send: Exclude<Send, undefined>) {
    const authorization = request.headers["authorization"]
    if (authorization !== undefined) scrubber.observeAuthorization(authorization)
    const response = yield* send
    const raw = new Uint8Array(yield* response.arrayBuffer)
    const answer = answerOf(response.status, response.headers, raw, maxAnswerBytes)
    // Larger than the client reads once decompressed: handed on as received (the client refuses
    // it), never decompressed here nor recorded.
    if (answer === undefined) return respond(request, { status: response.status, headers: { "content-encoding": "gzip" }, body: raw })
    const recordedAt = new Date(yield* Clock.currentTimeMillis).toISOString()
    added.push(scrubber.interaction({ recordedAt, request: sent, response: recordResponse(answer) }))
    return respond(request, answer)
  })

  const miss = (request: HttpClientRequest.HttpClientRequest, sent: Cassette.RecordedRequest) => {
    const near = nearest(matchable, used, Scrub.forMatching(sent, personalData))
    const cause = new CassetteMiss({
      cassette: path,
      request: sent,
      nearestIndex: near?.index,
      nearestRequest: near === undefined ? undefined : matchable[near.index]!.request,
      diff: near?.diff ?? []
    })
    return failWith(new HttpClientError.TransportError({ request, description: cause.message, cause }))
  }

  // One request through the recorder: the body read once, matched as the cassette would hold it,
  // answered from the cassette, or sent (`send`) and recorded.
  const handle = Effect.fnUntraced(function*(request: HttpClientRequest.HttpClientRequest, url: URL, send: Send) {
    const bytes = requestBytes(request)
    if (bytes === undefined) {
      return yield* failWith(new HttpClientError.EncodeError({ request, description: "the recorder cannot read a streamed or FormData body" }))
    }
    // Matched after scrubbing: what is compared is what the cassette holds.
    const sent = scrubber.request(recordRequest(request, url, bytes))
    if (mode !== "record") {
      const index = claim(keyOf(Scrub.forMatching(sent, personalData)))
      if (index !== undefined) {
        const now = yield* Clock.currentTimeMillis
        return respond(request, replayAnswer(refreshExpiration(recorded[index]!.response, sent.path, now)))
      }
    }
    if (mode === "replay" || send === undefined) return yield* miss(request, sent)
    return yield* forward(request, sent, send)
  })

  yield* Effect.addFinalizer((exit) =>
    Effect.gen(function*() {
      // A failed run leaves the previous cassette as it was.
      if (Exit.isFailure(exit)) return
      if (mode === "record" || (mode === "record-missing" && added.length > saved)) yield* Effect.orDie(save)
      if (options.failOnUnused === true) {
        const left = yield* unused
        if (left.length > 0) yield* Effect.die(new UnusedInteractions({ cassette: path, unused: left }))
      }
    })
  )

  // Over a transport the recorder wraps its execution, so the request is sent (and traced) by the
  // transport itself; with nothing behind it, the recorder is the client.
  const client = inner === undefined
    ? HttpClient.make((request, url) => handle(request, url, undefined))
    : mode === "passthrough"
    ? inner
    : HttpClient.transform(inner, (send, request) => {
      const url = Url.make(request.url, request.urlParams, Option.getOrUndefined(request.hash))
      return Result.isFailure(url) ? send : handle(request, url.success, send)
    })
  return Context.make(HttpClient.HttpClient, client).pipe(
    Context.add(Recorder, { mode, cassette: path, unused, interactions: Effect.sync(all), save })
  )
})

/**
 * The recording `HttpClient` over the ambient one, plus its `Recorder`. The cassette is written
 * when the layer's scope closes successfully (modes `record` and `record-missing`); a secret that
 * would be written, or unused interactions with `failOnUnused`, then end the scope with a defect
 * carrying `CassetteSecretLeak` / `UnusedInteractions` (call `Recorder.save` first to handle them
 * as typed failures).
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (options: Options): Layer.Layer<HttpClient.HttpClient | Recorder, LayerError, HttpClient.HttpClient> =>
  Layer.effectContext(Effect.flatMap(HttpClient.HttpClient, (inner) => make(options, inner)))

/**
 * Replay from a cassette with no transport at all: nothing can go out, a miss fails.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerReplay = (options: Omit<Options, "mode">): Layer.Layer<HttpClient.HttpClient | Recorder, LayerError> =>
  Layer.effectContext(make({ ...options, mode: "replay" }, undefined))

/**
 * The `CassetteMiss` behind a failure, looking through the causes the transport wraps it in
 * (the SDK's `TransportError` or the client's `HttpClientError` → `CassetteMiss`).
 *
 * @since 0.1.0
 * @category combinators
 */
export const missOf = (error: unknown): Option.Option<CassetteMiss> => {
  let current: unknown = error
  for (let depth = 0; depth < 8 && current !== null && typeof current === "object"; depth++) {
    if (current instanceof CassetteMiss) return Option.some(current)
    current = (current as { readonly cause?: unknown }).cause
  }
  return Option.none()
}
