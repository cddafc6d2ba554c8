/**
 * `taxdoc cassettes verify`: replays each cassette's requests, in order, against a sandbox and
 * reports per exchange where the sandbox's answer departs from the recorded one — the status, the
 * error code, the kind of body, and the answer's shape (`Shape.ts`: fields present and their JSON
 * types). Values the sandbox makes up (dates, confirmation numbers, item keys, tokens, messages)
 * are compared by shape only.
 *
 * The sandbox is reached through the `HttpClient` in context at `target.origin` (the in-process
 * sandbox's client, or a socket to `taxdoc sandbox serve`); its admin routes make each cassette's
 * start: a snapshot of the state is taken, the state reset, the document clock set to the first
 * exchange's `recordedAt`, and the members that get a token before signing up in the cassette
 * added; the snapshot is put back afterwards. A replayed request differs from the recorded one
 * only where a cassette cannot hold the original: a token request is signed anew with the
 * partner's secret key, every other request carries the token the latest replayed token request
 * got, a multipart body gets a fresh boundary, a bulk body's digest is computed again, scrubbed
 * personal data (`<email-1>`, `<person-2>`, `<password>` …) is sent as made-up valid values, and a
 * value the sandbox made up in an earlier answer where the recording has another (a job ID, an
 * item key) is sent as the sandbox's wherever the recorded one stood (a path segment, a query
 * value, a JSON string), the latest answer holding it deciding (`internal/Learned.ts`).
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Result from "effect/Result"
import { HttpClient, HttpClientRequest, type HttpMethod } from "effect/http"
import { ErrorCodes } from "../core/ErrorCodes.js"
import * as Signing from "../core/Signing.js"
import * as Cassette from "./Cassette.js"
import { answerOf, BOUNDARY_PLACEHOLDER, bodyBytes, storeBody } from "./Capture.js"
import { describe, isTokenIssuance } from "./Match.js"
import { describeTypes, differences, shapeOf } from "./Shape.js"
import { type Learned, learn } from "./internal/Learned.js"

/**
 * The sandbox to verify against.
 *
 * @since 0.1.0
 * @category models
 */
export interface Target {
  /** Scheme, host and port of the sandbox (its API and its authentication server). */
  readonly origin: string
  /** The partner whose secret signs the token requests (default `TESTER`). */
  readonly linkId?: string | undefined
  readonly secretKey: Redacted.Redacted<string>
  /** The sandbox's admin token, when it has one (a server off loopback). */
  readonly adminToken?: Redacted.Redacted<string> | undefined
}

/**
 * One departure of the sandbox from a recorded answer: the exchange (1-based, in recorded order),
 * its request in one line, the field (`status`, `code`, `body`, or a JSON path such as
 * `$.confirmNum`), and what each side has there.
 *
 * @since 0.1.0
 * @category models
 */
export interface Drift {
  readonly exchange: number
  readonly request: string
  readonly field: string
  readonly recorded: string
  readonly sandbox: string
}

/**
 * The result for one cassette: its exchanges, the drifts, and problems that kept it from being
 * verified (unreadable, invalid, the sandbox unreachable).
 *
 * @since 0.1.0
 * @category models
 */
export interface FileReport {
  readonly path: string
  readonly exchanges: number
  readonly drifts: ReadonlyArray<Drift>
  readonly problems: ReadonlyArray<string>
}

/**
 * The result for every cassette; `ok` when nothing drifts and nothing kept a cassette from being
 * verified.
 *
 * @since 0.1.0
 * @category models
 */
export interface Report {
  readonly files: ReadonlyArray<FileReport>
  readonly ok: boolean
}

// ── made-up values for scrubbed personal data ─────────────────────────────────────────────────

const pad = (n: string, width: number) => n.padStart(width, "0").slice(-width)

const MADE_UP: Readonly<Record<string, (n: string) => string>> = {
  email: (n) => `replay${n}@example.com`,
  person: (n) => `재생${n}`,
  phone: (n) => `010-0000-${pad(n, 4)}`,
  identity: (n) => `0100000${pad(n, 4)}`,
  url: (n) => `https://example.com/replay/${n}`
}

const PERSONAL = /^<([a-z]+)-(\d+)>$/

const madeUp = (value: string): string => {
  if (value === "<password>") return "replay12!@"
  const match = PERSONAL.exec(value)
  const make = match === null ? undefined : MADE_UP[match[1]!]
  return make === undefined ? value : make(match![2]!)
}

/** The service's answer to a token without the scope a call needs (ErrorCodes.ScopeNotGranted). */
const SCOPE_NOT_GRANTED = ErrorCodes.ScopeNotGranted.code

const replaced = (value: string, learned: Learned): string => learned.get(value) ?? madeUp(value)

const withSandboxValues = (value: unknown, learned: Learned): unknown =>
  typeof value === "string"
    ? replaced(value, learned)
    : Array.isArray(value)
    ? value.map((item) => withSandboxValues(item, learned))
    : value !== null && typeof value === "object"
    ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withSandboxValues(v, learned)]))
    : value

// ── the admin routes ────────────────────────────────────────────────────────────────────────────

const admin = (client: HttpClient.HttpClient, target: Target, method: "POST" | "DELETE", route: string, body: unknown) =>
  Effect.gen(function*() {
    const url = `${target.origin.replace(/\/+$/, "")}/_sandbox/${route}`
    let request = HttpClientRequest.make(method)(url)
    if (method === "POST") request = HttpClientRequest.bodyJsonUnsafe(request, body)
    if (target.adminToken !== undefined) request = HttpClientRequest.bearerToken(request, target.adminToken)
    const response = yield* client.execute(request)
    const answer: unknown = yield* response.json
    if (response.status !== 200) {
      return yield* Effect.fail(`the sandbox's admin route ${route} answered ${response.status}: ${JSON.stringify(answer)}`)
    }
    return answer
  }).pipe(Effect.mapError((e) => (typeof e === "string" ? e : `the sandbox's admin route ${route}: ${e.message}`)))

/** The members that get a token before any sign-up of theirs in the cassette. */
const seededMembers = (interactions: ReadonlyArray<Cassette.Interaction>): ReadonlyArray<string> => {
  const joined = new Set<string>()
  const seeded = new Set<string>()
  for (const { request } of interactions) {
    const json = request.body.kind === "json" ? (request.body.json as Record<string, unknown> | null) : null
    if (json === null || typeof json !== "object") continue
    if (request.method === "POST" && /^\/join$/i.test(request.path) && typeof json["CorpNum"] === "string") joined.add(json["CorpNum"])
    if (isTokenIssuance(request.path) && typeof json["access_id"] === "string" && !joined.has(json["access_id"])) seeded.add(json["access_id"])
  }
  return [...seeded]
}

// ── one exchange ────────────────────────────────────────────────────────────────────────────────

interface Sent {
  readonly status: number
  readonly body: Cassette.StoredBody
  readonly contentType: string
}

// A bare flag (`?Detail`) is sent as recorded: without `=`.
const rendered = (query: ReadonlyArray<readonly [string, string]>): string =>
  query.length === 0 ? "" : `?${query.map(([k, v]) => (v === "" ? encodeURIComponent(k) : `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)).join("&")}`

const requestOf = (recorded: Cassette.RecordedRequest, target: Target, token: string | undefined, learned: Learned, nowMillis: number): HttpClientRequest.HttpClientRequest => {
  const headers: Record<string, string> = { ...recorded.headers }
  let contentType = headers["content-type"]
  delete headers["content-type"]
  let bytes: Uint8Array
  if (recorded.body.kind === "json") {
    bytes = Signing.utf8(JSON.stringify(withSandboxValues(recorded.body.json, learned)))
  } else if (recorded.body.kind === "multipart") {
    const boundary = `----taxdoc-verify-${nowMillis.toString(36)}`
    const raw = Buffer.from(bodyBytes(recorded.body)).toString("latin1").split(BOUNDARY_PLACEHOLDER).join(boundary)
    bytes = new Uint8Array(Buffer.from(raw, "latin1"))
    contentType = contentType?.split(BOUNDARY_PLACEHOLDER).join(boundary)
  } else {
    bytes = bodyBytes(recorded.body)
  }
  if (headers["x-svc-message-digest"] !== undefined) headers["x-svc-message-digest"] = Signing.messageDigest(bytes)
  if (isTokenIssuance(recorded.path)) {
    const date = Signing.formatSvcDate(nowMillis)
    const toSign = Signing.stringToSign({ bodyDigest: Signing.bodyDigest(bytes), date, forwarded: headers["x-svc-forwarded"], path: recorded.path })
    headers["x-svc-date"] = date
    headers["x-svc-version"] = Signing.SVC_VERSION
    headers["authorization"] = Signing.authorization(target.linkId ?? "TESTER", Signing.sign(Redacted.value(target.secretKey), toSign))
  } else if (token !== undefined) {
    headers["authorization"] = `Bearer ${token}`
  }
  const query = recorded.query.map(([k, v]) => [k, replaced(v, learned)] as const)
  const path = recorded.path.split("/").map((segment) => learned.get(segment) ?? segment).join("/")
  const request = HttpClientRequest.make(recorded.method.toUpperCase() as HttpMethod.HttpMethod)(`${target.origin.replace(/\/+$/, "")}${path}${rendered(query)}`).pipe(
    HttpClientRequest.setHeaders(headers)
  )
  return recorded.method === "GET" && bytes.length === 0 ? request : HttpClientRequest.bodyUint8Array(request, bytes, contentType ?? "application/octet-stream")
}

const send = (client: HttpClient.HttpClient, request: HttpClientRequest.HttpClientRequest): Effect.Effect<Sent, string> =>
  client.execute(request).pipe(
    Effect.flatMap((response) =>
      Effect.map(response.arrayBuffer, (buffer) => {
        const answer = answerOf(response.status, response.headers, new Uint8Array(buffer), Number.POSITIVE_INFINITY)!
        const contentType = answer.headers["content-type"] ?? ""
        return { status: answer.status, body: storeBody(answer.body, contentType), contentType }
      })
    ),
    Effect.mapError((e) => e.message)
  )

const codeOf = (body: Cassette.StoredBody): unknown =>
  body.kind === "json" && body.json !== null && typeof body.json === "object" && !Array.isArray(body.json) ? (body.json as Record<string, unknown>)["code"] : undefined

const kindOf = (body: Cassette.StoredBody): string => (body.kind === "multipart" ? "multipart" : body.kind)

/**
 * Where the sandbox's answer to one exchange departs from the recorded answer.
 *
 * @since 0.1.0
 * @category combinators
 */
export const compare = (exchange: number, interaction: Cassette.Interaction, sent: { readonly status: number; readonly body: Cassette.StoredBody }): ReadonlyArray<Drift> => {
  const request = describe(interaction.request)
  const drift = (field: string, recorded: string, sandbox: string): Drift => ({ exchange, request, field, recorded, sandbox })
  const recorded = interaction.response
  const out: Array<Drift> = []
  if (recorded.status !== sent.status) out.push(drift("status", String(recorded.status), String(sent.status)))
  const [left, right] = [codeOf(recorded.body), codeOf(sent.body)]
  if (left !== right && (typeof left === "number" || typeof right === "number")) {
    out.push(drift("code", left === undefined ? "absent" : String(left), right === undefined ? "absent" : String(right)))
  }
  if (kindOf(recorded.body) !== kindOf(sent.body)) {
    out.push(drift("body", kindOf(recorded.body), kindOf(sent.body)))
  } else if (recorded.body.kind === "json" && sent.body.kind === "json") {
    for (const d of differences(shapeOf(recorded.body.json), shapeOf(sent.body.json))) {
      out.push(drift(d.field, describeTypes(d.recorded), describeTypes(d.sandbox)))
    }
  }
  return out
}

// ── cassettes ───────────────────────────────────────────────────────────────────────────────────

const replay = (client: HttpClient.HttpClient, path: string, cassette: Cassette.Cassette, target: Target) =>
  Effect.gen(function*() {
    const interactions = cassette.interactions
    const start = Date.parse(interactions[0]?.recordedAt ?? "")
    yield* admin(client, target, "POST", "reset", {})
    if (Number.isFinite(start)) yield* admin(client, target, "POST", "clock", { set: start })
    for (const corpNum of seededMembers(interactions)) yield* admin(client, target, "POST", "members", { corpNum, linkId: target.linkId ?? "TESTER" })
    const drifts: Array<Drift> = []
    let token: string | undefined
    const learned: Learned = new Map()
    // Every token issued so far, latest first: a cassette does not keep which one a call carried.
    const issued: Array<string> = []
    for (const [i, interaction] of interactions.entries()) {
      const now = yield* Clock.currentTimeMillis
      const exchange = (withToken: string | undefined) =>
        Effect.mapError(send(client, requestOf(interaction.request, target, withToken, learned, now)), (e) => `exchange ${i + 1} (${describe(interaction.request)}): not answered: ${e}`)
      let sent = yield* exchange(token)
      // A token of another scope is refused before anything is done: the call is sent again with
      // the other tokens issued so far (each token carries the scopes of the call it was issued for).
      if (codeOf(sent.body) === SCOPE_NOT_GRANTED && codeOf(interaction.response.body) !== SCOPE_NOT_GRANTED) {
        for (const other of issued.filter((t) => t !== token)) {
          sent = yield* exchange(other)
          if (codeOf(sent.body) !== SCOPE_NOT_GRANTED) break
        }
      }
      if (isTokenIssuance(interaction.request.path)) {
        const fresh = codeOf(sent.body) === undefined && sent.body.kind === "json" ? (sent.body.json as Record<string, unknown>)["session_token"] : undefined
        if (typeof fresh === "string") {
          token = fresh
          issued.unshift(fresh)
        }
      }
      if (interaction.response.body.kind === "json" && sent.body.kind === "json") learn(interaction.response.body.json, sent.body.json, learned)
      drifts.push(...compare(i + 1, interaction, sent))
    }
    const report: FileReport = { path, exchanges: interactions.length, drifts, problems: [] }
    return report
  })

const notVerified = (path: string, problem: string): FileReport => ({ path, exchanges: 0, drifts: [], problems: [problem] })

/**
 * Verifies one cassette against the sandbox at `target` (through the `HttpClient` in context). The
 * sandbox's state is kept in a snapshot while the cassette replays and put back afterwards.
 *
 * @since 0.1.0
 * @category combinators
 */
export const verifyCassette = Effect.fn("Verify.verifyCassette")(function*(path: string, target: Target) {
  const client = yield* HttpClient.HttpClient
  const read = yield* Effect.result(Cassette.read(path))
  if (Result.isFailure(read)) return notVerified(path, read.failure.message)
  return yield* Effect.gen(function*() {
    const snapshot = yield* admin(client, target, "POST", "snapshots", {})
    const id = (snapshot as { readonly id?: unknown }).id
    const restore = typeof id !== "string" ? Effect.void : Effect.ignore(Effect.andThen(
      admin(client, target, "POST", `snapshots/${encodeURIComponent(id)}/restore`, {}),
      admin(client, target, "DELETE", `snapshots/${encodeURIComponent(id)}`, undefined)
    ))
    return yield* Effect.ensuring(replay(client, path, read.success, target), restore)
  }).pipe(
    Effect.catch((problem) => Effect.succeed(notVerified(path, problem)))
  )
})

/**
 * Verifies cassettes one after the other.
 *
 * @since 0.1.0
 * @category combinators
 */
export const verifyCassettes = Effect.fn("Verify.verifyCassettes")(function*(paths: ReadonlyArray<string>, target: Target) {
  const files = yield* Effect.forEach(paths, (path) => verifyCassette(path, target))
  const report: Report = { files, ok: files.every((f) => f.drifts.length === 0 && f.problems.length === 0) }
  return report
})

/**
 * A report as lines for a terminal: per cassette, one line per drift (exchange, request, field,
 * recorded and sandbox), then a summary.
 *
 * @since 0.1.0
 * @category combinators
 */
export const formatReport = (report: Report): string => {
  const lines: Array<string> = []
  for (const file of report.files) {
    for (const problem of file.problems) lines.push(`${file.path}: not verified: ${problem}`)
    for (const d of file.drifts) {
      lines.push(`${file.path}: exchange ${d.exchange} (${d.request}): ${d.field}: recorded ${d.recorded}, sandbox ${d.sandbox}`)
    }
    if (file.problems.length === 0 && file.drifts.length === 0) lines.push(`${file.path}: ${file.exchanges} exchange(s), no drift`)
  }
  const bad = report.files.filter((f) => f.problems.length > 0 || f.drifts.length > 0).length
  lines.push(report.ok ? `${report.files.length} cassette(s) verified, the sandbox answers as recorded` : `${bad} of ${report.files.length} cassette(s) drift from the sandbox`)
  return lines.join("\n")
}

/**
 * The process exit code for a report: 0 when nothing drifts, 1 otherwise.
 *
 * @since 0.1.0
 * @category combinators
 */
export { exitCode } from "./Check.js"
