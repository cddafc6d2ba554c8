/** What the property tests share: the member, the moment, a fresh SDK on a sandbox, raw requests. */
import { Arbitrary, Effect, Redacted, Schema } from "effect"
import { HttpClient, HttpClientRequest } from "effect/http"
import * as Taxdoc from "../../src/Taxdoc.js"
import { Tokens } from "../../src/core/Tokens.js"
import { SANDBOX_ORIGIN } from "../../src/sandbox/InProcess.js"

/** The member the sandbox knows. */
export const CORP = "1234567891"

/** 2026-11-22 12:00 KST: the sandbox's clock and the moment documents are judged at. */
export const NOW = Date.UTC(2026, 10, 22, 3, 0, 0)

/** The SDK on a fresh in-process sandbox whose one member is `CORP`. */
export const fresh = () => Taxdoc.layerSandbox({ sandbox: { members: [{ corpNum: CORP }] } })

/** One of `values` (shrinking towards the first), as an Effect `Arbitrary`. */
export const pick = <A>(values: ReadonlyArray<A>): Arbitrary.Arbitrary<A> =>
  Arbitrary.map(Arbitrary.schema(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: values.length - 1 }))), (i) => values[i]!)

/** A mutation's issues as `[path, rule]` pairs. */
export const pathsAndRules = (error: unknown): ReadonlyArray<readonly [string, string]> =>
  ((error as { readonly issues?: ReadonlyArray<{ readonly path: string; readonly rule: string }> }).issues ?? []).map((i) => [i.path, i.rule] as const)

/**
 * Sends a body straight to the sandbox with a valid token of `scopes` and no SDK validation:
 * its status and its JSON answer.
 */
export const sendRaw = (path: string, scopes: ReadonlyArray<string>, request: (request: HttpClientRequest.HttpClientRequest) => HttpClientRequest.HttpClientRequest) =>
  Effect.gen(function*() {
    const tokens = yield* Tokens
    const http = yield* HttpClient.HttpClient
    const authorization = Redacted.value(yield* tokens.authorization(CORP, scopes))
    const response = yield* http.execute(request(HttpClientRequest.post(`${SANDBOX_ORIGIN}${path}`).pipe(HttpClientRequest.setHeader("authorization", authorization))))
    return { status: response.status, body: (yield* response.json) as unknown }
  }).pipe(Effect.orDie)
