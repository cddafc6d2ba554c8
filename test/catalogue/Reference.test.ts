import { readFileSync } from "node:fs"
import { describe, expect, it } from "@effect/vitest"
import * as Catalogue from "../../src/domains/Catalogue.js"
import { render } from "../../src/domains/Reference.js"

describe("docs/operations.md", () => {
  it("is the reference generated from the catalogue (run `npm run docs:operations` when this fails)", () => {
    const committed = readFileSync(new URL("../../docs/operations.md", import.meta.url), "utf8")
    expect(committed).toBe(render())
    for (const operation of Catalogue.operations) expect(committed).toContain(`| ${operation.name} |`)
  })
})
