/**
 * The platform's `HttpClient` service tag, reached without loading `@effect/platform`'s HTTP client
 * module: Effect finds a service by its tag's key, and this tag has the platform's key
 * (`@effect/platform/HttpClient`), so it reads and provides the very service
 * `HttpClient.HttpClient` does. The SDK's requests to a direct transport (`Undici.layer`) never
 * need the platform's request model, so a program using it does not load it.
 *
 * @since 0.1.0
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import * as Context from "effect/Context"

/**
 * `HttpClient.HttpClient`, by its key.
 *
 * @since 0.1.0
 * @category services
 */
export const HttpClientTag: Context.Tag<HttpClient.HttpClient, HttpClient.HttpClient> = Context.GenericTag<HttpClient.HttpClient>(
  "@effect/platform/HttpClient"
)
