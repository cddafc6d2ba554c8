/**
 * The public surface as the compiled declarations offer it (scripts/surface.ts, over dist/, which
 * the suite's global set-up rebuilt from today's sources): `taxdoc` at most 250 declarations, every
 * entry of package.json's `exports` together at most 500, and every export documented.
 */
import { describe, expect, it } from "@effect/vitest"
import { entries, type EntrySurface, report, surface } from "../../scripts/surface.js"
import { manifest } from "./support.js"

const TAXDOC_LIMIT = 250
const ALL_LIMIT = 500

let read: ReadonlyArray<EntrySurface> | undefined
// One program over every entry's declarations, read once for the file.
const surfaces = (): ReadonlyArray<EntrySurface> => (read ??= surface())
const count = (entry: string): number => surfaces().find((s) => s.entry === entry)?.declarations.length ?? 0

describe("the public surface", () => {
  it("is read for every entry of package.json's exports that has declarations", { timeout: 120_000 }, () => {
    const withTypes = Object.entries(manifest().exports).filter(([, target]) => typeof target === "object").map(([key]) => key)
    expect(entries().map((e) => e.entry)).toEqual(withTypes.map((key) => (key === "." ? "taxdoc" : `taxdoc/${key.slice(2)}`)))
    expect(surfaces().map((s) => s.entry)).toEqual(entries().map((e) => e.entry))
    for (const s of surfaces()) expect(s.declarations.length, s.entry).toBeGreaterThan(0)
  })

  it(`taxdoc offers at most ${TAXDOC_LIMIT} declarations`, { timeout: 120_000 }, () => {
    expect(count("taxdoc"), report(surfaces())).toBeLessThanOrEqual(TAXDOC_LIMIT)
  })

  it(`the entries together offer at most ${ALL_LIMIT} declarations`, { timeout: 120_000 }, () => {
    expect(surfaces().reduce((n, s) => n + s.declarations.length, 0), report(surfaces())).toBeLessThanOrEqual(ALL_LIMIT)
  })

  it("documents every export with a JSDoc comment", { timeout: 120_000 }, () => {
    expect(surfaces().flatMap((s) => s.undocumented.map((name) => `${s.entry}: ${name}`))).toEqual([])
  })

  it("counts a namespace by its members and a name once", { timeout: 120_000 }, () => {
    const taxdoc = surfaces().find((s) => s.entry === "taxdoc")!.declarations
    expect(taxdoc).toContain("Cashbill.Cashbill")
    expect(taxdoc).toContain("ApiError")
    expect(taxdoc).not.toContain("Cashbill")
    expect(new Set(taxdoc).size).toBe(taxdoc.length)
  })

  it("leaves the machinery behind the entries out of them", { timeout: 120_000 }, () => {
    const all = surfaces().flatMap((s) => s.declarations.map((name) => `${s.entry}: ${name}`))
    for (
      const internal of [
        "taxdoc: Config.serviceIdOf",
        "taxdoc: Config.isTableName",
        "taxdoc: Config.variableOf",
        "taxdoc: Config.configErrorOf",
        "taxdoc: Tokens.STORE_RETRY_MILLIS",
        "taxdoc: Tokens.scopeSet",
        "taxdoc: Cashbill.submitIdFor",
        "taxdoc/catalogue: Operation.DIGEST_HEADER",
        "taxdoc/catalogue: Schemas.isAnswerKey",
        "taxdoc/sandbox: Route.decodeBody",
        "taxdoc/sandbox: Route.decodeValue",
        "taxdoc/sandbox: Store.slot"
      ]
    ) expect(all).not.toContain(internal)
    expect(all.filter((name) => name.startsWith("taxdoc: ") && /Operations\./.test(name))).toEqual([])
  })
})
