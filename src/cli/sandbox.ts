/**
 * `taxdoc sandbox …`: serve the sandbox on a socket, and reset it, move its clock or read its
 * statistics over its admin routes (`/_sandbox/…`, see src/sandbox/Admin.ts).
 *
 * @since 0.1.0
 */
import { Command, Options } from "@effect/cli"
import { HttpClient, HttpClientRequest } from "@effect/platform"
import { NodeHttpClient } from "@effect/platform-node"
import { Duration, Effect, Either, Option } from "effect"
import * as Kst from "../core/Kst.js"
import { Partners, Server } from "../sandbox/index.js"
import { CliError } from "./errors.js"
import { json, parseDuration } from "./options.js"
import { emit, kst, table } from "./output.js"

const serve = Command.make("serve", {
  port: Options.integer("port").pipe(
    Options.withPseudoName("PORT"),
    Options.withDescription("The port to listen on; 0 picks a free one (printed at start). Example: --port 8787"),
    Options.withDefault(8787)
  ),
  host: Options.text("host").pipe(
    Options.withPseudoName("HOST"),
    Options.withDescription("The address to listen on. Example: --host 127.0.0.1"),
    Options.withDefault("127.0.0.1")
  ),
  partners: Options.text("partner").pipe(
    Options.withPseudoName("LINKID:BASE64SECRET"),
    Options.withDescription("Another partner, LINKID:BASE64SECRET (repeatable; also TAXDOC_SANDBOX_PARTNERS). Example: --partner ACME:c2VjcmV0LWtleS0xMjM0NTY3OA=="),
    Options.repeated
  ),
  members: Options.text("member").pipe(
    Options.withPseudoName("NUMBER"),
    Options.withDescription("A business signed up from the start as a member of TESTER (repeatable). Example: --member 1234567891"),
    Options.repeated
  )
}, (o) =>
  Effect.gen(function*() {
    const partners = yield* Either.all(o.partners.map(Partners.parsePartner)).pipe(
      Either.mapLeft((message) => new CliError({ message, hint: "write --partner LINKID:BASE64SECRET", exitCode: 2 }))
    )
    const bad = o.members.find((m) => !/^\d{10}$/.test(m))
    if (bad !== undefined) {
      return yield* new CliError({ message: `--member ${bad} is not a registration number`, hint: "give 10 digits without hyphens", exitCode: 2 })
    }
    yield* Server.run({ host: o.host, port: o.port, partners, members: o.members.map((corpNum) => ({ corpNum })) }).pipe(
      Effect.catchTag("ServeError", (e) =>
        new CliError({ message: `cannot listen on ${o.host}:${o.port}: ${String(e.cause ?? e.message)}`, hint: "the port may be in use: choose another with --port (0 picks a free one)", exitCode: 1 }))
    )
  })).pipe(
    Command.withDescription("Serve the sandbox on a socket until Ctrl-C / SIGTERM; prints each partner's secret and `listening on <url>`")
  )

const sandboxUrl = Options.text("sandbox-url").pipe(
  Options.withPseudoName("URL"),
  Options.withDescription("The running sandbox (taxdoc sandbox serve). Example: --sandbox-url http://127.0.0.1:8787")
)

/** Calls an admin route; answers its JSON body. */
const admin = (origin: string, method: "GET" | "POST", path: string, body?: unknown): Effect.Effect<unknown, CliError> =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const url = `${origin.replace(/\/+$/, "")}/_sandbox/${path}`
    const request = method === "GET" ? HttpClientRequest.get(url) : HttpClientRequest.bodyUnsafeJson(HttpClientRequest.post(url), body ?? {})
    const response = yield* client.execute(request)
    const answer: unknown = yield* response.json
    if (response.status !== 200) {
      const message = typeof answer === "object" && answer !== null && "message" in answer ? String(answer.message) : JSON.stringify(answer)
      return yield* new CliError({ message: `the sandbox answered ${response.status}: ${message}`, hint: "is the URL a taxdoc sandbox (taxdoc sandbox serve)?", exitCode: 1 })
    }
    return answer
  }).pipe(
    Effect.scoped,
    Effect.catchTags({
      RequestError: (e) => new CliError({ message: `cannot reach the sandbox at ${origin}: ${e.message}`, hint: "is `taxdoc sandbox serve` running there? check --sandbox-url", exitCode: 1 }),
      ResponseError: (e) => new CliError({ message: `unexpected answer from ${origin}: ${e.message}`, hint: "is the URL a taxdoc sandbox (taxdoc sandbox serve)?", exitCode: 1 })
    }),
    Effect.provide(NodeHttpClient.layerUndici)
  )

const reset = Command.make("reset", { sandboxUrl, json }, (o) =>
  Effect.gen(function*() {
    const answer = yield* admin(o.sandboxUrl, "POST", "reset")
    yield* emit(o.json, answer, () => "sandbox reset: every member, document, token, fault and clock change is gone")
  })).pipe(Command.withDescription("Reset a running sandbox to its state at start (POST /_sandbox/reset)"))

interface ClockState {
  readonly now: number
  readonly offset: number
}

const describeOffset = (millis: number): string => {
  // Whole seconds: the milliseconds between the request and the answer are noise here.
  const seconds = Math.round(Math.abs(millis) / 1000)
  if (seconds === 0) return "the same as this machine's clock"
  return `${Duration.format(Duration.seconds(seconds))} ${millis > 0 ? "ahead of" : "behind"} this machine's clock`
}

const clock = Command.make("clock", {
  sandboxUrl,
  json,
  advance: Options.text("advance").pipe(
    Options.withPseudoName("DURATION"),
    Options.withDescription("Move sandbox time forward by a duration (a leading - moves it back). Example: --advance \"1 day\""),
    Options.optional
  ),
  set: Options.text("set").pipe(
    Options.withPseudoName("ISO-INSTANT"),
    Options.withDescription("Set sandbox time to an ISO instant. Example: --set 2026-03-02T15:00:00Z"),
    Options.optional
  )
}, (o) =>
  Effect.gen(function*() {
    if (Option.isSome(o.advance) && Option.isSome(o.set)) {
      return yield* new CliError({ message: "--advance and --set exclude each other", hint: "give one of them", exitCode: 2 })
    }
    let answer: unknown
    if (Option.isSome(o.advance)) {
      const text = o.advance.value.trim()
      const negative = text.startsWith("-")
      const parsed = parseDuration(negative ? text.slice(1) : text)
      if (Either.isLeft(parsed)) return yield* new CliError({ message: `--advance: ${parsed.left}`, hint: "e.g. --advance \"25 hours\"", exitCode: 2 })
      const millis = Duration.toMillis(parsed.right) * (negative ? -1 : 1)
      answer = yield* admin(o.sandboxUrl, "POST", "clock", { advanceMillis: millis })
    } else if (Option.isSome(o.set)) {
      const at = Date.parse(o.set.value)
      if (Number.isNaN(at)) return yield* new CliError({ message: `--set: "${o.set.value}" is not an ISO instant`, hint: "e.g. --set 2026-03-02T15:00:00Z", exitCode: 2 })
      answer = yield* admin(o.sandboxUrl, "POST", "clock", { set: at })
    } else {
      answer = yield* admin(o.sandboxUrl, "GET", "clock")
    }
    const state = answer as ClockState
    yield* emit(o.json, { ...state, iso: new Date(state.now).toISOString(), kst: Kst.toDateTime14(state.now) }, () =>
      `sandbox time ${new Date(state.now).toISOString()} (${kst(Kst.toDateTime14(state.now))}), ${describeOffset(state.offset)}`)
  })).pipe(Command.withDescription("Show or move the clock of a running sandbox: filing, bulk progress and URL expiry follow it, tokens keep their expiry (/_sandbox/clock)"))

interface StatsAnswer {
  readonly calls: Readonly<Record<string, number>>
  readonly tokensIssued: ReadonlyArray<{ readonly environment: string; readonly linkId: string; readonly corpNum: string; readonly count: number }>
  readonly totalTokens: number
}

const stats = Command.make("stats", { sandboxUrl, json }, (o) =>
  Effect.gen(function*() {
    const answer = (yield* admin(o.sandboxUrl, "GET", "stats")) as StatsAnswer
    yield* emit(o.json, answer, () => {
      const calls = Object.entries(answer.calls).map(([route, count]) => ({ route, count }))
      return [
        table(calls, [{ header: "route", value: (r) => r.route }, { header: "calls", value: (r) => r.count, align: "right" }]),
        "",
        table(answer.tokensIssued, [
          { header: "environment", value: (t) => t.environment },
          { header: "partner", value: (t) => t.linkId },
          { header: "member", value: (t) => t.corpNum },
          { header: "tokens", value: (t) => t.count, align: "right" }
        ])
      ].join("\n")
    })
  })).pipe(Command.withDescription("Show the calls a running sandbox answered per operation and the tokens it issued (GET /_sandbox/stats)"))

/**
 * `taxdoc sandbox`.
 *
 * @since 0.1.0
 * @category commands
 */
export const command = Command.make("sandbox").pipe(
  Command.withDescription("The sandbox: a stateful emulator of the service, on a socket, with admin routes"),
  Command.withSubcommands([serve, reset, clock, stats])
)
