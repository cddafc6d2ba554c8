import { describe, expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import * as Operation from "../../src/core/Operation.js"
import { implement, json, type Route } from "../../src/sandbox/routing/Route.js"
import * as Router from "../../src/sandbox/routing/Router.js"

/** Hand-written declarations shaped like the service's, independent of the catalogue. */
interface Spec {
  readonly query?: ReadonlyArray<Operation.QueryItem>
  readonly override?: string
  readonly form?: boolean
  readonly shapes?: Readonly<Record<string, Operation.ParamShape>>
}

const route = (name: string, method: "GET" | "POST", path: string, spec: Spec = {}): Route =>
  implement(
    Operation.make({
      name,
      sdk: name,
      summary: name,
      method,
      path,
      ...(spec.query === undefined ? {} : { query: spec.query }),
      ...(spec.override === undefined ? {} : { override: spec.override }),
      ...(spec.shapes === undefined ? {} : { shapes: spec.shapes }),
      ...(spec.form === true ? { body: Operation.form(Schema.Struct({ MgtKey: Schema.String })) } : {}),
      params: Schema.Record(Schema.String, Schema.String),
      scope: Operation.noToken,
      success: Schema.Unknown,
      safeToRepeat: true
    }),
    () => Effect.succeed(json({}))
  )

// Parameters before literals and selectors in no particular order: the table does not depend on it.
const table = Router.compile([
  route("CashbillInfo", "GET", "/Cashbill/{key}"),
  route("Bulk", "GET", "/Cashbill/Bulk/{id}/State"),
  route("Delete", "POST", "/Cashbill/{key}", { override: "DELETE" }),
  route("States", "POST", "/Cashbill/States"),
  route("Register", "POST", "/Taxinvoice"),
  route("Bulk issue", "POST", "/Taxinvoice", { override: "BULKISSUE" }),
  route("Issue", "POST", "/Taxinvoice/{type}/{key}", { override: "ISSUE" }),
  route("Email", "POST", "/Taxinvoice/{type}/{key}", { override: "EMAIL" }),
  route("Assign", "POST", "/Taxinvoice/{itemKey}/{type}", { form: true }),
  route("GetInfo", "GET", "/Taxinvoice/{type}/{key}"),
  route("Detail", "GET", "/Taxinvoice/{type}/{key}", { query: [Operation.flag("Detail")] }),
  route("Popup", "GET", "/Taxinvoice/{type}/{key}", { query: [Operation.fixed("TG", "POPUP")] }),
  route("View", "GET", "/Taxinvoice/{type}/{key}", { query: [Operation.fixed("TG", "VIEW")] }),
  route("CertExpire", "GET", "/Taxinvoice", { query: [Operation.fixed("cfg", "CERT")] }),
  route("Search", "GET", "/TaxPortal/Taxinvoice/{jobID}", { shapes: { jobID: Operation.length(18) } }),
  route("GetTaxinvoice", "GET", "/TaxPortal/Taxinvoice/{ntsConfirmNum}", { shapes: { ntsConfirmNum: Operation.length(24) } }),
  route("JobState", "GET", "/TaxPortal/Taxinvoice/{jobID}/State", { shapes: { jobID: Operation.length(18) } }),
  route("JobList", "GET", "/TaxPortal/Taxinvoice/JobList"),
  route("RequestJob", "POST", "/TaxPortal/Taxinvoice/{queryType}", { shapes: { queryType: Operation.oneOf("SELL", "BUY", "TRUSTEE") } })
])

const key = (method: string, path: string, extra: Partial<Router.RoutingKey> = {}): Router.RoutingKey => ({
  method,
  path,
  override: undefined,
  query: new URLSearchParams(),
  contentType: undefined,
  ...extra
})

const idOf = (match: Router.RouteMatch<Route>) => (match._tag === "Matched" ? match.route.operation.name : match._tag)
const paramsOf = (match: Router.RouteMatch<Route>) => (match._tag === "Matched" ? match.params : undefined)
const FORM = "application/x-www-form-urlencoded; charset=utf-8"

describe("Router.match", () => {
  it("selects by override (an empty header counts as none), form content type, query flag", () => {
    expect(idOf(Router.match(table, key("POST", "/Taxinvoice/SELL/K1", { override: "issue" })))).toBe("Issue")
    expect(idOf(Router.match(table, key("POST", "/Taxinvoice/SELL/K1", { override: "EMAIL" })))).toBe("Email")
    expect(idOf(Router.match(table, key("POST", "/Taxinvoice/123456789012345678/SELL", { contentType: FORM })))).toBe("Assign")
    expect(idOf(Router.match(table, key("POST", "/Taxinvoice/123456789012345678/SELL", { contentType: FORM, override: "" })))).toBe("Assign")
    expect(idOf(Router.match(table, key("POST", "/Taxinvoice/SELL/K1")))).toBe("Unsupported")
    expect(idOf(Router.match(table, key("POST", "/Taxinvoice", { override: "  " })))).toBe("Register")
    expect(idOf(Router.match(table, key("POST", "/Taxinvoice", { override: "bulkissue" })))).toBe("Bulk issue")
    expect(idOf(Router.match(table, key("GET", "/Taxinvoice/SELL/K1")))).toBe("GetInfo")
    expect(idOf(Router.match(table, key("GET", "/Taxinvoice/SELL/K1", { contentType: "application/json;charset=utf-8" })))).toBe("GetInfo")
    expect(idOf(Router.match(table, key("GET", "/Taxinvoice/SELL/K1", { query: new URLSearchParams("Detail") })))).toBe("Detail")
    expect(idOf(Router.match(table, key("GET", "/Taxinvoice/SELL/K1", { query: new URLSearchParams("detail=") })))).toBe("Detail")
  })

  it("selects by query value on the same path: TG=POPUP vs TG=VIEW, cfg=CERT", () => {
    expect(idOf(Router.match(table, key("GET", "/Taxinvoice/SELL/K1", { query: new URLSearchParams("TG=POPUP") })))).toBe("Popup")
    expect(idOf(Router.match(table, key("GET", "/Taxinvoice/SELL/K1", { query: new URLSearchParams("TG=VIEW") })))).toBe("View")
    expect(idOf(Router.match(table, key("GET", "/Taxinvoice/SELL/K1", { query: new URLSearchParams("tg=view") })))).toBe("View")
    expect(idOf(Router.match(table, key("GET", "/Taxinvoice/SELL/K1", { query: new URLSearchParams("TG=PRINT") })))).toBe("Unsupported")
    expect(idOf(Router.match(table, key("GET", "/Taxinvoice", { query: new URLSearchParams("cfg=CERT") })))).toBe("CertExpire")
    expect(idOf(Router.match(table, key("GET", "/Taxinvoice")))).toBe("Unsupported")
  })

  it("refuses what no operation of the path declares, naming it: a query parameter, a selector's value, an override", () => {
    const reasonOf = (match: Router.RouteMatch<Router.Routable>) => (match._tag === "Unsupported" ? match.reason : match._tag)
    expect(reasonOf(Router.match(table, key("GET", "/Taxinvoice/SELL/K1", { query: new URLSearchParams("TG=VIEW&_=123") }))))
      .toBe("unknown query parameter _: no operation of GET /Taxinvoice/{type}/{key} takes it")
    expect(reasonOf(Router.match(table, key("GET", "/Taxinvoice/SELL/K1", { query: new URLSearchParams("Logs") })))).toMatch(/^unknown query parameter Logs:/)
    expect(reasonOf(Router.match(table, key("GET", "/Taxinvoice/SELL/K1", { query: new URLSearchParams("TG=NONSENSE") })))).toMatch(/^unknown TG=NONSENSE:/)
    expect(reasonOf(Router.match(table, key("GET", "/Taxinvoice/SELL/K1", { override: "SHRED" })))).toMatch(/^unknown X-HTTP-Method-Override SHRED:/)
    expect(reasonOf(Router.match(table, key("GET", "/Taxinvoice/SELL/K1", { query: new URLSearchParams("Detail&TG=VIEW") }))))
      .toBe("no operation of GET /Taxinvoice/{type}/{key} takes Detail with TG=VIEW")
    expect(reasonOf(Router.match(table, key("DELETE", "/Taxinvoice/SELL/K1")))).toBe("method DELETE")
  })

  it("a request carrying the selectors of two operations matches neither", () => {
    expect(idOf(Router.match(table, key("GET", "/Taxinvoice/SELL/K1", { query: new URLSearchParams("Detail&TG=VIEW") })))).toBe("Unsupported")
  })

  it("selects by the length of a path parameter: an 18-character job ID vs a 24-character confirmation number", () => {
    const jobId = "202611230000000001"
    const confirmNum = "20261123abcdefgh12345678"
    expect(idOf(Router.match(table, key("GET", `/TaxPortal/Taxinvoice/${jobId}`)))).toBe("Search")
    expect(paramsOf(Router.match(table, key("GET", `/TaxPortal/Taxinvoice/${jobId}`)))).toEqual({ jobID: jobId })
    expect(idOf(Router.match(table, key("GET", `/TaxPortal/Taxinvoice/${confirmNum}`)))).toBe("GetTaxinvoice")
    expect(paramsOf(Router.match(table, key("GET", `/TaxPortal/Taxinvoice/${confirmNum}`)))).toEqual({ ntsConfirmNum: confirmNum })
    expect(idOf(Router.match(table, key("GET", `/TaxPortal/Taxinvoice/${jobId}/State`)))).toBe("JobState")
    expect(idOf(Router.match(table, key("GET", "/TaxPortal/Taxinvoice/20261123")))).toBe("NotFound")
  })

  it("prefers literal segments to parameters, in any case, whatever the declaration order", () => {
    expect(idOf(Router.match(table, key("GET", "/TaxPortal/Taxinvoice/JobList")))).toBe("JobList")
    expect(idOf(Router.match(table, key("GET", "/taxportal/TAXINVOICE/joblist")))).toBe("JobList")
    expect(idOf(Router.match(table, key("POST", "/cashbill/states")))).toBe("States")
    expect(idOf(Router.match(table, key("GET", "/Cashbill/BULK/abc/STATE")))).toBe("Bulk")
    expect(idOf(Router.match(table, key("POST", "/TaxPortal/Taxinvoice/trustee")))).toBe("RequestJob")
    expect(idOf(Router.match(table, key("POST", "/TaxPortal/Taxinvoice/OTHER")))).toBe("NotFound")
  })

  it("falls back to a parameter when the literal path answers nothing for the request", () => {
    expect(idOf(Router.match(table, key("POST", "/Cashbill/States", { override: "DELETE" })))).toBe("Delete")
    expect(paramsOf(Router.match(table, key("POST", "/Cashbill/States", { override: "DELETE" })))).toEqual({ key: "States" })
    expect(paramsOf(Router.match(table, key("GET", "/Cashbill/MiXeD-Key_1")))).toEqual({ key: "MiXeD-Key_1" })
  })

  it("decodes parameters, ignores trailing slashes, tells unknown paths from unsupported methods", () => {
    expect(paramsOf(Router.match(table, key("GET", "/Cashbill/%ED%95%9C%EA%B8%80/")))).toEqual({ key: "한글" })
    expect(idOf(Router.match(table, key("GET", "/Cashbill/a/b/c")))).toBe("NotFound")
    expect(idOf(Router.match(table, key("DELETE", "/Cashbill/K1")))).toBe("Unsupported")
  })
})

describe("Router.compile", () => {
  it("refuses two declarations that could match the same request", () => {
    expect(() => Router.compile([route("A", "GET", "/Doc/{key}"), route("B", "GET", "/Doc/{id}")])).toThrow(Router.RouteConflict)
    expect(() =>
      Router.compile([
        route("A", "GET", "/Doc/{key}", { query: [Operation.fixed("TG", "VIEW")] }),
        route("B", "GET", "/Doc/{key}", { query: [Operation.fixed("tg", "view")] })
      ])
    ).toThrow(/could match the same request/)
    expect(() =>
      Router.compile([route("A", "POST", "/Doc", { override: "ISSUE" }), route("B", "POST", "/Doc", { override: "issue" })])
    ).toThrow(Router.RouteConflict)
  })

  it("refuses parameter shapes of the same rank that overlap, and a name used as flag and value", () => {
    expect(() =>
      Router.compile([
        route("A", "GET", "/Doc/{id}", { shapes: { id: Operation.length(4) } }),
        route("B", "GET", "/Doc/{type}/X", { shapes: { type: Operation.length(4) } }),
        route("C", "GET", "/Doc/{kind}", { shapes: { kind: Operation.oneOf("SELL", "BUY") } }),
        route("D", "GET", "/Doc/{other}", { shapes: { other: Operation.oneOf("BUY", "TRUSTEE") } })
      ])
    ).toThrow(/overlaps/)
    expect(() =>
      Router.compile([
        route("A", "GET", "/Doc/{key}", { query: [Operation.flag("TG")] }),
        route("B", "GET", "/Doc/{key}", { query: [Operation.fixed("TG", "VIEW")] })
      ])
    ).toThrow(/flag for one operation and a value/)
  })

  it("accepts distinct selectors, shapes and methods on one path", () => {
    const compiled = Router.compile([
      route("A", "GET", "/Doc/{key}"),
      route("B", "POST", "/Doc/{key}"),
      route("C", "GET", "/Doc/{key}", { query: [Operation.flag("Detail")] }),
      route("D", "GET", "/Doc/{id}", { shapes: { id: Operation.length(18) } })
    ])
    expect(compiled.routes).toHaveLength(4)
    expect(idOf(Router.match(compiled, key("GET", "/Doc/123456789012345678")))).toBe("D")
    expect(idOf(Router.match(compiled, key("GET", "/Doc/12345")))).toBe("A")
  })
})
