/**
 * The command in a terminal and in a pipe. The terminal is a real pseudo-terminal (util-linux
 * `script`), sized with `stty cols`; the command is the compiled one (bin/taxdoc.js).
 */
import { describe, expect, it } from "@effect/vitest"
import { spawn } from "node:child_process"
import * as path from "node:path"
import * as Help from "../../src/cli/help.js"
import * as Progress from "../../src/cli/progress.js"
import * as Terminal from "../../src/cli/terminal.js"
import { childEnv } from "../support/env.js"
import { ROOT } from "./support.js"

const BIN = path.join(ROOT, "bin/taxdoc.js")
const REDRAW = "\r\x1b[K"
const SGR = /\x1b\[[0-9;]*m/

interface Session {
  readonly code: number | null
  /** Everything the terminal received, stdout and stderr together. */
  readonly output: string
}

const quote = (arg: string) => `'${arg.replaceAll("'", "'\\''")}'`

/** Runs the command in a pseudo-terminal `columns` wide; answers what the terminal received. */
const inTerminal = (columns: number, args: ReadonlyArray<string>, env: Record<string, string> = {}): Promise<Session> =>
  new Promise((resolve, reject) => {
    const command = `stty cols ${columns} rows 50; exec ${[process.execPath, BIN, ...args].map(quote).join(" ")}`
    // -q: no banner, -f: flush as it comes, -e: the command's exit code, log to /dev/null.
    const child = spawn("script", ["-qfec", command, "/dev/null"], {
      cwd: ROOT,
      env: childEnv({ TERM: "xterm-256color", ...env }),
      stdio: ["ignore", "pipe", "pipe"]
    })
    let output = ""
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk))
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk))
    child.on("error", reject)
    // The terminal turns "\n" into "\r\n"; put it back.
    child.on("close", (code) => resolve({ code, output: output.replaceAll("\r\n", "\n") }))
  })

/** Runs the command with stdout and stderr piped. */
const inPipe = (args: ReadonlyArray<string>, env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: childEnv({ TERM: "xterm-256color", ...env }), stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    child.on("error", reject)
    child.on("close", (code) => resolve({ code, stdout, stderr }))
  })

const widest = (text: string): number => Math.max(...text.split("\n").map(Terminal.displayWidth))

describe("the demo's progress bar in a terminal", () => {
  for (const columns of [80, 120]) {
    it(`at ${columns} columns: redrawn in place on one line, never wider than the terminal`, { timeout: 120_000 }, async () => {
      const session = await inTerminal(columns, ["demo"])
      expect(session.code).toBe(0)
      const lines = session.output.split("\n")
      // The bar's line: every update is a redraw of it (\r, clear line), none starts a new line.
      const barLines = lines.filter((line) => line.includes("issuing 250 receipts ["))
      expect(barLines).toHaveLength(1)
      const draws = barLines[0]!.split(REDRAW).filter((draw) => draw !== "")
      expect(draws.length).toBeGreaterThanOrEqual(3)
      // The last draw is the summary that replaces the bar.
      expect(draws.at(-1)).toMatch(/^issuing 250 receipts: 250 of 250 issued in 3 submissions$/)
      for (const draw of draws) expect(Terminal.displayWidth(draw)).toBeLessThan(columns)
      expect(draws.some((draw) => draw.includes("250/250 100%"))).toBe(true)
      // No other line overflows the terminal either.
      expect(lines.filter((line) => !line.includes(REDRAW) && Terminal.displayWidth(line) > columns)).toEqual([])
    })
  }

  it("help in a terminal is coloured and wrapped to its width; NO_COLOR takes the colours away", { timeout: 60_000 }, async () => {
    const coloured = await inTerminal(80, ["--help"])
    expect(coloured.code).toBe(0)
    expect(coloured.output).toMatch(SGR)
    expect(widest(coloured.output)).toBeLessThanOrEqual(80)
    const plain = await inTerminal(100, ["--help"], { NO_COLOR: "1" })
    expect(plain.code).toBe(0)
    expect(plain.output).not.toMatch(SGR)
    expect(plain.output).toMatch(/^ {2}cashbill {2,}Cash receipts/m)
    expect(widest(plain.output)).toBeLessThanOrEqual(100)
  })
})

describe("through a pipe", () => {
  it("the demo writes no escape codes: plain progress lines on stderr", { timeout: 120_000 }, async () => {
    const run = await inPipe(["demo"])
    expect(run.code).toBe(0)
    expect(run.stdout + run.stderr).not.toContain("\x1b")
    expect(run.stderr).not.toContain("\r")
    expect(run.stderr).toContain("issuing 250 receipts: 250/250 (100%)")
    expect(run.stdout).toMatch(/All \d+ steps behaved as the spec says\./)
  })

  it("help has no escape codes and is wrapped to 80 columns, or to COLUMNS", { timeout: 60_000 }, async () => {
    const run = await inPipe(["cashbill", "bulk", "--help"])
    expect(run.code).toBe(0)
    expect(run.stdout).not.toContain("\x1b")
    expect(widest(run.stdout)).toBeLessThanOrEqual(80)
    const narrow = await inPipe(["--help"], { COLUMNS: "60" })
    expect(widest(narrow.stdout)).toBeLessThanOrEqual(60)
  })

  it("a usage error is plain text without --json, and one JSON document on stderr with it", { timeout: 60_000 }, async () => {
    const text = await inPipe(["cashbill", "info", "--sandbox"])
    expect(text.code).toBe(2)
    expect(text.stderr).not.toContain("\x1b")
    expect(text.stderr).toBe("error: Missing required flag: --corp-num\nhint: see taxdoc cashbill info --help\n")
    const json = await inPipe(["cashbill", "info", "--sandbox", "--json"])
    expect(json.code).toBe(2)
    expect(json.stdout).toBe("")
    expect(JSON.parse(json.stderr)).toMatchObject({ error: { type: "UsageError", exitCode: 2 } })
  })

  it("npm run --silent demo:json prints the JSON report and nothing else", { timeout: 120_000 }, async () => {
    const run = await new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
      const child = spawn("npm", ["run", "--silent", "demo:json"], { cwd: ROOT, env: childEnv(), stdio: ["ignore", "pipe", "ignore"] })
      let stdout = ""
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk))
      child.on("error", reject)
      child.on("close", (code) => resolve({ code, stdout }))
    })
    expect(run.code).toBe(0)
    const report = JSON.parse(run.stdout) as { readonly ok: boolean; readonly passed: number; readonly failed: number; readonly steps: ReadonlyArray<unknown> }
    expect(report).toMatchObject({ ok: true, failed: 0 })
    expect(report.passed).toBe(report.steps.length)
  })
})

describe("fitting text to a stream", () => {
  it("colours follow the terminal, NO_COLOR, FORCE_COLOR and TERM=dumb; the width follows the terminal or COLUMNS", () => {
    const tty = { isTTY: true, columns: 132 }
    const pipe = { isTTY: false }
    expect(Terminal.describe(tty, {})).toEqual({ color: true, interactive: true, columns: 132 })
    expect(Terminal.describe(tty, { NO_COLOR: "1" })).toEqual({ color: false, interactive: true, columns: 132 })
    expect(Terminal.describe(tty, { NO_COLOR: "" })).toMatchObject({ color: true })
    expect(Terminal.describe(tty, { TERM: "dumb" })).toEqual({ color: false, interactive: false, columns: 80 })
    expect(Terminal.describe(pipe, {})).toEqual({ color: false, interactive: false, columns: 80 })
    expect(Terminal.describe(pipe, { COLUMNS: "100" })).toMatchObject({ columns: 100 })
    expect(Terminal.describe(pipe, { FORCE_COLOR: "1" })).toMatchObject({ color: true, interactive: false })
    expect(Terminal.describe(tty, { FORCE_COLOR: "0" })).toMatchObject({ color: false })
    expect(Terminal.describe(tty, { FORCE_COLOR: "1", NO_COLOR: "1" })).toMatchObject({ color: false })
  })

  it("wraps prose with its indentation, keeps bracketed groups and an example whole, stacks a two-column list", () => {
    const wrapped = Terminal.wrap([
      "$ bulk [--sandbox] [--sandbox-url URL] [--secret BASE64] [--link-id LINKID] --corp-num NUMBER",
      "  Run against a running sandbox (taxdoc sandbox serve). Example: --sandbox-url http://127.0.0.1:8787",
      "  - demo [--json]             A guided tour against an in-process sandbox: sign-up, tokens and more"
    ].join("\n"), 60)
    expect(wrapped.split("\n")).toEqual([
      "$ bulk [--sandbox] [--sandbox-url URL] [--secret BASE64]",
      "  [--link-id LINKID] --corp-num NUMBER",
      "  Run against a running sandbox (taxdoc sandbox serve).",
      "  Example: --sandbox-url http://127.0.0.1:8787",
      "  - demo [--json]",
      "      A guided tour against an in-process sandbox: sign-up,",
      "      tokens and more"
    ])
    expect(Terminal.wrap("short\n  - a  b", 60)).toBe("short\n  - a  b")
  })

  it("cuts a line to a width in columns, Hangul counting two, escape codes none", () => {
    expect(Terminal.truncate("issuing 커피 receipts", 12)).toBe("issuing 커…")
    expect(Terminal.displayWidth(Terminal.truncate("issuing 커피 receipts", 12))).toBeLessThanOrEqual(12)
    expect(Terminal.truncate("\x1b[1mbold text\x1b[0m and more", 8)).toBe("\x1b[1mbold te…")
    expect(Terminal.truncate("fits", 8)).toBe("fits")
  })

  it("the progress line fits any width, its bar narrowing on narrow terminals", () => {
    const detail = "submitted 250 in 3 submissions, 7 polls, issued 120, refused 0"
    for (const columns of [40, 60, 80, 100, 120, 200]) {
      const text = Progress.line("issuing 250 receipts", 120, 250, detail, columns)
      expect(Terminal.displayWidth(text)).toBeLessThan(columns)
      expect(text.startsWith("issuing 250 receipts [")).toBe(true)
    }
    const barWidth = (columns: number) => /\[([█░]+)\]/.exec(Progress.line("issuing", 125, 250, detail, columns))![1]!.length
    expect(barWidth(200)).toBe(28)
    expect(barWidth(60)).toBeLessThan(28)
    expect(barWidth(40)).toBe(10)
    expect(Progress.line("issuing", 120, 250, detail, 200)).toBe(`issuing ${Progress.bar(120, 250)} ${detail}`)
  })

  it("a help page is fitted to the stream: descriptions wrapped in their column, a wide entry's description under it, colours only where taken", () => {
    const page: Help.Page = {
      path: ["taxdoc", "cashbill", "info"],
      description: "Show a receipt's status: 300 issued, 304 filed to the tax authority, 305 filing failed (GetInfo)",
      usage: "taxdoc cashbill info [flags] <mgtKey>",
      args: [{ name: "mgtKey", description: "The document ID of the receipt. Example: DOC-20260101-0001" }],
      flags: [
        { name: "--corp-num NUMBER", description: "(required) The member's business registration number, 10 digits without hyphens. Example: --corp-num 1234567891" },
        { name: "--completions <bash|zsh|fish|powershell|sh|pwsh>", description: "Print a completion script" },
        { name: "--json", description: "" }
      ],
      globalFlags: [{ name: "--help, -h", description: "Show help information" }, { name: "--log-level <all|none>", description: "Sets the minimum log level" }],
      subcommands: [],
      examples: [{ command: "taxdoc cashbill info --corp-num 1234567891 DOC-0001", description: "One receipt" }]
    }
    const plain = Help.render(page, { color: false, interactive: false, columns: 72 })
    expect(plain).not.toMatch(SGR)
    expect(widest(plain)).toBeLessThanOrEqual(72)
    const lines = plain.split("\n")
    // The description column starts at the same place on every continuation line.
    const at = lines.findIndex((line) => line.startsWith("  --corp-num NUMBER"))
    const column = lines[at]!.indexOf("(required)")
    expect(lines[at + 1]!.slice(0, column).trim()).toBe("")
    expect(lines[at + 1]!.length).toBeGreaterThan(column)
    // An entry wider than the column: its description on the next line, in the column.
    const wide = lines.findIndex((line) => line.trim() === "--completions <bash|zsh|fish|powershell|sh|pwsh>")
    expect(lines[wide + 1]!.trim()).toBe("Print a completion script")
    expect(lines[wide + 1]!.indexOf("Print")).toBe(column)
    // The example line is kept whole where it fits.
    expect(plain).toContain("Example: --corp-num 1234567891")
    expect(plain).toContain("$ taxdoc cashbill info --corp-num 1234567891 DOC-0001")
    // A command's page names the global flags; the program's own page describes them.
    expect(plain).toContain("--help, --log-level: see taxdoc --help")
    expect(Help.render({ ...page, path: ["taxdoc"] }, { color: false, interactive: false, columns: 72 })).toContain("Sets the minimum log level")
    const coloured = Help.render(page, { color: true, interactive: true, columns: 72 })
    expect(coloured).toMatch(SGR)
    expect(Terminal.stripEscapes(coloured)).toBe(plain)
  })
})
