/** Calls the cash receipt handlers directly, with hand-built requests and callers (no kernel). */
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { messageDigest, utf8 } from "../../../src/core/Signing.js"
import * as SandboxClock from "../../../src/sandbox/Clock.js"
import type { SandboxFailure } from "../../../src/sandbox/Failure.js"
import * as Progression from "../../../src/sandbox/Progression.js"
import type { Caller, RouteContext, RouteRequest, RouteResponse } from "../../../src/sandbox/routing/Route.js"
import * as Store from "../../../src/sandbox/Store.js"
import { cashbillRoutes } from "../../../src/sandbox/cashbill/Routes.js"
import { receipt as sampleReceipt } from "../../support/receipts.js"

/** 2026-11-22 12:00:00 KST. */
export const NOON = Date.UTC(2026, 10, 22, 3, 0, 0)

export const MEMBER = "1234567890"
export const OTHER_MEMBER = "2222222222"

/** Fresh sandbox state services, with the given progression policies. */
export const services = (policies: Partial<Record<Progression.Kind, Progression.Policy>> = {}) =>
  Layer.mergeAll(SandboxClock.layer, Store.layer, Progression.layer(policies))

/** Runs `effect` on fresh services with the test clock at NOON. */
export const run = <A, E>(
  effect: Effect.Effect<A, E, RouteContext>,
  policies: Partial<Record<Progression.Kind, Progression.Policy>> = {}
) => Effect.andThen(TestClock.setTime(NOON), effect).pipe(Effect.provide(services(policies)))

export const caller = (corpNum = MEMBER): Caller => ({
  linkId: "TESTER",
  corpNum,
  userId: undefined,
  scopes: ["member", "140"],
  environment: "test"
})

export interface Call {
  readonly params?: Record<string, string>
  readonly query?: string
  readonly body?: unknown
  /** Raw body text (sent as is); wins over `body`. */
  readonly raw?: string
  readonly headers?: Record<string, string>
  readonly corpNum?: string
  readonly language?: "ko" | "en"
}

const routeOf = (id: string) => {
  const route = cashbillRoutes.find((r) => r.operation.name === `Cashbill.${id}`)
  if (route === undefined) throw new Error(`no route Cashbill.${id}`)
  return route
}

/** Calls the handler of `Cashbill.<id>`. */
export const call = (id: string, options: Call = {}): Effect.Effect<RouteResponse, SandboxFailure, RouteContext> => {
  const route = routeOf(id)
  const operation = route.operation
  const text = options.raw ?? (options.body === undefined ? "" : JSON.stringify(options.body))
  const request: RouteRequest = {
    method: operation.method,
    path: operation.path,
    params: options.params ?? {},
    query: new URLSearchParams(options.query ?? ""),
    headers: options.headers ?? {},
    body: utf8(text),
    override: operation.override,
    language: options.language ?? "ko",
    environment: "test",
    remoteAddress: "127.0.0.1",
    operation,
    writes: route.kind === "write"
  }
  return route.handle(request, caller(options.corpNum))
}

/** The JSON body of a successful call. */
export const jsonOf = (id: string, options: Call = {}) =>
  Effect.map(call(id, options), (response) => {
    if (response._tag !== "Json") throw new Error(`Cashbill.${id} answered ${response._tag}`)
    return response.body as Record<string, unknown> & { readonly [key: string]: any }
  })

/** The catalogue code of a failed call. */
export const codeOf = (id: string, options: Call = {}) => Effect.map(Effect.flip(call(id, options)), (failure) => failure.entry.code)

/** A bulk submission with the right digest over the exact text. */
export const bulkCall = (submitID: string, cashbills: ReadonlyArray<unknown>, corpNum = MEMBER): Call => {
  const raw = JSON.stringify({ cashbills })
  return { raw, corpNum, headers: { "x-svc-submit-id": submitID, "x-svc-message-digest": messageDigest(raw) } }
}

/** A valid approval receipt; `overrides` may break it (these bodies are sent raw). */
export const receipt = (mgtKey: string, overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  ...sampleReceipt(mgtKey, "1234567890"),
  ...overrides
})
