/**
 * The sandbox's admin routes (`/_sandbox/…`) as the command calls them: `taxdoc sandbox reset`,
 * `clock`, `stats`, `snapshot`, `restore` on a running sandbox, and the demo on its own.
 *
 * @since 1.0.0
 */
import * as Effect from "effect/Effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { CliError } from "../errors.js"

/**
 * Calls an admin route of the sandbox at `target.sandboxUrl` (with the admin token when one is
 * given) through the `HttpClient` in context; answers its JSON body, or a `CliError` saying what to
 * do.
 *
 * @since 1.0.0
 * @category admin
 */
export const call = (
  target: { readonly sandboxUrl: string; readonly adminToken: Option.Option<Redacted.Redacted> },
  method: "GET" | "POST",
  path: string,
  body?: unknown
): Effect.Effect<unknown, CliError, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const origin = target.sandboxUrl
    const client = yield* HttpClient.HttpClient
    const url = `${origin.replace(/\/+$/, "")}/_sandbox/${path}`
    const plain = method === "GET" ? HttpClientRequest.get(url) : HttpClientRequest.bodyJsonUnsafe(HttpClientRequest.post(url), body ?? {})
    const request = Option.match(target.adminToken, { onNone: () => plain, onSome: (token) => HttpClientRequest.bearerToken(plain, Redacted.value(token)) })
    const response = yield* client.execute(request)
    const answer: unknown = yield* response.json
    if (response.status === 401) {
      return yield* new CliError({ message: `the sandbox at ${origin} refused the admin request: it needs its admin token`, hint: "pass --admin-token or set TAXDOC_SANDBOX_ADMIN_TOKEN (printed by taxdoc sandbox serve at start)", exitCode: 1 })
    }
    if (response.status !== 200) {
      const message = typeof answer === "object" && answer !== null && "message" in answer ? String(answer.message) : JSON.stringify(answer)
      return yield* new CliError({ message: `the sandbox answered ${response.status}: ${message}`, hint: "is the URL a taxdoc sandbox (taxdoc sandbox serve)?", exitCode: 1 })
    }
    return answer
  }).pipe(
    Effect.catchTag("HttpClientError", (e) =>
      Effect.fail(
        e.reason._tag === "InvalidUrlError"
          ? new CliError({ message: `--sandbox-url ${target.sandboxUrl} is not a URL`, hint: "write the scheme, host and port, e.g. --sandbox-url http://127.0.0.1:8787", exitCode: 2 })
          : e.reason._tag === "TransportError"
          ? new CliError({ message: `cannot reach the sandbox at ${target.sandboxUrl}: ${e.message}`, hint: "is `taxdoc sandbox serve` running there? check --sandbox-url", exitCode: 1 })
          : new CliError({ message: `unexpected answer from ${target.sandboxUrl}: ${e.message}`, hint: "is the URL a taxdoc sandbox (taxdoc sandbox serve)?", exitCode: 1 })
      ))
  )
