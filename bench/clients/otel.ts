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
import { Undici } from "taxdoc"
import { inMemoryOtel } from "../support/otel.js"
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
  const otel = inMemoryOtel()
  const client = await Sdk.make(config, Undici.layer(), { metrics: true }, otel.layer)
  return {
    run: (workload, load, keyOf) => {
      otel.reset()
      return client.run(workload, load, keyOf)
    },
    close: client.close
  }
}
