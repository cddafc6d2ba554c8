/**
 * What the `taxdoc sandbox …` commands do (their options: ./command.ts): serve the sandbox on a
 * socket, and reset it, move its clock or read its statistics over its admin routes
 * (`/_sandbox/…`, see src/sandbox/Admin.ts).
 *
 * @since 0.1.0
 */
import * as Undici from "../../core/Undici.js"
import * as Config from "effect/Config"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as FileSystem from "effect/FileSystem"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Result from "effect/Result"
import * as Kst from "../../core/Kst.js"
import * as Partners from "../../sandbox/Partners.js"
import * as Server from "../../sandbox/Server.js"
import { CliError } from "../errors.js"
import type { Parsed } from "../lazy.js"
import { parseDuration } from "../options.js"
import { emit, kst, printErrorLine, table } from "../output.js"
import { stopsOnSignal } from "../signal.js"
import * as Admin from "./admin.js"
import type { clockOptions, restoreOptions, serveOptions, sandboxOptions } from "./options.js"

/** Printed when a secret is given on the command line. */
const commandLineSecret = (flag: string, instead: string) =>
  printErrorLine(`warning: ${flag} puts a secret on the command line, where anyone on this machine can read it in the process list (ps); use ${instead} instead`)

/** Partners of a secret file: one `LINKID:BASE64SECRET` a line; blank lines and `#` comments are skipped. */
const partnersOfFile = (path: string) =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const text = yield* fs.readFileString(path).pipe(
      Effect.mapError((e) => new CliError({ message: `--secret-file ${path}: ${e.message}`, hint: "give a readable file with one LINKID:BASE64SECRET a line", exitCode: 2 }))
    )
    const lines = text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== "" && !line.startsWith("#"))
    return yield* Effect.fromResult(Result.all(lines.map(Partners.parsePartner))).pipe(
      Effect.mapError((message) => new CliError({ message: `--secret-file ${path}: ${message}`, hint: "write one LINKID:BASE64SECRET a line", exitCode: 2 }))
    )
  })

const millisOf = (d: Option.Option<Duration.Duration>): number | undefined => Option.match(d, { onNone: () => undefined, onSome: Duration.toMillis })

/**
 * The members of `--member [LINKID:]NUMBER`, each of a partner the sandbox serves (`served`).
 *
 * @since 1.0.0
 * @category combinators
 */
export const memberSeeds = (given: ReadonlyArray<string>, served: ReadonlyArray<string>) =>
  Effect.forEach(given, (text) => {
    const match = /^(?:([^:]+):)?(.*)$/.exec(text)!
    const linkId = match[1] ?? Partners.TESTER_LINK_ID
    const corpNum = match[2]!
    if (!/^\d{10}$/.test(corpNum)) {
      return Effect.fail(new CliError({ message: `--member ${text}: ${corpNum} is not a registration number`, hint: "give 10 digits without hyphens, after the partner's LinkID and a colon if not TESTER's (--member ACME:1234567891)", exitCode: 2 }))
    }
    if (!served.includes(linkId)) {
      return Effect.fail(new CliError({ message: `--member ${text}: the sandbox serves no partner ${linkId}`, hint: `add the partner with --partner ${linkId}:<base64 secret> (or TAXDOC_SANDBOX_PARTNERS, --secret-file); served: ${served.join(", ")}`, exitCode: 2 }))
    }
    return Effect.succeed(linkId === Partners.TESTER_LINK_ID ? { corpNum } : { corpNum, linkId })
  })

/**
 * `taxdoc sandbox serve`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const serve = (o: Parsed<typeof serveOptions>) =>
  Effect.gen(function*() {
    if (o.partners.length > 0) yield* commandLineSecret("--partner", "TAXDOC_SANDBOX_PARTNERS or --secret-file")
    if (Option.isSome(o.adminToken)) yield* commandLineSecret("--admin-token", "TAXDOC_SANDBOX_ADMIN_TOKEN")
    const fromFlags = yield* Effect.fromResult(Result.all(o.partners.map(Partners.parsePartner))).pipe(
      Effect.mapError((message) => new CliError({ message, hint: "write --partner LINKID:BASE64SECRET", exitCode: 2 }))
    )
    const fromFile = Option.isSome(o.secretFile) ? yield* partnersOfFile(o.secretFile.value) : []
    const partners = [...fromFile, ...fromFlags]
    const adminToken = Option.isSome(o.adminToken)
      ? Option.some(o.adminToken.value)
      : yield* Config.option(Config.Redacted("TAXDOC_SANDBOX_ADMIN_TOKEN")).pipe(Effect.orElseSucceed(() => Option.none()))
    const positive = [["--max-body-bytes", o.maxBodyBytes], ["--max-header-bytes", o.maxHeaderBytes], ["--max-connections", o.maxConnections]] as const
    for (const [flag, value] of positive) {
      if (Option.isSome(value) && value.value < 1) return yield* new CliError({ message: `${flag} must be at least 1`, hint: `e.g. ${flag} 1024`, exitCode: 2 })
    }
    // The server adds TAXDOC_SANDBOX_PARTNERS's partners itself; its members may belong to them too.
    const fromEnv = yield* Partners.config.pipe(Effect.orElseSucceed(() => []))
    const members = yield* memberSeeds(o.members, [Partners.TESTER_LINK_ID, ...fromEnv.map((p) => p.linkId), ...partners.map((p) => p.linkId)])
    const limits: Partial<Server.ServerLimits> = {
      ...Option.match(o.maxHeaderBytes, { onNone: () => ({}), onSome: (maxHeaderBytes) => ({ maxHeaderBytes }) }),
      ...Option.match(o.maxConnections, { onNone: () => ({}), onSome: (maxConnections) => ({ maxConnections }) }),
      ...(millisOf(o.headerTimeout) === undefined ? {} : { headersTimeoutMillis: millisOf(o.headerTimeout)! }),
      ...(millisOf(o.requestTimeout) === undefined ? {} : { requestTimeoutMillis: millisOf(o.requestTimeout)! }),
      ...(millisOf(o.keepAliveTimeout) === undefined ? {} : { keepAliveTimeoutMillis: millisOf(o.keepAliveTimeout)! })
    }
    // The server stops on Ctrl-C or SIGTERM once requests in flight are answered: its normal end.
    yield* stopsOnSignal
    yield* Server.run({
      host: o.host,
      port: o.port,
      partners,
      members,
      limits,
      ...Option.match(o.maxBodyBytes, { onNone: () => ({}), onSome: (maxBodyBytes) => ({ maxBodyBytes }) }),
      ...Option.match(adminToken, { onNone: () => ({}), onSome: (token) => ({ adminToken: Redacted.value(token) }) }),
      ...Option.match(o.data, { onNone: () => ({}), onSome: (data) => ({ data }) })
    }).pipe(
      Effect.catchTags({
        ServeError: (e) =>
          new CliError({ message: `cannot listen on ${o.host}:${o.port}: ${String(e.cause ?? e.message)}`, hint: "the port may be in use: choose another with --port (0 picks a free one)", exitCode: 1 }),
        SandboxDataError: (e) => new CliError({ message: `--data ${e.directory}: ${e.message}`, hint: "see docs/sandbox.md, \"A durable sandbox\"", exitCode: 1 })
      })
    )
  })

/** Calls an admin route of `target` over the command's own client (`Admin.call`). */
const admin = (...args: Parameters<typeof Admin.call>) => Admin.call(...args).pipe(Effect.provide(Undici.layer()))

/**
 * `taxdoc sandbox reset`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const reset = (o: Parsed<typeof sandboxOptions>) =>
  Effect.gen(function*() {
    const answer = yield* admin(o, "POST", "reset")
    yield* emit(o.json, answer, () => "sandbox reset: every member, document, token, fault and clock change is gone")
  })

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

// An instant from an ISO date and time with its zone (`Z`, `+09:00`), or without one or as the
// service's 14 digits, read in KST — the zone of every document date — never in this machine's zone.
const instantOf = (text: string): number => {
  if (/^\d{14}$/.test(text)) return Kst.parse(text)
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/i.test(text)) return Number.NaN
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(text)
  return Date.parse(zoned ? text : `${text.includes("T") ? text : `${text}T00:00`}+09:00`)
}

/**
 * `taxdoc sandbox clock`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const clock = (o: Parsed<typeof clockOptions>) =>
  Effect.gen(function*() {
    if (Option.isSome(o.advance) && Option.isSome(o.set)) {
      return yield* new CliError({ message: "--advance and --set exclude each other", hint: "give one of them", exitCode: 2 })
    }
    let answer: unknown
    if (Option.isSome(o.advance)) {
      const text = o.advance.value.trim()
      const negative = text.startsWith("-")
      const parsed = parseDuration(negative ? text.slice(1) : text)
      if (Result.isFailure(parsed)) return yield* new CliError({ message: `--advance: ${parsed.failure}`, hint: "e.g. --advance \"25 hours\"", exitCode: 2 })
      const millis = Duration.toMillis(parsed.success) * (negative ? -1 : 1)
      answer = yield* admin(o, "POST", "clock", { advanceMillis: millis })
    } else if (Option.isSome(o.set)) {
      const at = instantOf(o.set.value.trim())
      if (Number.isNaN(at)) {
        return yield* new CliError({
          message: `--set: "${o.set.value}" is not an ISO date and time, nor 14 digits yyyyMMddHHmmss`,
          hint: "e.g. --set 2026-03-02T15:00:00Z, --set 2026-03-03T00:00 (KST) or --set 20260303000000 (KST)",
          exitCode: 2
        })
      }
      answer = yield* admin(o, "POST", "clock", { set: at })
    } else {
      answer = yield* admin(o, "GET", "clock")
    }
    const state = answer as ClockState
    yield* emit(o.json, { ...state, iso: new Date(state.now).toISOString(), kst: Kst.toDateTime14(state.now) }, () =>
      `sandbox time ${new Date(state.now).toISOString()} (${kst(Kst.toDateTime14(state.now))}), ${describeOffset(state.offset)}`)
  })

interface StatsAnswer {
  readonly calls: Readonly<Record<string, number>>
  readonly tokensIssued: ReadonlyArray<{ readonly environment: string; readonly linkId: string; readonly corpNum: string; readonly count: number }>
  readonly totalTokens: number
}

/**
 * `taxdoc sandbox stats`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const stats = (o: Parsed<typeof sandboxOptions>) =>
  Effect.gen(function*() {
    const answer = (yield* admin(o, "GET", "stats")) as StatsAnswer
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
  })

/**
 * `taxdoc sandbox snapshot`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const snapshot = (o: Parsed<typeof sandboxOptions>) =>
  Effect.gen(function*() {
    const answer = (yield* admin(o, "POST", "snapshots")) as { readonly id: string }
    yield* emit(o.json, answer, () => `snapshot ${answer.id}\nrestore it with: taxdoc sandbox restore --sandbox-url ${o.sandboxUrl} --id ${answer.id}`)
  })

/**
 * `taxdoc sandbox restore`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const restore = (o: Parsed<typeof restoreOptions>) =>
  Effect.gen(function*() {
    const answer = yield* admin(o, "POST", `snapshots/${encodeURIComponent(o.id)}/restore`)
    yield* emit(o.json, answer, () => `sandbox restored to snapshot ${o.id}`)
  })
