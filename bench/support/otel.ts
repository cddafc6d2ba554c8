/**
 * @effect/opentelemetry over the OpenTelemetry SDK's in-memory exporters, as the telemetry
 * benchmarks install it: a tracer (`BasicTracerProvider`, a `SimpleSpanProcessor` exporting every
 * span as it ends to an `InMemorySpanExporter`) and a periodic metric reader
 * (`InMemoryMetricExporter`, every second).
 *
 * @since 1.1.0
 */
import { OtelMetrics, OtelTracer, Resource } from "@effect/opentelemetry"
import { AggregationTemporality, InMemoryMetricExporter, PeriodicExportingMetricReader } from "@opentelemetry/sdk-metrics"
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base"
import { Effect, Layer } from "effect"

/**
 * The layer installing the tracer and the metric reader, and `reset`, which empties both
 * exporters.
 *
 * @since 1.1.0
 * @category constructors
 */
export const inMemoryOtel = (): { readonly layer: Layer.Layer<never>; readonly reset: () => void } => {
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
  const layer = Layer.merge(Layer.provide(OtelTracer.layer, provider), OtelMetrics.layer(() => reader)).pipe(
    Layer.provide(Resource.layer({ serviceName: "taxdoc-bench" }))
  )
  return {
    layer,
    reset: () => {
      spans.reset()
      metrics.reset()
    }
  }
}
