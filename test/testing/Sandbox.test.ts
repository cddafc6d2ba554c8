/**
 * `taxdoc/testing` against the in-process sandbox, for every operation with parameters or a body
 * (token issuance aside: the SDK's token cache signs it, test/core/Tokens.test.ts): valid inputs
 * are answered with a success — or, where the document they name does not exist, with a
 * `{code, message}` about state, never a refusal of the input — and the document a read names is
 * written first, so reads succeed too; every single-rule breakage, sent raw past the SDK's
 * validation, is refused with `{code, message}`. Each sample runs on the fresh sandbox state
 * (restored from a snapshot), so samples never see each other's documents.
 */
import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit, Option, Redacted } from "effect"
import { HttpBody, HttpClient, HttpClientRequest } from "effect/http"
import { TestClock } from "effect/testing"
import * as fc from "fast-check"
import * as Taxdoc from "../../src/Taxdoc.js"
import * as Body from "../../src/core/Body.js"
import { renderQuery, TaxdocClient } from "../../src/core/Client.js"
import { ApiError } from "../../src/core/Errors.js"
import * as Operation from "../../src/core/Operation.js"
import * as RequestBuilder from "../../src/core/RequestBuilder.js"
import { Tokens } from "../../src/core/Tokens.js"
import { SANDBOX_ORIGIN } from "../../src/sandbox/InProcess.js"
import { Sandbox } from "../../src/sandbox/Sandbox.js"
import { toFastCheck } from "../../src/testing/FastCheck.js"
import * as Testing from "../../src/testing/index.js"
import { NOW, withInput } from "./operations.js"
import { MEMBER, preparation, REFUSALS } from "./preparation.js"

/**
 * Samples per operation: enough for every kind of value, few enough to stay quick (the SDK side draws
 * 1,000); `TAXDOC_TESTING_RUNS=1000 npx vitest run test/testing/Sandbox.test.ts` draws more of each.
 */
const RUNS = Number(process.env["TAXDOC_TESTING_RUNS"] ?? "0")
const VALID_RUNS = RUNS > 0 ? RUNS : 20
const INVALID_RUNS = RUNS > 0 ? RUNS : 25

const operations = withInput.filter((o) => o.name !== "Auth.Token")

/** The body as a client that does not validate sends it: the value as it is, in the operation's encoding. */
const rawBody = (operation: Operation.Any, value: unknown): Body.Body => {
  switch (operation.body._tag) {
    case "None":
      return Body.empty
    case "Json":
    case "JsonArray":
      return Body.json(value)
    case "Form":
      return Body.form(value as Readonly<Record<string, string>>)
    case "Multipart": {
      // The attachment's parts, each present only when its field is.
      const file = value as { readonly fileName?: string; readonly displayName?: string; readonly content?: Uint8Array }
      return Body.multipart([
        ...(file.displayName === undefined ? [] : [{ name: "form", content: JSON.stringify({ DisplayName: file.displayName }) }]),
        ...(file.content === undefined ? [] : [{ name: "Filedata", contentType: "application/octet-stream", content: file.content, ...(file.fileName === undefined ? {} : { fileName: file.fileName }) }])
      ], "taxdoc-raw")
    }
  }
}

/** Sends `input` as the SDK would build it, but without validating it first. */
const sendRaw = (operation: Operation.Any, input: Operation.Input<Operation.Any>) =>
  Effect.gen(function*() {
    const body = rawBody(operation, input.body)
    const built = RequestBuilder.build(operation, (input.params ?? {}) as Readonly<Record<string, unknown>>, body)
    let request = HttpClientRequest.make(built.method)(`${SANDBOX_ORIGIN}${built.path}${renderQuery(built.query)}`)
    request = HttpClientRequest.setHeaders(request, { ...built.headers, ...(built.override === undefined ? {} : { "x-http-method-override": built.override }) })
    if (built.scopes !== undefined) {
      const tokens = yield* Tokens
      request = HttpClientRequest.setHeader(request, "authorization", Redacted.value(yield* tokens.authorization(MEMBER, built.scopes)))
    }
    if (operation.body._tag !== "None") request = HttpClientRequest.setBody(request, HttpBody.uint8Array(built.body.bytes, built.body.contentType ?? "application/json"))
    const http = yield* HttpClient.HttpClient
    const response = yield* http.execute(request)
    return { status: response.status, body: yield* response.json }
  }).pipe(Effect.orDie)

type Needs = TaxdocClient | Tokens | HttpClient.HttpClient

/** Runs `each` on every sample, each on the sandbox as it was before the first. */
const onFreshState = <A>(samples: ReadonlyArray<A>, each: (sample: A) => Effect.Effect<void, never, Needs>) =>
  Effect.gen(function*() {
    yield* TestClock.setTime(NOW)
    const sandbox = yield* Sandbox
    const fresh = yield* sandbox.snapshot
    for (const sample of samples) {
      yield* sandbox.restore(fresh)
      yield* each(sample)
    }
  }).pipe(Effect.provide(Taxdoc.layerSandbox({ sandbox: { members: [{ corpNum: MEMBER }] } })))

describe("taxdoc/testing and the in-process sandbox", () => {
  for (const operation of operations) {
    const prepare = preparation(operation)
    it.effect(`${operation.name}: valid inputs are accepted${prepare.mustSucceed ? " and succeed" : " (state permitting)"}`, () => {
      const samples = fc.sample(
        fc.tuple(toFastCheck(Testing.valid(operation, { now: NOW, fixed: { corpNum: MEMBER, params: prepare.params } })), prepare.documents),
        { numRuns: VALID_RUNS, seed: 42 }
      )
      return onFreshState(samples, ([input, documents]) =>
        Effect.gen(function*() {
          const client = yield* TaxdocClient
          yield* prepare.write(input, documents)
          const exit = yield* Effect.exit(client.call(operation, input))
          if (Exit.isSuccess(exit)) return
          const failure = Cause.findErrorOption(exit.cause)
          const what = `${operation.name} ${JSON.stringify(input)}`
          expect(Option.isSome(failure) && failure.value instanceof ApiError ? "ApiError" : Cause.pretty(exit.cause), what).toBe("ApiError")
          expect(prepare.mustSucceed, `${what} failed: ${Cause.pretty(exit.cause)}`).toBe(false)
          const error = (failure as Option.Some<ApiError>).value
          expect(REFUSALS, `${what}: ${error.code} ${error.message}`).not.toContain(error.code)
        }))
    })

    it.effect(`${operation.name}: every single-rule breakage, sent raw, is refused with {code, message}`, () => {
      const samples = fc.sample(toFastCheck(Testing.invalid(operation, { now: NOW, fixed: { corpNum: MEMBER } })), { numRuns: INVALID_RUNS, seed: 42 })
      return onFreshState(samples, ({ input, path, rule }) =>
        Effect.gen(function*() {
          const answer = yield* sendRaw(operation, input)
          const what = `${operation.name} ${path} ${rule} ${JSON.stringify(input)}`
          expect(answer.status, what).not.toBe(200)
          expect(answer.body, what).toEqual({ code: expect.any(Number), message: expect.any(String) })
          expect((answer.body as { code: number }).code, what).toBeLessThan(0)
        }))
    })
  }
})
