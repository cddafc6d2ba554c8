import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { json, type Route } from "../../src/sandbox/Route.js"
import * as Router from "../../src/sandbox/Router.js"

const route = (id: string, method: "GET" | "POST", path: string, extra: Partial<Route> = {}): Route => ({
  id,
  method,
  path,
  auth: "none",
  handle: () => Effect.succeed(json({})),
  ...extra
})

const table = Router.compile([
  route("Register", "POST", "/Taxinvoice"),
  route("Issue", "POST", "/Taxinvoice/:type/:key", { override: "ISSUE" }),
  route("Email", "POST", "/Taxinvoice/:type/:key", { override: "EMAIL" }),
  route("Assign", "POST", "/Taxinvoice/:itemKey/:type", { contentType: "form" }),
  route("GetInfo", "GET", "/Taxinvoice/:type/:key"),
  route("Detail", "GET", "/Taxinvoice/:type/:key", { queryFlag: "Detail" }),
  route("States", "POST", "/Cashbill/States"),
  route("Delete", "POST", "/Cashbill/:key", { override: "DELETE" }),
  route("Bulk", "GET", "/Cashbill/Bulk/:id/State"),
  route("CashbillInfo", "GET", "/Cashbill/:key")
])

const key = (method: string, path: string, extra: Partial<Router.RoutingKey> = {}): Router.RoutingKey => ({
  method,
  path,
  override: undefined,
  query: new URLSearchParams(),
  contentType: undefined,
  ...extra
})

const idOf = (match: Router.RouteMatch) => (match._tag === "Matched" ? match.route.id : match._tag)

describe("Router.match", () => {
  it("selects by override, content type and query flag", () => {
    expect(idOf(Router.match(table, key("POST", "/Taxinvoice/SELL/K1", { override: "issue" })))).toBe("Issue")
    expect(idOf(Router.match(table, key("POST", "/Taxinvoice/SELL/K1", { override: "EMAIL" })))).toBe("Email")
    expect(idOf(Router.match(table, key("POST", "/Taxinvoice/ITEM/SELL", { contentType: "application/x-www-form-urlencoded; charset=utf-8" })))).toBe("Assign")
    expect(idOf(Router.match(table, key("POST", "/Taxinvoice/SELL/K1")))).toBe("Unsupported")
    expect(idOf(Router.match(table, key("GET", "/Taxinvoice/SELL/K1")))).toBe("GetInfo")
    expect(idOf(Router.match(table, key("GET", "/Taxinvoice/SELL/K1", { query: new URLSearchParams("Detail") })))).toBe("Detail")
    expect(idOf(Router.match(table, key("GET", "/Taxinvoice/SELL/K1", { query: new URLSearchParams("detail") })))).toBe("Detail")
  })

  it("prefers literal segments to parameters, in any case", () => {
    expect(idOf(Router.match(table, key("POST", "/cashbill/states")))).toBe("States")
    expect(idOf(Router.match(table, key("POST", "/Cashbill/States", { override: "DELETE" })))).toBe("Delete")
    expect(idOf(Router.match(table, key("GET", "/Cashbill/BULK/abc/STATE")))).toBe("Bulk")
    const info = Router.match(table, key("GET", "/Cashbill/MiXeD-Key_1"))
    expect(info._tag === "Matched" && info.params).toEqual({ key: "MiXeD-Key_1" })
  })

  it("decodes parameters, ignores trailing slashes, tells unknown paths from unsupported methods", () => {
    const decoded = Router.match(table, key("GET", "/Cashbill/%ED%95%9C%EA%B8%80/"))
    expect(decoded._tag === "Matched" && decoded.params).toEqual({ key: "한글" })
    expect(idOf(Router.match(table, key("GET", "/Cashbill/a/b/c")))).toBe("NotFound")
    expect(idOf(Router.match(table, key("DELETE", "/Cashbill/K1")))).toBe("Unsupported")
  })
})
