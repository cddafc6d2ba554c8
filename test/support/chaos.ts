/**
 * A chaos run, as a production program meets one: the SDK over `Undici.layer()` issuing cash
 * receipts — one at a time, several at once, and a bulk `issueMany` beside them — through a seeded
 * fault proxy (`faultProxy.ts`) in front of a socket sandbox that keeps its state in a data
 * directory (`sandbox serve --data`), while the sandbox is killed (SIGKILL) and started again on its
 * port. Then every outcome the SDK reported is checked against what the sandbox holds.
 */
import { Effect, Layer, ManagedRuntime, Redacted, References, Result } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import type * as Config from "../../src/core/Config.js"
import * as Undici from "../../src/core/Undici.js"
import { Cashbill } from "../../src/domains/cashbill/Cashbill.js"
import type { BulkIssueResult } from "../../src/domains/cashbill/Schemas.js"
import * as Connect from "../../src/sandbox/Connect.js"
import * as Taxdoc from "../../src/Taxdoc.js"
import { type Running, start } from "../cli/support.js"
import { type FaultRates, startFaultProxy } from "./faultProxy.js"
import { receipt } from "./receipts.js"

export const CORP = "1234567891"
const SECRET = "Y2hhb3MtdGVzdC1zZWNyZXQta2V5LTAwMDAwMDAwMDA="

/** What one issue came to, as the SDK reported it. */
export type Reported = (
  | { readonly outcome: "issued"; readonly confirmNum: string }
  | { readonly outcome: "refused"; readonly error: string }
  | { readonly outcome: "unknown"; readonly error: string }
) & {
  readonly key: string
  /** How long the call took, in milliseconds (for a bulk issue, the whole of it). */
  readonly millis: number
}

export interface ChaosOptions {
  readonly seed: number
  readonly rates: FaultRates
  /** Single issues, and how many run at once. */
  readonly singles: number
  readonly concurrency: number
  /** Receipts of one `issueMany` run beside them (0: none). */
  readonly bulk: number
  /** Kills of the sandbox, each after this many more requests reached it. */
  readonly restartsAfter: ReadonlyArray<number>
  /** The SDK's settings beyond the sandbox's address and secret. */
  readonly sdk: Partial<Config.Options>
  /** A prefix of the document IDs (runs on one sandbox never share one). */
  readonly prefix: string
}

export interface ChaosRun {
  readonly singles: ReadonlyArray<Reported>
  readonly bulk: ReadonlyArray<Reported>
  /** The receipts the sandbox holds, by document ID, with their confirmation numbers. */
  readonly held: ReadonlyMap<string, string>
  readonly fates: Readonly<Record<string, number>>
  /** How long each restart left the sandbox down, in milliseconds. */
  readonly outages: ReadonlyArray<number>
  readonly millis: number
}

const serve = (port: number, data: string): Running =>
  start(["sandbox", "serve", "--port", String(port), "--data", data, "--member", `ACME:${CORP}`], { env: { TAXDOC_SANDBOX_PARTNERS: `ACME:${SECRET}` } })

// The SDK's warnings (one a settlement) stay out of the run's output.
const sdkLayer = (url: string, options: Partial<Config.Options>) =>
  Taxdoc.layer({ ...Connect.configOptions({ origin: url, linkId: "ACME", secretKey: Redacted.make(SECRET) }), ...options }).pipe(
    Layer.provide(Undici.layer()),
    Layer.provideMerge(Layer.succeed(References.MinimumLogLevel, "Error"))
  )

const described = (error: { readonly _tag: string; readonly message?: string }) => `${error._tag}: ${error.message ?? ""}`

/** Runs the chaos described by `options` and reports what the SDK said and what the sandbox holds. */
export const chaos = async (options: ChaosOptions): Promise<ChaosRun> => {
  const data = fs.mkdtempSync(path.join(os.tmpdir(), "taxdoc-chaos-"))
  let sandbox = serve(0, data)
  const port = Number((await sandbox.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)/))[1])
  const direct = `http://127.0.0.1:${port}`
  // A few hundred milliseconds of latency on some calls, set again after each start.
  const slowCalls = async () => {
    for (const [route, latencyMillis] of [["Cashbill.RegistIssue", 300], ["Cashbill.GetDetailInfo", 200], ["Cashbill.BulkSubmit", 400]] as const) {
      await fetch(`${direct}/_sandbox/faults`, { method: "POST", body: JSON.stringify({ route, latencyMillis, probability: 0.1 }) })
    }
  }
  await slowCalls()
  const proxy = await startFaultProxy({ seed: options.seed, rates: options.rates, upstreamPort: () => port })
  const runtime = ManagedRuntime.make(sdkLayer(proxy.url, options.sdk))
  const outages: Array<number> = []
  const started = performance.now()
  try {
    // The sandbox killed and started again on its port, each time after some more traffic.
    let done = false
    let finish = () => {}
    const finished = new Promise<void>((resolve) => (finish = resolve))
    const restarts = (async () => {
      for (const more of options.restartsAfter) {
        await Promise.race([proxy.afterForwarded(proxy.forwarded() + more), finished])
        if (done) return
        const down = performance.now()
        await Promise.all([proxy.down(), sandbox.stop("SIGKILL")])
        sandbox = serve(port, data)
        await sandbox.waitFor(/listening on/)
        await proxy.up()
        outages.push(performance.now() - down)
        await slowCalls()
      }
    })()
    const keys = Array.from({ length: options.singles }, (_, i) => `${options.prefix}-S-${String(i).padStart(4, "0")}`)
    const singles = runtime.runPromise(
      Effect.flatMap(Cashbill, (cashbill) =>
        Effect.forEach(keys, (key) =>
          Effect.suspend(() => {
            const from = performance.now()
            return Effect.map(Effect.result(cashbill.issue(CORP, receipt(key, CORP))), (result): Reported => {
              const millis = performance.now() - from
              if (Result.isSuccess(result)) return { key, millis, outcome: "issued", confirmNum: result.success.confirmNum }
              const error = result.failure
              return { key, millis, outcome: error._tag === "UnknownOutcomeError" ? "unknown" : "refused", error: described(error) }
            })
          }), { concurrency: options.concurrency }))
    )
    const bulkKeys = Array.from({ length: options.bulk }, (_, i) => `${options.prefix}-B-${String(i).padStart(4, "0")}`)
    const bulk = options.bulk === 0 ? Promise.resolve([]) : runtime.runPromise(
      Effect.flatMap(Cashbill, (cashbill) =>
        Effect.map(Effect.result(cashbill.issueMany(CORP, bulkKeys.map((key) => receipt(key, CORP)), { interval: "200 millis" })), (result): ReadonlyArray<Reported> => {
          const millis = performance.now() - started
          const ofResult = (r: BulkIssueResult): Reported =>
            r.code === 1 ? { key: r.mgtKey!, millis, outcome: "issued", confirmNum: r.confirmNum! } : { key: r.mgtKey!, millis, outcome: "refused", error: `${r.code} ${r.message}` }
          if (Result.isSuccess(result)) return result.success.map(ofResult)
          const error = result.failure
          if (error._tag !== "BulkIncompleteError") return bulkKeys.map((key) => ({ key, millis, outcome: "refused", error: described(error) }))
          return error.items.map((item): Reported =>
            item.status === "Issued" || item.status === "Refused"
              ? ofResult(item.result as BulkIssueResult)
              : { key: item.key, millis, outcome: item.status === "Unknown" ? "unknown" : "refused", error: item.status })
        }))
    )
    const reported = { singles: await singles, bulk: await bulk }
    const millis = performance.now() - started
    done = true
    finish()
    // A restart under way ends first; then what the sandbox holds is read, without the proxy.
    await restarts
    const reader = ManagedRuntime.make(sdkLayer(direct, {}))
    const held = await reader.runPromise(Effect.flatMap(Cashbill, (cashbill) => cashbill.getInfos(CORP, [...keys, ...bulkKeys]))).finally(() => reader.dispose())
    return {
      ...reported,
      held: new Map(held.map((info) => [info.mgtKey, info.confirmNum])),
      fates: proxy.fates(),
      outages,
      millis
    }
  } finally {
    await runtime.dispose()
    await proxy.close()
    await sandbox.stop("SIGTERM")
    fs.rmSync(data, { recursive: true, force: true })
  }
}

/**
 * The rules every run keeps: an outcome reported as issued is held with that confirmation number;
 * one reported refused is not held. Answers the broken ones (empty when all hold).
 */
export const broken = (run: ChaosRun): ReadonlyArray<string> =>
  [...run.singles, ...run.bulk].flatMap((reported) => {
    const held = run.held.get(reported.key)
    if (reported.outcome === "issued" && held !== reported.confirmNum) return [`${reported.key}: reported issued as ${reported.confirmNum}, held ${held ?? "nowhere"}`]
    if (reported.outcome === "refused" && held !== undefined) return [`${reported.key}: reported refused (${reported.error}), held as ${held}`]
    return []
  })

/** The single issues reported unknown before their call's deadline (`deadlineMillis`) had passed (none may be). */
export const unknownEarly = (run: ChaosRun, deadlineMillis: number): ReadonlyArray<string> =>
  run.singles.filter((reported) => reported.outcome === "unknown" && reported.millis < deadlineMillis).map((reported) => `${reported.key} after ${Math.round(reported.millis)} ms`)

/** A run in numbers, for a failing test's message and the benchmark's table. */
export const summary = (run: ChaosRun) => {
  const tally = (list: ReadonlyArray<Reported>) => ({
    issued: list.filter((r) => r.outcome === "issued").length,
    refused: list.filter((r) => r.outcome === "refused").length,
    unknown: list.filter((r) => r.outcome === "unknown").length,
    unknownNotProcessed: list.filter((r) => r.outcome === "unknown" && !run.held.has(r.key)).length
  })
  return { singles: tally(run.singles), bulk: tally(run.bulk), fates: run.fates, outages: run.outages.map(Math.round), millis: Math.round(run.millis) }
}
