/**
 * The OpenTelemetry SDK wired to Effect through @effect/opentelemetry, exporting to the SDK's own
 * in-memory exporters: spans (a `SimpleSpanProcessor`), metrics (a periodic reader flushed by
 * hand, cumulative) and log records (a `SimpleLogRecordProcessor`). Real libraries throughout; a
 * test reads what they exported.
 */
import { OtelLogger, OtelMetrics, OtelTracer, Resource } from "@effect/opentelemetry"
import { InMemoryLogRecordExporter, type ReadableLogRecord, SimpleLogRecordProcessor } from "@opentelemetry/sdk-logs"
import { AggregationTemporality, type DataPoint, InMemoryMetricExporter, type MetricData, PeriodicExportingMetricReader } from "@opentelemetry/sdk-metrics"
import { BasicTracerProvider, InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base"
import { Effect, Layer } from "effect"

export interface Exported {
  /** Tracer, metrics and logger, installed as a program installs them. */
  readonly layer: Layer.Layer<OtelTracer.OtelTracer>
  readonly spans: () => ReadonlyArray<ReadableSpan>
  /** The metrics as the reader collects them now. */
  readonly metrics: Effect.Effect<ReadonlyArray<MetricData>>
  readonly logs: () => ReadonlyArray<ReadableLogRecord>
}

export const exported = (): Exported => {
  const spanExporter = new InMemorySpanExporter()
  const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE)
  const reader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 3_600_000 })
  const logExporter = new InMemoryLogRecordExporter()
  const provider = Layer.effect(
    OtelTracer.OtelTracerProvider,
    Effect.acquireRelease(
      Effect.sync(() => new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spanExporter)] })),
      (provider) => Effect.promise(() => provider.shutdown())
    )
  )
  const layer = Layer.mergeAll(
    Layer.provide(OtelTracer.layer, provider),
    OtelMetrics.layer(() => reader),
    Layer.provide(OtelLogger.layer({ mergeWithExisting: false }), OtelLogger.layerLoggerProvider(new SimpleLogRecordProcessor({ exporter: logExporter })))
  ).pipe(Layer.provide(Resource.layer({ serviceName: "taxdoc-test" })))
  return {
    layer,
    spans: () => spanExporter.getFinishedSpans(),
    metrics: Effect.promise(async () => {
      metricExporter.reset()
      await reader.forceFlush()
      return metricExporter.getMetrics().flatMap((resource) => resource.scopeMetrics.flatMap((scope) => scope.metrics))
    }),
    logs: () => logExporter.getFinishedLogRecords()
  }
}

/** The data points of the metric `name` (none when it was not recorded). */
const pointsOf = (metrics: ReadonlyArray<MetricData>, name: string): ReadonlyArray<DataPoint<unknown>> =>
  metrics.filter((metric) => metric.descriptor.name === name).flatMap((metric) => metric.dataPoints as ReadonlyArray<DataPoint<unknown>>)

/** The value of the point of `name` whose attributes include `labels`. */
export const valueOf = (metrics: ReadonlyArray<MetricData>, name: string, labels: Readonly<Record<string, string>>): unknown =>
  pointsOf(metrics, name).find((point) => Object.entries(labels).every(([key, value]) => point.attributes[key] === value))?.value

/** The exported span named `name` (the first). */
export const spanNamed = (spans: ReadonlyArray<ReadableSpan>, name: string): ReadableSpan => {
  const found = spans.find((span) => span.name === name)
  if (found === undefined) throw new Error(`no span ${name} among ${spans.map((span) => span.name).join(", ")}`)
  return found
}

/** The spans whose parent is `parent`. */
export const childrenOf = (spans: ReadonlyArray<ReadableSpan>, parent: ReadableSpan): ReadonlyArray<ReadableSpan> =>
  spans.filter((span) => span.parentSpanContext?.spanId === parent.spanContext().spanId)
