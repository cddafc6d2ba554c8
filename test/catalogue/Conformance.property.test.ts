/**
 * Conformance of the SDK and the sandbox over the whole operation catalogue: for every operation
 * and generated valid inputs, the request the SDK builds is routed by the sandbox to that same
 * operation and no other — also in the forms other clients send (docs/service.md "What the published clients send": a JSON content type on
 * GET, an empty override header, upper- or lower-case literal segments such as `BULK`, chunked
 * bodies) — and the sandbox answers either a success that decodes with the declared success schema
 * or a `{code, message}` error, never anything else — every key of it an identifier.
 */
import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit, Option, Redacted, Result, Stream } from "effect"
import { HttpBody, HttpClient, HttpClientRequest } from "effect/http"
import { TestClock } from "effect/testing"
import * as fc from "fast-check"
import { renderQuery, TaxdocClient } from "../../src/core/Client.js"
import * as Operation from "../../src/core/Operation.js"
import * as RequestBuilder from "../../src/core/RequestBuilder.js"
import { isAnswerKey } from "../../src/core/Schemas.js"
import { Tokens } from "../../src/core/Tokens.js"
import * as Catalogue from "../../src/domains/Catalogue.js"
import { SANDBOX_ORIGIN } from "../../src/sandbox/InProcess.js"
import * as Partners from "../../src/sandbox/Partners.js"
import * as Router from "../../src/sandbox/routing/Router.js"
import { allRoutes, domainRoutes } from "../../src/sandbox/Routes.js"
import { Sandbox } from "../../src/sandbox/Sandbox.js"
import * as Sdk from "../support/sdk.js"
import { anyInput, asInput, inputs, NOW } from "./inputs.js"
import { keysOf } from "./keys.js"

const table = Router.compile(allRoutes(Partners.registry()))
const operations = Catalogue.operations

/** An operation with one of its generated valid inputs, and the request the SDK builds of it. */
const generated = fc.constantFrom(...operations).chain((operation) =>
  inputs[operation.name]!.map((input) => {
    const built = RequestBuilder.request(operation, asInput(operation, input), NOW)
    if (Result.isFailure(built)) throw new Error(`${operation.name}: a generated input is invalid: ${built.failure.message}`)
    return { operation, input, built: built.success }
  })
)

/** The path with every literal segment re-cased (parameters as sent). */
const recased = (operation: Operation.Any, path: string, recase: (s: string) => string): string => {
  const sent = path.split("/").slice(1)
  return operation.segments.map((segment, i) => `/${segment._tag === "Literal" ? recase(sent[i]!) : sent[i]!}`).join("")
}

const paramsOf = (operation: Operation.Any, path: string): Record<string, string> => {
  const sent = path.split("/").slice(1)
  return Object.fromEntries(operation.segments.flatMap((segment, i) => (segment._tag === "Param" ? [[segment.name, sent[i]!]] : [])))
}

/** The routing keys of a built request: as the SDK sends it, and as other clients send it. */
const forms = (operation: Operation.Any, built: RequestBuilder.Built): ReadonlyArray<readonly [string, Router.RoutingKey]> => {
  const base: Router.RoutingKey = {
    method: built.method,
    path: built.path,
    override: built.override,
    query: new URLSearchParams(renderQuery(built.query).slice(1)),
    contentType: built.body.contentType
  }
  return [
    ["as the SDK sends it", base],
    ["JSON content type on GET", built.method === "GET" ? { ...base, contentType: "application/json;charset=utf-8" } : base],
    ["empty override header", built.override === undefined ? { ...base, override: "" } : { ...base, override: built.override.toLowerCase() }],
    ["upper-case literal segments", { ...base, path: recased(operation, built.path, (s) => s.toUpperCase()) }],
    ["lower-case literal segments", { ...base, path: recased(operation, built.path, (s) => s.toLowerCase()) }],
    ["Application/JSON content type", built.body.contentType?.startsWith("application/json") === true ? { ...base, contentType: "Application/json" } : base]
  ]
}

describe("the operation catalogue", () => {
  it("declares every operation once, and the sandbox implements each exactly once", () => {
    const names = operations.map((o) => o.name)
    expect(new Set(names).size).toBe(names.length)
    const implemented = [...allRoutes(Partners.registry())].map((r) => r.operation.name)
    for (const name of names) expect(implemented.filter((n) => n === name), name).toHaveLength(1)
    // Only the sandbox's own pages are implemented without being in the catalogue.
    const extra = domainRoutes.map((r) => r.operation.name).filter((n) => !names.includes(n))
    expect(extra.every((n) => n.startsWith("Sandbox."))).toBe(true)
    for (const name of names) expect(inputs[name], `an input generator for ${name}`).toBeDefined()
  })

  it("routes every generated request, in every client's form, to its own operation and no other", () => {
    fc.assert(
      fc.property(generated, ({ built, operation }) => {
        for (const [form, key] of forms(operation, built)) {
          const matched = Router.match(table, key)
          expect(matched._tag, `${operation.name}, ${form}`).toBe("Matched")
          if (matched._tag !== "Matched") return
          expect(matched.route.operation.name, `${operation.name}, ${form}`).toBe(operation.name)
          expect(matched.params, `${operation.name}, ${form}`).toEqual(paramsOf(operation, built.path))
        }
      }),
      { numRuns: 400 }
    )
  })

  // Token issuance is signed by the SDK's token cache, not called through the generic path.
  const e2e = operations.filter((o) => o.name !== "Auth.Token")

  it.effect.prop(
    "the SDK's call and a raw call in another client's form both reach the operation; the answer decodes or is {code, message}",
    [anyInput(e2e)],
    ([{ input, operation }]) =>
      Effect.gen(function*() {
        yield* TestClock.setTime(NOW)
        const client = yield* TaxdocClient
        const exit = yield* Effect.exit(client.call(operation, asInput(operation, input)))
        if (Exit.isFailure(exit)) {
          const failure = Cause.findErrorOption(exit.cause)
          expect(Option.isSome(failure) ? failure.value._tag : Cause.pretty(exit.cause), operation.name).toBe("ApiError")
        }

        // The same request as other clients send it: chunked body, JSON content type on GET, empty
        // override header when none is needed, literal segments upper-cased.
        const built = Result.getOrThrow(RequestBuilder.request(operation, asInput(operation, input), NOW))
        const scopes = Operation.tokenScopes(operation)
        let raw = HttpClientRequest.make(built.method)(`${SANDBOX_ORIGIN}${recased(operation, built.path, (s) => s.toUpperCase())}${renderQuery(built.query)}`)
        raw = HttpClientRequest.setHeaders(raw, { ...built.headers, "x-http-method-override": built.override ?? "" })
        const tokens = yield* Tokens
        if (scopes !== undefined) raw = HttpClientRequest.bearerToken(raw, Redacted.value(yield* tokens.get(input.corpNum ?? "", scopes)))
        if (input.userId !== undefined) raw = HttpClientRequest.setHeader(raw, "x-svc-userid", input.userId)
        raw = built.method === "GET"
          ? HttpClientRequest.setHeader(raw, "content-type", "application/json;charset=utf-8")
          : HttpClientRequest.setBody(raw, HttpBody.stream(Stream.fromIterable([built.body.bytes.subarray(0, 3), built.body.bytes.subarray(3)]), built.body.contentType ?? "application/json"))
        const answer = yield* Effect.flatMap(HttpClient.HttpClient, (http) => http.execute(raw)).pipe(Effect.flatMap((r) => r.json), Effect.scoped, Effect.orDie)
        expect(answer, operation.name).toBeTypeOf("object")
        // Every key of the answer is one a client may turn into a field name.
        expect(keysOf(answer).filter((key) => !isAnswerKey(key)), operation.name).toEqual([])

        const stats = yield* Effect.flatMap(Sandbox, (sandbox) => sandbox.stats)
        expect(stats.calls[operation.name], operation.name).toBe(2)
        expect(Object.keys(stats.calls).filter((n) => n !== "Auth.Token")).toEqual([operation.name])
      }).pipe(Effect.provide(Sdk.layer({ sandbox: { members: [{ corpNum: Sdk.MEMBER }] } }))),
    { arbitrary: { runs: 150 } }
  )
})
