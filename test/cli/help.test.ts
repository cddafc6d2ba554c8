import { describe, expect, it } from "@effect/vitest"
import { taxdoc } from "./support.js"

/** The blocks of a help section: each entry's first line and the lines under it, up to the next entry. */
const section = (help: string, title: string): Array<string> => {
  const start = help.indexOf(`\n${title}\n`)
  if (start < 0) return []
  const body = help.slice(start + title.length + 2).split("\n\n")[0]!
  return body.split(/\n(?= {2}\S)/)
}

describe("help", () => {
  it("taxdoc --help (through bin/taxdoc.js) lists every command group with its description", { timeout: 60_000 }, async () => {
    const run = await taxdoc(["--help"])
    expect(run.code).toBe(0)
    const commands = section(run.stdout, "COMMANDS").map((block) => block.trim().split(/\s+/)[0])
    expect(commands).toEqual(["demo", "sandbox", "member", "cashbill", "statement", "taxinvoice", "certificate", "company-status", "collect", "cassettes", "runner"])
    expect(run.stdout).toContain("A guided tour against an in-process sandbox")
    // A group's page lists its commands.
    const sandbox = await taxdoc(["sandbox", "--help"])
    expect(section(sandbox.stdout, "COMMANDS").map((block) => block.trim().split(/\s+/)[0])).toEqual(["serve", "reset", "clock", "stats", "snapshot", "restore"])
  })

  it("a subcommand's help names the full command, lists its flags each with an example, and shows one", { timeout: 60_000 }, async () => {
    const run = await taxdoc(["cashbill", "bulk", "--help"])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain("$ taxdoc cashbill bulk [flags]")
    const flags = section(run.stdout, "FLAGS")
    const names = flags.map((block) => block.trim().split(/ {2,}|\n/)[0])
    expect(names).toEqual([
      "--sandbox",
      "--sandbox-url URL",
      "--secret BASE64",
      "--link-id LINKID",
      "--corp-num NUMBER",
      "--user-id ID",
      "--json",
      "--interval DURATION",
      "--deadline DURATION",
      "--durable",
      "--journal URL",
      "--execution-id ID",
      "--lease DURATION",
      "--file, -f PATH"
    ])
    expect(flags.filter((block) => !block.includes("Example: "))).toEqual([])
    // Required flags say so; defaults are in the descriptions.
    const flag = (name: string) => flags.find((block) => block.trim().startsWith(name))
    expect(flag("--corp-num")).toContain("(required)")
    expect(flag("--user-id")).not.toContain("(required)")
    expect(flag("--interval")?.replace(/\s+/g, " ")).toContain("then every 2 seconds; 50 millis with --sandbox")
    // An example wider than the stream goes on with a shell's line continuation: pasted, it runs as one command.
    expect(section(run.stdout, "EXAMPLES")[0]).toBe("  $ taxdoc cashbill bulk --sandbox --corp-num 1234567891 --file \\\n    examples/cli/receipts.csv")
  })

  it("serve's repeatable flags show as optional, its defaults in their descriptions; a malformed number is a usage error", { timeout: 60_000 }, async () => {
    const run = await taxdoc(["sandbox", "serve", "--help"])
    const flags = section(run.stdout, "FLAGS")
    const flag = (name: string) => flags.find((block) => block.trim().startsWith(name))?.replace(/\s+/g, " ")
    expect(flag("--partner")).not.toContain("(required)")
    expect(flag("--member [LINKID:]NUMBER")).not.toContain("(required)")
    expect(flag("--port")).toContain("(default 8787)")
    expect(flags.filter((block) => block.includes("(required)"))).toEqual([])
    for (const port of ["abc", "99999"]) {
      const bad = await taxdoc(["sandbox", "serve", "--port", port])
      expect(bad.code).toBe(2)
      expect(bad.stderr.split("\n").slice(0, 2)).toEqual([
        expect.stringMatching(new RegExp(`^error: Invalid value for flag --port: "${port}"\\. Expected`)),
        "hint: see taxdoc sandbox serve --help"
      ])
    }
  })

  it("--version prints the name and version", { timeout: 60_000 }, async () => {
    const run = await taxdoc(["--version"])
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^taxdoc \d+\.\d+\.\d+\n$/)
  })
})
