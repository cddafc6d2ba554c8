import { describe, expect, it } from "@effect/vitest"
import * as path from "node:path"
import { ROOT, taxdoc } from "./support.js"

describe("help", () => {
  it("taxdoc --help (through bin/taxdoc.js) lists every command group with its description", { timeout: 60_000 }, async () => {
    const run = await taxdoc(["--help"], { entry: path.join(ROOT, "bin/taxdoc.js") })
    expect(run.code).toBe(0)
    for (const command of ["demo", "sandbox serve", "sandbox reset", "sandbox clock", "member join", "cashbill bulk", "company-status", "cassettes check"]) {
      expect(run.stdout).toContain(`- ${command}`)
    }
    expect(run.stdout).toContain("A guided tour against an in-process sandbox")
  })

  it("a subcommand's help lists its options, each with an example", { timeout: 60_000 }, async () => {
    const run = await taxdoc(["cashbill", "bulk", "--help"])
    expect(run.code).toBe(0)
    for (const option of ["--sandbox", "--sandbox-url URL", "--secret BASE64", "--corp-num NUMBER", "--user-id ID", "--interval DURATION", "--deadline DURATION", "--json", "(-f, --file PATH)", "--durable", "--journal URL", "--execution-id ID", "--lease DURATION"]) {
      expect(run.stdout).toContain(option)
    }
    // Each option's block: its header line, then indented paragraphs up to the next header.
    const options = run.stdout.slice(run.stdout.indexOf("OPTIONS")).split(/\n(?=--|\(-)/).slice(1)
    const builtIn = /^(--completions|--log-level|\(-h, --help\)|--wizard|--version)/
    const ours = options.filter((block) => !builtIn.test(block))
    expect(ours.length).toBe(14)
    expect(ours.filter((block) => !block.includes("Example: "))).toEqual([])
  })
})
