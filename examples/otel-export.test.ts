/**
 * The OTLP example runs as written: its real OTLP/HTTP exporters post to a collector — here a
 * loopback HTTP server that only keeps what it receives — and the spans and metrics of the receipt
 * arrive: the program's span, `Cashbill.issue` under it with its attributes, the client spans of
 * the HTTP attempts, and taxdoc's request counter.
 * Run: npx vitest run examples/otel-export.test.ts
 */
import { Effect } from "effect"
import { createServer, type IncomingMessage, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type ExportFailure, layerTelemetry, program, SandboxSdk } from "./otel-export.js"

interface Post {
  readonly path: string
  readonly contentType: string | undefined
  readonly body: unknown
}

const posts: Array<Post> = []
let server: Server
let endpoint: string

const bodyOf = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    request.on("error", reject)
  })

beforeAll(async () => {
  // The collector: keeps each post and answers as an OTLP/HTTP collector does (200, an empty JSON object).
  server = createServer(async (request, response) => {
    const text = await bodyOf(request)
    posts.push({ path: request.url ?? "", contentType: request.headers["content-type"], body: JSON.parse(text) })
    response.writeHead(200, { "content-type": "application/json" }).end("{}")
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

type Attribute = { readonly key: string; readonly value: Readonly<Record<string, unknown>> }
type OtlpSpan = { readonly name: string; readonly kind: number; readonly spanId: string; readonly parentSpanId?: string; readonly attributes: ReadonlyArray<Attribute> }

const spansOf = (post: Post): ReadonlyArray<OtlpSpan> =>
  (post.body as { resourceSpans: Array<{ scopeSpans: Array<{ spans: Array<OtlpSpan> }> }> }).resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans))

const attributesOf = (span: OtlpSpan): Record<string, unknown> =>
  Object.fromEntries(span.attributes.map((attribute) => [attribute.key, Object.values(attribute.value)[0]]))

describe("examples/otel-export.ts", () => {
  it("sends the receipt's spans and taxdoc's metrics to the OTLP collector", async () => {
    const failures: Array<ExportFailure> = []
    const info = await Effect.runPromise(program.pipe(Effect.provide(SandboxSdk), Effect.provide(layerTelemetry(endpoint, { onFailure: (f) => failures.push(f) }))))
    expect(info.stateCode).toBe(300)
    expect(failures).toEqual([])
    // The layer closed after the program: both exporters flushed.
    const traces = posts.filter((post) => post.path === "/v1/traces")
    expect(traces.length).toBeGreaterThan(0)
    expect(traces[0]!.contentType).toContain("application/json")
    const spans = traces.flatMap(spansOf)
    const byName = (name: string) => spans.filter((span) => span.name === name)
    const [root] = byName("issue a receipt")
    const [issue] = byName("Cashbill.issue")
    expect(issue!.parentSpanId).toBe(root!.spanId)
    expect(attributesOf(issue!)).toEqual({ "taxdoc.operation": "Cashbill.RegistIssue", "taxdoc.member": "1234567891", "taxdoc.document.id": "ORDER-2026-0002" })
    const [attempt] = byName("POST /Cashbill")
    expect(attempt!.parentSpanId).toBe(issue!.spanId)
    expect(attributesOf(attempt!)).toMatchObject({ "http.request.method": "POST", "url.template": "/Cashbill", "http.response.status_code": 200 })
    expect(byName("GET /Cashbill/{mgtKey}")).toHaveLength(1)

    const metrics = posts.filter((post) => post.path === "/v1/metrics")
    expect(metrics.length).toBeGreaterThan(0)
    const names = JSON.stringify(metrics.map((post) => post.body))
    expect(names).toContain("\"taxdoc.requests\"")
    expect(names).toContain("\"taxdoc.request.duration\"")
  })
})
