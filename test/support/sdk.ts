/** The SDK wired to a fresh in-process sandbox, for end-to-end tests. */
import { Effect, Layer } from "effect"
import { HttpClient, type HttpClientRequest } from "effect/http"
import * as Taxdoc from "../../src/Taxdoc.js"
import * as Connect from "../../src/sandbox/Connect.js"
import type * as InProcess from "../../src/sandbox/InProcess.js"
import type { MemoryOptions, Sandbox } from "../../src/sandbox/Sandbox.js"

export const MEMBER = "1234567891"

export const joinInput = (corpNum: string, id = `user${corpNum}`) => ({
  ID: id,
  Password: "secret12!",
  CorpNum: corpNum,
  CEOName: "홍길동",
  CorpName: "테스트상사",
  Addr: "서울특별시 중구 세종대로 110",
  BizType: "도소매",
  BizClass: "전자상거래",
  ContactName: "김담당",
  ContactEmail: "tax@example.com",
  ContactTEL: "02-1234-5678"
})

/** Wraps the HttpClient in context so every request sent is also pushed to `seen`. */
const capturing = (seen: Array<HttpClientRequest.HttpClientRequest>) =>
  Layer.effect(
    HttpClient.HttpClient,
    Effect.map(HttpClient.HttpClient, (client) => HttpClient.tapRequest(client, (request) => Effect.sync(() => seen.push(request))))
  )

/** The SDK on a sandbox layer of the caller's (e.g. one kept in a data directory). */
export const layerOn = <E>(sandbox: Layer.Layer<HttpClient.HttpClient | Sandbox, E>) =>
  Taxdoc.services.pipe(Layer.provideMerge(Connect.layerConfig()), Layer.provideMerge(sandbox))

/** The SDK on a fresh in-process sandbox (`Taxdoc.layerSandbox`). */
export const layer = (
  options: {
    readonly connect?: Connect.ConnectOptions
    readonly sandbox?: MemoryOptions & InProcess.ClientOptions
    /** Receives every request the SDK sends. */
    readonly capture?: Array<HttpClientRequest.HttpClientRequest>
    /** An HttpClient wrapping the in-process one (to watch the answers). */
    readonly around?: Layer.Layer<HttpClient.HttpClient, never, HttpClient.HttpClient>
  } = {}
) => {
  const capture = options.capture === undefined ? undefined : capturing(options.capture)
  const transport = capture === undefined
    ? options.around
    : options.around === undefined
    ? capture
    : Layer.provide(capture, options.around)
  return Taxdoc.layerSandbox({ ...options.connect, sandbox: options.sandbox, transport })
}
