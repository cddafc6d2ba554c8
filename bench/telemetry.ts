/**
 * What telemetry costs a call, side by side in one run over sockets (each side its own client
 * process against one sandbox, as sections 1 and 2 run them): the SDK of this checkout with
 * nothing installed (the default: no tracer, metrics off) against the same SDK before telemetry
 * (`BENCH_TELEMETRY_BASE`, default `9e15be5`, built from its own worktree and install, as the 0.1
 * line's sides are), the SDK with `metrics: true` and no reader (what recording Effect `Metric`s
 * costs, the figure that decides whether they are on by default), and the SDK with
 * @effect/opentelemetry and the OpenTelemetry SDK's in-memory span and metric exporters installed,
 * metrics on. Sequential GetInfo (client CPU per call) and 32 concurrent callers (throughput).
 * Nothing installed is compared with the base in rounds of those two sides alone (each first in
 * every other round), so that no side always runs in the middle of a round, and the base with a
 * second process of itself the same way: that A/A ratio is the noise of the run (two identical
 * sides differ by it on a shared machine). The sides with telemetry on are compared with nothing
 * installed in rounds of their own. Targets, "within noise": with nothing installed, client CPU per
 * sequential GetInfo at most 5 % above the base's, or no further above it than the A/A ratio is
 * from 1; 32 concurrent throughput likewise at most 5 % (or the A/A distance) below. A last part isolates the SDK's own work, in this process: GetInfo over an
 * `HttpClient` that answers at once with a canned answer, nothing installed against metrics on
 * and against OpenTelemetry on, in alternating rounds — the microseconds a call's telemetry costs
 * without a socket's noise around them.
 *
 * @since 1.1.0
 */
import { Effect, Layer, ManagedRuntime, Redacted } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as Taxdoc from "../src/Taxdoc.js"
import { Cashbill } from "../src/domains/cashbill/Cashbill.js"
import { TESTER_SECRET } from "../src/sandbox/Partners.js"
import { alternate, medianOf } from "./support/alternate.js"
import { prepare } from "./support/checkout.js"
import { inMemoryOtel } from "./support/otel.js"
import { compareClients, figuresOf, micros, SDK, type SideFigures, type SideSpec, withPreparedSandbox } from "./support/clients.js"
import type { LoadOptions } from "./support/load.js"
import { type Benchmark, isMain, log, main, sized } from "./support/program.js"
import type { Target } from "./support/report.js"
import * as Sdk from "./support/sdk.js"
import { ms, perSecond, ratio } from "./support/stats.js"

const BASE = process.env["BENCH_TELEMETRY_BASE"] ?? "9e15be5"
const SEQUENTIAL: LoadOptions = sized({ concurrency: 1, total: 800, durationMillis: 2_500 }, { concurrency: 1, total: 20, durationMillis: 1_000 })
const CALLERS = 32
const CONCURRENT: LoadOptions = sized({ concurrency: CALLERS, total: 5_000, durationMillis: 12_000 }, { concurrency: CALLERS, total: 100, durationMillis: 2_000 })
const ROUNDS = sized(8, 1)
const ON_ROUNDS = sized(5, 1)
const IN_PROCESS_CALLS = sized(4_000, 200)
const IN_PROCESS_ROUNDS = sized(12, 1)
/** The least noise a target allows, whatever the A/A ratio says. */
const TOLERANCE = 0.05

const OFF: SideSpec = { ...SDK, id: "sdk", label: "this checkout, nothing installed (default)" }
const METRICS: SideSpec = { id: "sdk-metrics", label: "this checkout, `metrics: true`, no reader installed", kind: "sdk-metrics", info: false }
const OTEL: SideSpec = {
  id: "sdk-otel",
  label: "this checkout, @effect/opentelemetry with in-memory span and metric exporters, `metrics: true`",
  kind: "sdk-otel",
  info: false
}

// ── in process: the SDK's own work over an HttpClient that answers at once ─────────────────────

const CORP = Sdk.memberNumber(19)
const INFO = JSON.stringify({
  mgtKey: "TEL-0001", itemKey: "026112211000000001", tradeDate: "20261122", tradeDT: "20261122100000", tradeType: "승인거래",
  tradeUsage: "소득공제용", taxationType: "과세", totalAmount: "11000", stateCode: 300, stateDT: "20261122100000",
  customerName: "홍길동", identityNum: "010****1234", confirmNum: "TB0000001", regDT: "20261122100000", printYN: false, interOPYN: false
})
const TOKEN = JSON.stringify({
  session_token: "bench-token", serviceID: "SERVICE_TEST", linkID: "TESTER", userID: CORP, scope: ["member", "140"], ipaddress: "*",
  expiration: new Date(Date.now() + 24 * 3_600_000).toISOString()
})
const canned = HttpClient.make((request) =>
  Effect.sync(() =>
    HttpClientResponse.fromWeb(request, new Response(request.url.endsWith("/Token") ? TOKEN : INFO, { status: 200, headers: { "content-type": "application/json" } }))
  )
)

/** A runtime of the SDK over the canned client, with `installed` beside it. */
const cannedSdk = <I>(metrics: boolean, installed: Layer.Layer<I>) => {
  const runtime = ManagedRuntime.make(
    Taxdoc.layer({ linkId: "TESTER", secretKey: Redacted.make(TESTER_SECRET), authUrl: "http://sandbox.test", apiUrl: "http://sandbox.test", metrics }).pipe(
      Layer.provide(Layer.succeed(HttpClient.HttpClient, canned)),
      Layer.merge(installed)
    )
  )
  return async (calls: number): Promise<number> => {
    const cashbill = await runtime.runPromise(Cashbill)
    const once = Effect.suspend(() => cashbill.getInfo(CORP, "TEL-0001"))
    const cpu = process.cpuUsage()
    await runtime.runPromise(Effect.repeat(once, { times: calls - 1 }))
    const used = process.cpuUsage(cpu)
    return (used.user + used.system) / calls
  }
}

/** CPU per call of each side (medians) and per-round ratios to nothing installed, in this process. */
const inProcess = async () => {
  const otel = inMemoryOtel()
  const sides = {
    off: cannedSdk(false, Layer.empty),
    metrics: cannedSdk(true, Layer.empty),
    otel: cannedSdk(true, otel.layer)
  }
  const samples = await alternate<number>({
    rounds: IN_PROCESS_ROUNDS,
    sides: Object.entries(sides).map(([name, run]) => ({
      name,
      run: () => {
        otel.reset()
        return run(IN_PROCESS_CALLS)
      }
    })),
    onRound: (round, results) => log(`in process round ${round + 1}: ${results.map(([name, cpu]) => `${name} ${Math.round(cpu)} µs`).join(", ")}`)
  })
  const off = samples["off"]!
  const against = (name: string) => {
    const side = samples[name]!
    const ratios = side.map((cpu, i) => cpu / off[i]!)
    return { cpu: medianOf(side, (x) => x), extra: medianOf(side.map((cpu, i) => cpu - off[i]!), (x) => x), ratio: medianOf(ratios, (x) => x), lowest: Math.min(...ratios), highest: Math.max(...ratios) }
  }
  return { off: medianOf(off, (x) => x), metrics: against("metrics"), otel: against("otel") }
}

const spread = (f: SideFigures, other: string): string => {
  const r = f.against(other)
  return `${ratio(r.cpu)} (rounds ${ratio(r.cpuLowest)}–${ratio(r.cpuHighest)})`
}

/**
 * @since 1.1.0
 * @category benchmarks
 */
export const benchmark: Benchmark = {
  id: "telemetry",
  limitMillis: 900_000,
  prepare: () => prepare(BASE, { build: true }),
  run: async () => {
    const base = await prepare(BASE, { build: true })
    const BEFORE: SideSpec = { id: "base", label: `revision ${base.commit}, before telemetry`, kind: "sdk", info: false, checkout: base.root }
    const AGAIN: SideSpec = { ...BEFORE, id: "base-again", label: `revision ${base.commit} again, a second process (A/A: the noise)` }
    return withPreparedSandbox(Sdk.memberNumber(19), "TEL-0001", async (prepared) => {
      const compare = (label: string, sides: ReadonlyArray<SideSpec>, load: LoadOptions, rounds: number) =>
        compareClients({ label, sides, prepared, workload: "getInfo", load, rounds, budgetMillis: 150_000 })
      log("nothing installed against the base: sequential, then 32 concurrent")
      const offSequential = await compare("off, sequential", [BEFORE, OFF], SEQUENTIAL, ROUNDS)
      const aaSequential = await compare("A/A, sequential", [BEFORE, AGAIN], SEQUENTIAL, ROUNDS)
      const offConcurrent = await compare(`off, ${CALLERS} concurrent`, [BEFORE, OFF], CONCURRENT, ROUNDS)
      const aaConcurrent = await compare(`A/A, ${CALLERS} concurrent`, [BEFORE, AGAIN], CONCURRENT, ROUNDS)
      log("telemetry on against nothing installed: sequential, then 32 concurrent")
      const onSequential = await compare("on, sequential", [OFF, METRICS, OTEL], SEQUENTIAL, ON_ROUNDS)
      const onConcurrent = await compare(`on, ${CALLERS} concurrent`, [OFF, METRICS, OTEL], CONCURRENT, ON_ROUNDS)
      log("in process: the SDK over an HttpClient that answers at once")
      const isolated = await inProcess()
      const seqOff = figuresOf(offSequential, OFF.id)
      const conOff = figuresOf(offConcurrent, OFF.id)
      const cpuVsBase = seqOff.against(BEFORE.id)
      const throughputVsBase = conOff.against(BEFORE.id).throughput
      // The noise of the run: how far two processes of the same side are apart.
      const cpuNoise = Math.max(TOLERANCE, Math.abs(figuresOf(aaSequential, AGAIN.id).against(BEFORE.id).cpu - 1))
      const throughputNoise = Math.max(TOLERANCE, Math.abs(figuresOf(aaConcurrent, AGAIN.id).against(BEFORE.id).throughput - 1))
      const extra = (figures: ReadonlyArray<SideFigures>, id: string) => micros(figuresOf(figures, id).cpu - figuresOf(figures, OFF.id).cpu)
      const targets: Array<Target> = [
        {
          name: `nothing installed: client CPU per sequential GetInfo within noise of revision ${base.commit}'s (before telemetry): ≤ 1 + the A/A distance, at least 5 %`,
          measured: `${spread(seqOff, BEFORE.id)}; ${micros(seqOff.cpu)} against ${micros(figuresOf(offSequential, BEFORE.id).cpu)}; allowed ${ratio(1 + cpuNoise)} (A/A ${
            spread(figuresOf(aaSequential, AGAIN.id), BEFORE.id)
          })`,
          met: cpuVsBase.cpu <= 1 + cpuNoise
        },
        {
          name: `nothing installed: ${CALLERS} concurrent GetInfo throughput within noise of revision ${base.commit}'s: ≥ 1 − the A/A distance, at least 5 %`,
          measured: `${ratio(throughputVsBase)} (${perSecond(conOff.throughput)} against ${perSecond(figuresOf(offConcurrent, BEFORE.id).throughput)}; CPU per call ${
            spread(conOff, BEFORE.id)
          }); allowed ${ratio(1 - throughputNoise)} (A/A ${ratio(figuresOf(aaConcurrent, AGAIN.id).against(BEFORE.id).throughput)})`,
          met: throughputVsBase >= 1 - throughputNoise
        }
      ]
      // Each side against the first of its comparison (the base, or nothing installed).
      const rows = (figures: ReadonlyArray<SideFigures>) => {
        const first = figures[0]!
        return figures.map((f) => [
          f.side.label,
          micros(f.cpu),
          f === first ? "–" : micros(f.cpu - first.cpu),
          f === first ? ratio(1) : spread(f, first.side.id),
          f === first ? ratio(1) : ratio(f.against(first.side.id).throughput),
          perSecond(f.throughput),
          ms(f.p50),
          ms(f.p99)
        ])
      }
      const headers = ["client", "client CPU / call", "CPU / call over the first", "CPU vs the first (rounds)", "calls/s vs the first", "calls/s", "p50", "p99"]
      return {
        title: "20. Telemetry: nothing installed against before telemetry, metrics and OpenTelemetry on",
        method: [
          "One sandbox server process (`Server.serve` on 127.0.0.1, the compiled package under plain node) with one member and one receipt; each side its own client process (plain node, the compiled package over `Undici.layer()`, default configuration otherwise), GetInfo of the receipt in a closed loop, calls in Effect fibers; `process.cpuUsage()` of the client process over the measured window.",
          `Sides: revision \`${base.commit}\` (\`BENCH_TELEMETRY_BASE\`, the SDK before telemetry: one span per call when a tracer is installed, no metrics; built from a git worktree with its own \`npm ci\`, as the 0.1 line's sides are); this checkout with nothing installed (no tracer, \`metrics\` off: the defaults); this checkout with \`metrics: true\` and no reader (Effect \`Metric\` updates alone); this checkout with \`OtelTracer.layer\` over a \`BasicTracerProvider\` whose \`SimpleSpanProcessor\` exports every span to an \`InMemorySpanExporter\`, and \`OtelMetrics.layer\` with a \`PeriodicExportingMetricReader\` (every second) into an \`InMemoryMetricExporter\`, \`metrics: true\` (the exporters emptied before each run).`,
          `Six comparisons, each its own client processes and rounds: the base against nothing installed, and the base against a second process of itself (A/A: the noise a target allows) (${ROUNDS} rounds each, two sides alone, so that each runs first in every other round), sequential (${SEQUENTIAL.total.toLocaleString("en-US")} calls per side and round, at most ${SEQUENTIAL.durationMillis / 1000} s) and ${CALLERS} concurrent (${CONCURRENT.total.toLocaleString("en-US")} calls); then nothing installed, metrics and OpenTelemetry (${ON_ROUNDS} rounds), the same two loads. Sides alternate within each round (order reversed every other round) after one warm-up round; figures are medians over rounds, ratios medians of the per-round ratios with their lowest and highest.`,
          `In process: this benchmark's own process runs the SDK from the sources three times over — nothing installed, \`metrics: true\`, OpenTelemetry with the in-memory exporters and \`metrics: true\` — each over an \`HttpClient\` that answers every request at once with a canned GetInfo answer (its token too), ${IN_PROCESS_CALLS.toLocaleString("en-US")} sequential calls per side and round, ${IN_PROCESS_ROUNDS} alternating rounds after a warm-up one; \`process.cpuUsage()\` over each side's calls.`
        ],
        tables: [
          { title: `Nothing installed against ${base.commit}, sequential GetInfo (medians of ${ROUNDS} rounds)`, headers, rows: rows(offSequential) },
          { title: `A/A: ${base.commit} against a second process of itself, sequential GetInfo (medians of ${ROUNDS} rounds)`, headers, rows: rows(aaSequential) },
          { title: `Nothing installed against ${base.commit}, ${CALLERS} concurrent GetInfo callers (medians of ${ROUNDS} rounds)`, headers, rows: rows(offConcurrent) },
          { title: `A/A: ${base.commit} against a second process of itself, ${CALLERS} concurrent (medians of ${ROUNDS} rounds)`, headers, rows: rows(aaConcurrent) },
          { title: `Telemetry on, sequential GetInfo (medians of ${ON_ROUNDS} rounds)`, headers, rows: rows(onSequential) },
          { title: `Telemetry on, ${CALLERS} concurrent GetInfo callers (medians of ${ON_ROUNDS} rounds)`, headers, rows: rows(onConcurrent) },
          {
            title: `In process, GetInfo over an HttpClient that answers at once (medians of ${IN_PROCESS_ROUNDS} rounds of ${IN_PROCESS_CALLS.toLocaleString("en-US")} calls)`,
            headers: ["side", "CPU / call", "CPU / call over nothing installed (median of rounds)", "CPU vs nothing installed (rounds)"],
            rows: [
              ["nothing installed (default)", micros(isolated.off), "–", ratio(1)],
              ...([["`metrics: true`, no reader installed", isolated.metrics], ["@effect/opentelemetry, in-memory exporters, `metrics: true`", isolated.otel]] as const).map((
                [label, f]
              ) => [label, micros(f.cpu), micros(f.extra), `${ratio(f.ratio)} (rounds ${ratio(f.lowest)}–${ratio(f.highest)})`])
            ]
          }
        ],
        targets,
        notes: [
          `Recording the metrics with no reader: ${extra(onSequential, METRICS.id)} per sequential call (${spread(figuresOf(onSequential, METRICS.id), OFF.id)}), ${
            extra(onConcurrent, METRICS.id)
          } per concurrent call (${spread(figuresOf(onConcurrent, METRICS.id), OFF.id)}) over nothing installed.`,
          `OpenTelemetry with the in-memory exporters: ${extra(onSequential, OTEL.id)} per sequential call (${spread(figuresOf(onSequential, OTEL.id), OFF.id)}), ${
            extra(onConcurrent, OTEL.id)
          } per concurrent call (${spread(figuresOf(onConcurrent, OTEL.id), OFF.id)}) over nothing installed.`
        ]
      }
    })
  }
}

if (isMain(import.meta.url)) await main(benchmark)
