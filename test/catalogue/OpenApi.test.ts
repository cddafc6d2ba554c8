/**
 * docs/openapi.json: generated from the catalogue (a stale file fails), a valid OpenAPI 3.1
 * document by a maintained validator, listing every operation of the catalogue; the sandbox serves
 * the same document at `GET /_sandbox/openapi.json`, without the admin token the other admin routes
 * need.
 */
import { readFileSync } from "node:fs"
import { describe, expect, it } from "@effect/vitest"
import { Validator } from "@seriousme/openapi-schema-validator"
import { Effect, Layer, ManagedRuntime } from "effect"
import * as Catalogue from "../../src/domains/Catalogue.js"
import * as OpenApi from "../../src/domains/OpenApi.js"
import * as SandboxModule from "../../src/sandbox/Sandbox.js"
import * as Server from "../../src/sandbox/Server.js"

const committed = readFileSync(new URL("../../docs/openapi.json", import.meta.url), "utf8")

interface Variant {
  readonly name: string
  readonly selector: Readonly<Record<string, unknown>>
}

const variantsOf = (document: Record<string, any>): ReadonlyArray<Variant & { readonly path: string; readonly method: string }> =>
  Object.entries(document["paths"] as Record<string, Record<string, { "x-taxdoc-operations": ReadonlyArray<Variant> }>>)
    .flatMap(([path, item]) => Object.entries(item).flatMap(([method, operation]) => operation["x-taxdoc-operations"].map((v) => ({ ...v, path, method }))))

describe("docs/openapi.json", () => {
  it("is the document generated from the catalogue (run `npm run docs:operations` when this fails)", () => {
    expect(committed).toBe(OpenApi.render())
  })

  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator()
    const result = await validator.validate(JSON.parse(committed))
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(validator.version).toBe("3.1")
  })

  it("lists every operation of the catalogue once, with its request and answer schemas", () => {
    const document = JSON.parse(committed) as Record<string, any>
    const variants = variantsOf(document)
    expect(variants.map((v) => v.name).sort()).toEqual(Catalogue.operations.map((o) => o.name).sort())
    const schemas = document["components"]["schemas"] as Record<string, unknown>
    for (const operation of Catalogue.operations) {
      if (operation.body._tag !== "None") expect(schemas[`${operation.name}.Request`], operation.name).toBeDefined()
      if (operation.success !== "pdf") expect(schemas[`${operation.name}.Answer`], operation.name).toBeDefined()
    }
  })

  it("tells operations sharing a path and method apart by their selectors, offered as parameters", () => {
    const document = JSON.parse(committed) as Record<string, any>
    const byKey = new Map<string, Array<Variant>>()
    for (const v of variantsOf(document)) byKey.set(`${v.method} ${v.path}`, [...(byKey.get(`${v.method} ${v.path}`) ?? []), v])
    for (const [key, variants] of byKey) {
      const selectors = variants.map((v) => JSON.stringify(v.selector))
      expect(new Set(selectors).size, key).toBe(variants.length)
    }
    const cashbill = document["paths"]["/Cashbill"]["post"]
    expect(cashbill["x-taxdoc-operations"].map((v: Variant) => v.name)).toEqual(["Cashbill.RegistIssue", "Cashbill.RevokeRegistIssue", "Cashbill.BulkSubmit"])
    expect(cashbill["parameters"]).toContainEqual(expect.objectContaining({
      name: "X-HTTP-Method-Override",
      in: "header",
      required: true,
      schema: { type: "string", enum: ["ISSUE", "REVOKEISSUE", "BULKISSUE"] }
    }))
    const detail = document["paths"]["/Cashbill/{mgtKey}"]["get"]["parameters"]
    expect(detail).toContainEqual(expect.objectContaining({ name: "Detail", in: "query", allowEmptyValue: true, schema: { type: "string", const: "" } }))
    expect(document["paths"]["/Cashbill/{mgtKey}"]["get"]["responses"]["200"]["content"]).toHaveProperty("application/pdf")
    expect(document["components"]["securitySchemes"]["sessionToken"]).toMatchObject({ type: "http", scheme: "bearer" })
    expect(document["paths"]["/Join"]["get"]["security"]).toEqual([])
  })
})

describe("GET /_sandbox/openapi.json", () => {
  it("is docs/openapi.json, served without the admin token the other admin routes need", { timeout: 60_000 }, async () => {
    const server = ManagedRuntime.make(Server.layer({ host: "127.0.0.1", port: 0, adminToken: "admin-secret-token" }).pipe(Layer.provideMerge(SandboxModule.layer())))
    try {
      const url = await server.runPromise(Effect.map(Server.SandboxServer, (a) => a.url))
      const served = await fetch(`${url}/_sandbox/openapi.json`)
      expect(served.status).toBe(200)
      expect(served.headers.get("content-type")).toMatch(/^application\/json/)
      expect(await served.json()).toEqual(JSON.parse(committed))
      expect((await fetch(`${url}/production/_sandbox/openapi.json`)).status).toBe(200)
      expect((await fetch(`${url}/_sandbox/stats`)).status).toBe(401)
      expect((await fetch(`${url}/_sandbox/openapi.json`, { method: "POST", headers: { authorization: "Bearer admin-secret-token" } })).status).toBe(400)
    } finally {
      await server.dispose()
    }
  })
})
