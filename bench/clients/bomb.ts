/**
 * One client process of the decompression benchmark: the SDK (the package `taxdoc`, compiled,
 * plain node) over one transport (`BOMB_TRANSPORT`: `taxdoc`, its own `Undici.layer()` as the README
 * shows; `undici`, `node:http`, the platform's Node clients; `fetch`; `recorder`, the recorder over
 * `Undici.layer()`) against a scripted server, which answers `GetInfo` of `SMALL` with
 * a small gzip answer and of `BOMB` with 128 MiB of JSON whitespace gzipped to about 128 KiB. The
 * process reads its peak memory after ordinary calls, then after the compressed answer, and prints
 * both with how the call failed, as one line of JSON.
 *
 * @since 0.1.0
 */
import { Effect, Layer, ManagedRuntime, Redacted } from "effect"
import type * as HttpClient from "effect/http/HttpClient"
import { Cashbill, Taxdoc, Undici } from "taxdoc"

const origin = process.env["BOMB_ORIGIN"] ?? ""
const transportName = process.env["BOMB_TRANSPORT"] ?? "taxdoc"

const transportOf = async (name: string): Promise<Layer.Layer<HttpClient.HttpClient>> => {
  switch (name) {
    case "undici":
      return (await import("@effect/platform-node/NodeHttpClient")).layerUndici
    case "node:http":
      return (await import("@effect/platform-node/NodeHttpClient")).layerNodeHttp
    case "fetch":
      return (await import("effect/http/FetchHttpClient")).layer
    case "recorder": {
      const { RecordReplay } = await import("taxdoc/recordings")
      const { mkdtempSync, rmSync } = await import("node:fs")
      const { join } = await import("node:path")
      const { tmpdir } = await import("node:os")
      const dir = mkdtempSync(join(tmpdir(), "taxdoc-bomb-"))
      process.once("exit", () => rmSync(dir, { recursive: true, force: true }))
      const cassette = join(dir, "bomb.json")
      return RecordReplay.layer({ cassette, mode: "record" }).pipe(Layer.provide(Undici.layer()), Layer.orDie)
    }
    default:
      return Undici.layer()
  }
}

const peakMiB = (): number => process.resourceUsage().maxRSS / 1024

const runtime = ManagedRuntime.make(
  Taxdoc.layer({ linkId: "TESTER", secretKey: Redacted.make("c2VjcmV0"), authUrl: origin, apiUrl: origin }).pipe(
    Layer.provide(await transportOf(transportName))
  )
)
const cashbill = await runtime.runPromise(Cashbill.Cashbill)
// Ordinary answers: a small gzip refusal (not found), read and decoded as any answer is.
for (let i = 0; i < 20; i++) await runtime.runPromise(Effect.result(cashbill.getInfo("1234567891", "SMALL")))
globalThis.gc?.()
const ordinary = peakMiB()
const started = performance.now()
const error = await runtime.runPromise(Effect.flip(cashbill.getInfo("1234567891", "BOMB")))
const millis = performance.now() - started
const after = peakMiB()
await runtime.dispose()
process.stdout.write(`${JSON.stringify({ ordinary, after, millis, tag: error._tag, reason: "reason" in error ? error.reason : undefined })}\n`)
