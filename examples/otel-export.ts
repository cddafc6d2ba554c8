/**
 * Export taxdoc's traces and metrics over OTLP/HTTP with @effect/opentelemetry: a receipt issued
 * and read back against an in-process sandbox, its spans and metrics sent to a collector.
 * Run: npx tsx examples/otel-export.ts   (a collector at OTEL_EXPORTER_OTLP_ENDPOINT, default
 * http://localhost:4318 — docs/observability.md, "Seeing it locally")
 *
 * The packages are the program's, not taxdoc's: npm install @effect/opentelemetry @opentelemetry/api
 * @opentelemetry/resources @opentelemetry/sdk-trace-base @opentelemetry/sdk-metrics
 * @opentelemetry/exporter-trace-otlp-http @opentelemetry/exporter-metrics-otlp-http
 */
import { OtelMetrics, OtelTracer, Resource } from "@effect/opentelemetry"
import { OTLPMetricExporter } from "@opentelemetry/exporter-metrics-otlp-http"
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http"
import { PeriodicExportingMetricReader } from "@opentelemetry/sdk-metrics"
import { BasicTracerProvider, BatchSpanProcessor } from "@opentelemetry/sdk-trace-base"
import { Effect, Layer } from "effect"
import { Cashbill, Taxdoc } from "taxdoc"

const corpNum = "1234567891" // the member (seller) the partner acts for

/** What the exporters are told about a collector: a local one answers well within this. */
const EXPORT_TIMEOUT_MILLIS = 2_000

/** An export that failed: which signal (`traces`, `metrics`) and why. */
export interface ExportFailure {
  readonly signal: string
  readonly error: Error
}

type Done = (result: { readonly error?: Error | undefined }) => void

/** `exporter`, telling `onFailure` of every export that failed (a failed export carries its error). */
const reporting = <E extends { export(items: never, done: Done): void }>(exporter: E, signal: string, onFailure: (failure: ExportFailure) => void): E => {
  const send = exporter.export.bind(exporter) as (items: unknown, done: Done) => void
  const exportReporting = (items: unknown, done: Done) =>
    send(items, (result) => {
      if (result.error !== undefined) onFailure({ signal, error: result.error })
      done(result)
    })
  exporter.export = exportReporting as E["export"]
  return exporter
}

/**
 * Traces and metrics to the OTLP/HTTP collector at `endpoint`; both flushed when the layer closes.
 * An exporter gives up on an export after `timeoutMillis` (retries included) and reports it to
 * `onFailure`: the OpenTelemetry SDK itself says nothing of it unless its diagnostics are on.
 */
export const layerTelemetry = (
  endpoint: string,
  options: { readonly onFailure: (failure: ExportFailure) => void; readonly timeoutMillis?: number }
) => {
  const timeoutMillis = options.timeoutMillis ?? EXPORT_TIMEOUT_MILLIS
  const tracerProvider = Layer.effect(
    OtelTracer.OtelTracerProvider,
    Effect.acquireRelease(
      Effect.map(Resource.Resource, (resource) =>
        new BasicTracerProvider({
          resource,
          spanProcessors: [
            new BatchSpanProcessor(reporting(new OTLPTraceExporter({ url: `${endpoint}/v1/traces`, timeoutMillis }), "traces", options.onFailure))
          ]
        })),
      // Flushes what is left; an export that fails is reported by its exporter.
      (provider) => Effect.ignore(Effect.tryPromise(() => provider.shutdown()))
    )
  )
  const metricReader = () =>
    new PeriodicExportingMetricReader({
      exporter: reporting(new OTLPMetricExporter({ url: `${endpoint}/v1/metrics`, timeoutMillis }), "metrics", options.onFailure),
      exportIntervalMillis: 10_000,
      exportTimeoutMillis: timeoutMillis
    })
  return Layer.mergeAll(Layer.provide(OtelTracer.layer, tracerProvider), OtelMetrics.layer(metricReader)).pipe(
    Layer.provide(Resource.layer({ serviceName: "receipts", serviceVersion: "1.0.0" }))
  )
}

export const program = Effect.gen(function*() {
  const cashbill = yield* Cashbill.Cashbill
  const issued = yield* cashbill.issue(corpNum, {
    mgtKey: "ORDER-2026-0002", tradeType: "승인거래", tradeUsage: "소득공제용", taxationType: "과세",
    totalAmount: "11000", supplyCost: "10000", tax: "1000", serviceFee: "0",
    franchiseCorpNum: corpNum, identityNum: "01012341234"
  })
  const info = yield* cashbill.getInfo(corpNum, "ORDER-2026-0002")
  yield* Effect.log(`issued ${issued.confirmNum}, state ${info.stateCode}`)
  return info
}).pipe(Effect.withSpan("issue a receipt"))

// The SDK on a sandbox in this process, its metrics turned on (`metrics: true`, or TAXDOC_METRICS=true).
export const SandboxSdk = Taxdoc.layerSandbox({ metrics: true, sandbox: { members: [{ corpNum }] } })

if (import.meta.url === `file://${process.argv[1]}`) {
  const endpoint = process.env["OTEL_EXPORTER_OTLP_ENDPOINT"] ?? "http://localhost:4318"
  const failures: Array<ExportFailure> = []
  await Effect.runPromise(program.pipe(Effect.provide(SandboxSdk), Effect.provide(layerTelemetry(endpoint, { onFailure: (f) => failures.push(f) }))))
  if (failures.length > 0) {
    const signals = [...new Set(failures.map((f) => f.signal))].join(" and ")
    console.error(`the ${signals} were not exported to ${endpoint}: ${failures[0]!.error.message}`)
    console.error("start a collector there (docs/observability.md, \"Seeing it locally\") or point OTEL_EXPORTER_OTLP_ENDPOINT at one")
    process.exitCode = 1
  } else {
    console.log(`traces and metrics exported to ${endpoint}`)
  }
}
