/**
 * The sandbox never answers a request with an operation whose selectors the request does not
 * carry: over every operation of the catalogue and generated valid inputs, the request the SDK
 * builds with something added that no operation of its path declares — a query parameter (bare or
 * with a value), another value of a selector the path knows (`TG=NONSENSE`), an override header —
 * is refused with -10000004 and a message naming what was added, and no operation runs.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Redacted, Result } from "effect"
import * as Arbitrary from "effect/Arbitrary"
import { HttpBody, HttpClient, HttpClientRequest } from "effect/http"
import * as Schema from "effect/Schema"
import { TestClock } from "effect/testing"
import * as fc from "fast-check"
import { renderQuery } from "../../src/core/Client.js"
import { ErrorCodes } from "../../src/core/ErrorCodes.js"
import * as Operation from "../../src/core/Operation.js"
import * as RequestBuilder from "../../src/core/RequestBuilder.js"
import { Tokens } from "../../src/core/Tokens.js"
import * as Catalogue from "../../src/domains/Catalogue.js"
import { SANDBOX_ORIGIN } from "../../src/sandbox/InProcess.js"
import * as Partners from "../../src/sandbox/Partners.js"
import * as Router from "../../src/sandbox/routing/Router.js"
import { allRoutes } from "../../src/sandbox/Routes.js"
import { Sandbox } from "../../src/sandbox/Sandbox.js"
import * as Sdk from "../support/sdk.js"
import { anyInput, asInput, inputs, NOW } from "./inputs.js"

const table = Router.compile(allRoutes(Partners.registry()))
const operations = Catalogue.operations

/** Every query parameter name and override the catalogue declares anywhere (lower / upper case). */
const declaredNames = new Set(operations.flatMap((o) => o.query.map((q) => q.name.toLowerCase())))
const declaredOverrides = new Set(operations.flatMap((o) => (o.override === undefined ? [] : [o.override.toUpperCase()])))

/** What is added to a valid request. */
type Addition =
  | { readonly _tag: "Flag"; readonly name: string }
  | { readonly _tag: "Value"; readonly name: string; readonly value: string }
  | { readonly _tag: "Override"; readonly value: string }
  /** `TG=<value>` where some operation of the path takes `TG` as a selector, with a value none declares. */
  | { readonly _tag: "SelectorValue"; readonly value: string }

const unknownName = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,11}$/).filter((n) => !declaredNames.has(n.toLowerCase()))
const unknownOverride = fc.stringMatching(/^[A-Z]{3,12}$/).filter((v) => !declaredOverrides.has(v))
const addition: fc.Arbitrary<Addition> = fc.oneof(
  unknownName.map((name): Addition => ({ _tag: "Flag", name })),
  fc.tuple(unknownName, fc.stringMatching(/^[A-Za-z0-9]{0,8}$/)).map(([name, value]): Addition => ({ _tag: "Value", name, value })),
  unknownOverride.map((value): Addition => ({ _tag: "Override", value })),
  fc.stringMatching(/^[A-Z]{3,10}$/).map((value): Addition => ({ _tag: "SelectorValue", value: `X${value}` }))
)

/** The operations of the catalogue on the same method and path (their declared paths compared by shape). */
const siblings = (operation: Operation.Any): ReadonlyArray<Operation.Any> =>
  operations.filter((o) =>
    o.method === operation.method && o.segments.length === operation.segments.length &&
    o.segments.every((s, i) => {
      const t = operation.segments[i]!
      return s._tag === t._tag && (s._tag !== "Literal" || (t._tag === "Literal" && s.text.toLowerCase() === t.text.toLowerCase()))
    })
  )

/** `TG` is a value selector on this path, never an input (`GetURL`'s `TG` is the menu, checked by its schema). */
const takesTgSelector = (operation: Operation.Any): boolean => {
  const items = siblings(operation).flatMap((o) => o.query).filter((q) => q.name.toLowerCase() === "tg")
  return items.some((q) => q._tag === "Fixed") && items.every((q) => q._tag === "Fixed")
}

/** The request as built, with `addition` (undefined when this addition does not apply to the operation). */
const withAddition = (operation: Operation.Any, built: RequestBuilder.Built, add: Addition) => {
  const query = new URLSearchParams(renderQuery(built.query).slice(1))
  let override = built.override
  let named: string
  let shown: string | undefined
  switch (add._tag) {
    case "Flag":
      query.append(add.name, "")
      named = add.name
      break
    case "Value":
      query.append(add.name, add.value)
      named = `${add.name}=${add.value}`
      // An unknown parameter is named by its name alone.
      shown = add.name
      break
    case "Override":
      override = add.value
      named = add.value
      break
    case "SelectorValue": {
      if (!takesTgSelector(operation)) return undefined
      query.delete("TG")
      query.append("TG", add.value)
      named = `TG=${add.value}`
      break
    }
  }
  return { query, override, named, shown: shown ?? named }
}

const generated = fc.constantFrom(...operations).chain((operation) =>
  fc.tuple(inputs[operation.name]!, addition).map(([input, add]) => {
    const built = RequestBuilder.request(operation, asInput(operation, input), NOW)
    if (Result.isFailure(built)) throw new Error(`${operation.name}: a generated input is invalid: ${built.failure.message}`)
    return { operation, built: built.success, add }
  })
)

describe("a selector no operation of the path declares", () => {
  it("makes every generated request Unsupported, the reason naming what was added", () => {
    fc.assert(
      fc.property(generated, ({ add, built, operation }) => {
        const added = withAddition(operation, built, add)
        if (added === undefined) return
        const matched = Router.match(table, {
          method: built.method,
          path: built.path,
          override: added.override,
          query: added.query,
          contentType: built.body.contentType
        })
        expect(matched._tag, `${operation.name} + ${added.named}`).toBe("Unsupported")
        if (matched._tag === "Unsupported") expect(matched.reason, operation.name).toContain(added.shown)
      }),
      { numRuns: 600 }
    )
  })

  // Token issuance is signed by the SDK's token cache, not called through the generic path.
  const e2e = operations.filter((o) => o.name !== "Auth.Token")
  const additions = Arbitrary.schema(Schema.Literals(["Flag", "Value", "Override", "SelectorValue"]))

  it.effect.prop(
    "is refused by the sandbox with -10000004 naming it, and no operation runs",
    [anyInput(e2e), additions],
    ([{ input, operation }, kind]) =>
      Effect.gen(function*() {
        yield* TestClock.setTime(NOW)
        const built = Result.getOrThrow(RequestBuilder.request(operation, asInput(operation, input), NOW))
        const add: Addition = kind === "Flag"
          ? { _tag: "Flag", name: "Logs" }
          : kind === "Value"
          ? { _tag: "Value", name: "cacheBust", value: "123" }
          : kind === "Override"
          ? { _tag: "Override", value: "SHRED" }
          : { _tag: "SelectorValue", value: "NONSENSE" }
        const added = withAddition(operation, built, add) ?? withAddition(operation, built, { _tag: "Flag", name: "Logs" })!
        let raw = HttpClientRequest.make(built.method)(`${SANDBOX_ORIGIN}${built.path}?${added.query.toString().replace(/=(&|$)/g, "$1")}`)
        raw = HttpClientRequest.setHeaders(raw, built.headers)
        if (added.override !== undefined) raw = HttpClientRequest.setHeader(raw, "x-http-method-override", added.override)
        const scopes = Operation.tokenScopes(operation)
        if (scopes !== undefined) raw = HttpClientRequest.bearerToken(raw, Redacted.value(yield* Effect.flatMap(Tokens, (t) => t.get(input.corpNum ?? "", scopes))))
        if (built.method !== "GET") raw = HttpClientRequest.setBody(raw, HttpBody.uint8Array(built.body.bytes, built.body.contentType ?? "application/json"))
        const response = yield* Effect.flatMap(HttpClient.HttpClient, (http) => http.execute(raw))
        const answer = (yield* response.json) as { readonly code: number; readonly message: string }
        expect(response.status, `${operation.name} + ${added.named}`).toBe(ErrorCodes.UnsupportedMethod.status)
        expect(answer.code, `${operation.name} + ${added.named}`).toBe(ErrorCodes.UnsupportedMethod.code)
        expect(answer.message, operation.name).toContain(added.shown)
        const stats = yield* Effect.flatMap(Sandbox, (sandbox) => sandbox.stats)
        expect(Object.keys(stats.calls).filter((n) => n !== "Auth.Token"), operation.name).toEqual([])
      }).pipe(Effect.scoped, Effect.provide(Sdk.layer({ sandbox: { members: [{ corpNum: Sdk.MEMBER }] } }))),
    { arbitrary: { runs: 150 } }
  )

  it.effect("the cash receipt's document path: TG=NONSENSE and ?Logs are refused, never answered with the receipt", () =>
    Effect.gen(function*() {
      const tokens = yield* Tokens
      const token = Redacted.value(yield* tokens.get(Sdk.MEMBER, ["140"]))
      const http = yield* HttpClient.HttpClient
      for (const [query, named] of [["TG=NONSENSE", "TG=NONSENSE"], ["Logs", "Logs"]] as const) {
        const response = yield* http.execute(HttpClientRequest.bearerToken(HttpClientRequest.get(`${SANDBOX_ORIGIN}/Cashbill/E-1?${query}`), token))
        const answer = (yield* response.json) as { readonly code: number; readonly message: string }
        expect(answer.code).toBe(-10000004)
        expect(answer.message).toContain(named)
        expect(answer.message).toContain("GET /Cashbill/{mgtKey}")
      }
    }).pipe(Effect.scoped, Effect.provide(Sdk.layer({ sandbox: { members: [{ corpNum: Sdk.MEMBER }] } }))))
})
