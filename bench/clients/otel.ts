/**
 * The SDK with telemetry on, as a program that exports it runs it: `metrics: true` alone (taxdoc's
 * metrics recorded into Effect's registry, no reader installed), or @effect/opentelemetry installed
 * with the OpenTelemetry SDK's in-memory exporters — a tracer (`BasicTracerProvider`, a
 * `SimpleSpanProcessor` exporting every span as it ends to an `InMemorySpanExporter`) and a
 * periodic metric reader (`InMemoryMetricExporter`, every second) — with `metrics: true`. Each
 * run starts with the exporters emptied, so what they hold does not grow from run to run.
 *
 * @since 1.1.0
 */
import { OtelMetrics, OtelTracer, Resource } from "@effect/opentelemetry"
import { AggregationTemporality, InMemoryMetricExporter, PeriodicExportingMetricReader } from "@opentelemetry/sdk-metrics"
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base"
import { Effect, Layer } from "effect"
import { Undici } from "taxdoc"
import type { Client, ClientConfig } from "./protocol.js"
import * as Sdk from "./sdk.js"

/**
 * The SDK with `metrics: true` and no reader installed: what recording the metrics costs.
 *
 * @since 1.1.0
 * @category constructors
 */
export const makeWithMetrics = (config: ClientConfig): Promise<Client> => Sdk.make(config, Undici.layer(), { metrics: true })

/**
 * The SDK with @effect/opentelemetry and the in-memory exporters installed, metrics on.
 *
 * @since 1.1.0
 * @category constructors
 */
export const makeWithOtel = async (config: ClientConfig): Promise<Client> => {
  const spans = new InMemorySpanExporter()
  const metrics = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE)
  const reader = new PeriodicExportingMetricReader({ exporter: metrics, exportIntervalMillis: 1_000 })
  const provider = Layer.effect(
    OtelTracer.OtelTracerProvider,
    Effect.acquireRelease(
      Effect.sync(() => new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] })),
      (provider) => Effect.promise(() => provider.shutdown())
    )
  )
  const installed = Layer.merge(Layer.provide(OtelTracer.layer, provider), OtelMetrics.layer(() => reader)).pipe(
    Layer.provide(Resource.layer({ serviceName: "taxdoc-bench" }))
  )
  const client = await Sdk.make(config, Undici.layer(), { metrics: true }, installed)
  return {
    run: (workload, load, keyOf) => {
      spans.reset()
      metrics.reset()
      return client.run(workload, load, keyOf)
    },
    close: client.close
  }
}
