/**
 * Nothing secret, and no document content but IDs, in what taxdoc emits: for every operation of
 * the catalogue and every fault the sandbox injects (none, a 503, a service error code, a refused
 * connection, a dropped answer, an answer cut short, an answer that never ends), with generated
 * valid inputs, and for the writes that settle lost answers and for bulk issuance under the same
 * faults, the spans, span events, metric labels and log records exported through
 * @effect/opentelemetry to the OpenTelemetry SDK's in-memory exporters (tracing, metrics on,
 * `traceparent` on, every log level) never contain the partner's secret key, an access token, a
 * request signature or a field value of an input — except the member's registration number and the
 * document, submit and job IDs, which they are meant to carry.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Metric, References } from "effect"
import type { HttpClientRequest } from "effect/http"
import { TestClock } from "effect/testing"
import * as fc from "fast-check"
import { TaxdocClient } from "../../src/core/Client.js"
import { ErrorCodes } from "../../src/core/ErrorCodes.js"
import * as Metrics from "../../src/core/Metrics.js"
import type * as Operation from "../../src/core/Operation.js"
import * as Telemetry from "../../src/core/Telemetry.js"
import { IssueToken, Tokens } from "../../src/core/Tokens.js"
import * as Catalogue from "../../src/domains/Catalogue.js"
import { Cashbill } from "../../src/domains/cashbill/Cashbill.js"
import { Statement } from "../../src/domains/statement/Statement.js"
import { Taxinvoice } from "../../src/domains/taxinvoice/Taxinvoice.js"
import type { Fault } from "../../src/sandbox/edge/Faults.js"
import { tokensSlot } from "../../src/sandbox/auth/IssuedTokens.js"
import { TESTER_SECRET } from "../../src/sandbox/Partners.js"
import { Sandbox } from "../../src/sandbox/Sandbox.js"
import { SandboxStore } from "../../src/sandbox/Store.js"
import { type AnyInput, asInput, inputs, NOW } from "../catalogue/inputs.js"
import { driven } from "../support/clock.js"
import { exported } from "../support/otel.js"
import * as Sdk from "../support/sdk.js"

const CORP = Sdk.MEMBER

/** The faults, each fired once on the route of the call. */
const FAULTS: ReadonlyArray<{ readonly name: string; readonly fault?: Omit<Fault, "route" | "probability"> }> = [
  { name: "none" },
  { name: "503", fault: { status: 503 } },
  { name: "service error code", fault: { code: ErrorCodes.InjectedFault.code } },
  { name: "connection refused", fault: { kind: "reset" } },
  { name: "answer dropped", fault: { kind: "dropAfter" } },
  { name: "answer cut short", fault: { kind: "truncate" } },
  { name: "answer never ends", fault: { kind: "hang" } }
]

/** Inputs drawn per operation and fault (a fixed seed: the run replays). */
const DRAWS = 2

/** Parameter and body fields that hold the IDs telemetry is meant to carry. */
const ID_FIELDS = new Set(["mgtKey", "MgtKey", "ItemKey", "ntsConfirmNum", "submitID", "jobID", "invoicerMgtKey"])

/** Every string (and long number) of an input, with whether it is an ID telemetry may carry. */
const fieldsOf = (value: unknown, key: string | undefined, out: { ids: Set<string>; values: Set<string> }): void => {
  if (typeof value === "string") (key !== undefined && ID_FIELDS.has(key) ? out.ids : out.values).add(value)
  else if (typeof value === "number" && Math.abs(value) >= 1000) out.values.add(String(value))
  else if (Array.isArray(value)) for (const item of value) fieldsOf(item, key, out)
  else if (typeof value === "object" && value !== null) for (const [k, v] of Object.entries(value)) fieldsOf(v, k, out)
}

/** The SDK's own words: names, templates, attribute names, error codes — a value equal to one of them says nothing of an input. */
const vocabulary = [
  ...Catalogue.operations.flatMap((operation) => [operation.name, operation.sdk, operation.path]),
  ...Object.entries(ErrorCodes).flatMap(([name, entry]) => [name, String(entry.code)]),
  ...Object.values(Telemetry.Attribute),
  ...Object.values(Telemetry.Event),
  ...Object.values(Metrics.Name),
  "sandbox.taxdoc.local",
  "true false null undefined success service_error transport_error response_error unknown_outcome happened did_not_happen different read_failed still_unknown issued refused not_issued txState jobState member"
].join("\n")

/** Identifiers of Effect's and OpenTelemetry's own on log records (random hex, fiber numbers): not taxdoc's. */
const THEIR_IDS = new Set(["spanId", "traceId", "effect.fiberId"])

const textOf = (value: unknown): ReadonlyArray<string> => (Array.isArray(value) ? value.map(String) : value === undefined ? [] : [String(value)])

describe("telemetry carries no secret and no document content but IDs", () => {
  it.effect("every operation under every fault, settled writes and bulk issuance: spans, events, labels and log records", () => {
    const otel = exported()
    const requests: Array<HttpClientRequest.HttpClientRequest> = []
    const fields = { ids: new Set<string>([CORP]), values: new Set<string>() }
    const sdk = Sdk.layer({
      connect: { retries: 1, retryBaseDelay: "10 millis", retryMaxDelay: "20 millis", requestTimeout: "1 second", metrics: true, traceparent: true },
      sandbox: { members: [{ corpNum: CORP }] },
      capture: requests
    })
    const draw = (operation: Operation.Any, salt: number): ReadonlyArray<AnyInput> => {
      const drawn = fc.sample(inputs[operation.name]!, { numRuns: DRAWS, seed: 7_919 * (salt + 1) })
      for (const input of drawn) fieldsOf({ params: input.params, body: input.body, userId: input.userId }, undefined, fields)
      return drawn
    }
    return Effect.gen(function*() {
      yield* TestClock.setTime(NOW)
      const client = yield* TaxdocClient
      const sandbox = yield* Sandbox
      const tokens = yield* Tokens
      const underFault = <A, E, R>(route: string, fault: Omit<Fault, "route" | "probability"> | undefined, effect: Effect.Effect<A, E, R>) =>
        Effect.gen(function*() {
          if (fault !== undefined) yield* sandbox.setFault({ ...fault, route, count: 1, probability: 1 } as Fault)
          const exit = yield* Effect.exit(driven(effect, "250 millis", 400))
          yield* sandbox.clearFaults()
          // A member that quit is signed up again (with fresh tokens), so the next calls reach their handlers.
          yield* Effect.ignore(sandbox.addMember({ corpNum: CORP }))
          return exit
        })

      // Every operation of the catalogue, through the client, under every fault.
      let calls = 0
      for (const [index, operation] of Catalogue.operations.entries()) {
        if (operation === IssueToken) continue
        for (const [f, { fault }] of FAULTS.entries()) {
          for (const input of draw(operation, index * FAULTS.length + f)) {
            yield* underFault(operation.name, fault, client.call(operation, asInput(operation, input)))
            calls++
          }
        }
      }
      // Token issuance under every fault: the cached tokens dropped first.
      for (const { fault } of FAULTS) {
        yield* tokens.invalidate(CORP)
        yield* underFault(IssueToken.name, fault, tokens.get(CORP, ["140"]))
      }

      // The writes that settle a lost answer, and bulk issuance, under every fault of the write.
      const cashbill = yield* Cashbill
      const statement = yield* Statement
      const taxinvoice = yield* Taxinvoice
      const receipts = Catalogue.operations.find((operation) => operation.name === "Cashbill.RegistIssue")!
      const statements = Catalogue.operations.find((operation) => operation.name === "Statement.RegistIssue")!
      const invoices = Catalogue.operations.find((operation) => operation.name === "Taxinvoice.Register")!
      let settled = 0
      for (const [f, { fault }] of FAULTS.entries()) {
        const [receipt, second, third] = fc.sample(inputs[receipts.name]!, { numRuns: 3, seed: 31 * (f + 1) }).map((input) => input.body)
        fieldsOf([receipt, second, third], undefined, fields)
        const [draft] = draw(invoices, 1_000 + f)
        const [issued] = draw(statements, 2_000 + f)
        const exits = [
          yield* underFault(receipts.name, fault, cashbill.issue(CORP, receipt as never)),
          yield* underFault(statements.name, fault, statement.issue(CORP, issued!.body as never)),
          yield* underFault(invoices.name, fault, taxinvoice.register(CORP, draft!.body as never)),
          yield* underFault("Cashbill.BulkSubmit", fault, cashbill.issueMany(CORP, [second, third] as never, { interval: "100 millis" })),
          yield* underFault("Cashbill.GetBulkResult", fault, cashbill.issueMany(CORP, [third] as never, { interval: "100 millis" }))
        ]
        settled += exits.filter((exit) => exit._tag === "Success").length
      }
      // A lost answer whose read back fails too.
      const [lost] = fc.sample(inputs[receipts.name]!, { numRuns: 1, seed: 4_242 }).map((input) => input.body)
      fieldsOf(lost, undefined, fields)
      yield* sandbox.setFault({ route: "Cashbill.GetDetailInfo", kind: "reset", count: 10, probability: 1 })
      yield* underFault(receipts.name, { kind: "dropAfter" }, cashbill.issue(CORP, lost as never))

      // What was exported.
      const spans = otel.spans()
      const logs = otel.logs()
      const metrics = yield* otel.metrics
      const emitted: Array<readonly [where: string, text: string]> = []
      for (const span of spans) {
        emitted.push([`span ${span.name}`, span.name])
        for (const [key, value] of Object.entries(span.attributes)) for (const text of textOf(value)) emitted.push([`span ${span.name} ${key}`, text])
        for (const event of span.events) {
          emitted.push([`span ${span.name} event`, event.name])
          for (const [key, value] of Object.entries(event.attributes ?? {})) for (const text of textOf(value)) emitted.push([`span ${span.name} event ${event.name} ${key}`, text])
        }
        if (span.status.message !== undefined) emitted.push([`span ${span.name} status`, span.status.message])
      }
      for (const record of logs) {
        for (const text of textOf(record.body)) emitted.push(["log", text])
        for (const [key, value] of Object.entries(record.attributes)) if (!THEIR_IDS.has(key)) for (const text of textOf(value)) emitted.push([`log ${key}`, text])
      }
      for (const metric of metrics) {
        emitted.push(["metric", metric.descriptor.name])
        for (const point of metric.dataPoints) for (const [key, value] of Object.entries(point.attributes)) emitted.push([`metric ${metric.descriptor.name} ${key}`, String(value)])
      }

      // The observers saw every kind of thing: the check below is not vacuous.
      expect(calls).toBeGreaterThan(1_000)
      expect(settled).toBeGreaterThan(5)
      const names = new Set(emitted.map(([, text]) => text))
      for (const seen of ["taxdoc.retry", "taxdoc.settlement", "taxdoc.bulk.submitted", "taxdoc.poll", "exception", "Tokens.issue", "taxdoc.requests", "taxdoc.retries", "taxdoc.bulk.documents"]) {
        expect(names.has(seen), seen).toBe(true)
      }
      expect(logs.some((record) => record.severityText === "Warn")).toBe(true)
      expect(logs.some((record) => record.severityText === "Debug")).toBe(true)

      // The forbidden: the secret key, every token the sandbox issued, every Authorization value
      // (a bearer token, a token request's signature) and every field value that is not an ID.
      const issuedTokens = yield* sandbox.use(Effect.map(SandboxStore, (store) => [...store.get(tokensSlot, "test").byValue.keys()]))
      expect(issuedTokens.length).toBeGreaterThan(3)
      const authorizations = requests.flatMap((request) => {
        const value = request.headers["authorization"]
        return value === undefined ? [] : [value, value.slice(value.indexOf(" ") + 1)]
      })
      expect(authorizations.length).toBeGreaterThan(1_000)
      const secrets = [TESTER_SECRET, Buffer.from(TESTER_SECRET, "base64").toString("hex"), ...issuedTokens, ...authorizations]
      const ids = [...fields.ids]
      const values = [...fields.values].filter((value) =>
        value.trim().length >= 4 && !vocabulary.includes(value) && !ids.some((id) => id.includes(value))
      )
      expect(values.length).toBeGreaterThan(500)
      const leaks: Array<string> = []
      for (const [where, text] of emitted) {
        for (const secret of secrets) if (text.includes(secret)) leaks.push(`${where}: a secret`)
        for (const value of values) if (text.includes(value)) leaks.push(`${where}: ${JSON.stringify(value)} in ${JSON.stringify(text)}`)
      }
      expect(leaks).toEqual([])
    }).pipe(
      Effect.provide(sdk),
      Effect.provide(otel.layer),
      Effect.provideService(References.MinimumLogLevel, "All"),
      Effect.provideService(Metric.MetricRegistry, new Map())
    )
  }, 300_000)
})
