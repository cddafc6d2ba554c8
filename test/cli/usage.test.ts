/**
 * The command line parsed in this process (`main`, i.e. `Command.runWith` of the command tree, its
 * output caught by `TestConsole`): usage errors at any depth say what is wrong, give a hint naming
 * that level's commands or help, and exit 2 — as text, or as one JSON document on stderr with
 * `--json`; help and the version exit 0.
 */
import * as fs from "node:fs"
import { NodeServices } from "@effect/platform-node"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestConsole } from "effect/testing"
import { main } from "../../src/cli/main.js"
import * as Terminal from "../../src/cli/terminal.js"

interface Ran {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/** Runs `taxdoc …args` in this process; answers its exit code and what it printed. */
const taxdoc = (...args: ReadonlyArray<string>): Effect.Effect<Ran> =>
  Effect.gen(function*() {
    const code = yield* main(args)
    const text = (lines: ReadonlyArray<unknown>) => Terminal.stripEscapes(lines.map(String).join("\n"))
    return { code, stdout: text(yield* TestConsole.logLines), stderr: text(yield* TestConsole.errorLines) }
    // A console of its own for each run (layers are memoized across provides otherwise).
  }).pipe(Effect.provide([Layer.fresh(TestConsole.layer), NodeServices.layer]))

describe("usage errors", () => {
  it.effect("a missing flag: the flag named, the command's help pointed at, exit 2, nothing on stdout", () =>
    Effect.gen(function*() {
      const ran = yield* taxdoc("cashbill", "info", "--sandbox", "DOC-1")
      expect(ran).toEqual({ code: 2, stdout: "", stderr: "error: Missing required flag: --corp-num\nhint: see taxdoc cashbill info --help" })
    }))

  it.effect("an unknown command at any depth: the commands of that level", () =>
    Effect.gen(function*() {
      const top = yield* taxdoc("cashbil")
      expect(top.code).toBe(2)
      expect(top.stderr).toContain("error: Unknown subcommand \"cashbil\"")
      expect(top.stderr).toContain("cashbill")
      expect(top.stderr).toMatch(/hint: taxdoc takes one of: demo, sandbox, member, cashbill, .*runner \(see taxdoc --help\)$/)
      const deep = yield* taxdoc("collect", "dept-user", "logon")
      expect(deep.code).toBe(2)
      expect(deep.stderr).toContain("hint: taxdoc collect dept-user takes one of: register, check, login, delete (see taxdoc collect dept-user --help)")
    }))

  it.effect("a malformed or out-of-range number and a malformed duration are usage errors", () =>
    Effect.gen(function*() {
      const port = yield* taxdoc("sandbox", "serve", "--port", "99999")
      expect(port.code).toBe(2)
      expect(port.stderr).toContain("error: Invalid value for flag --port: \"99999\". Expected: a port from 0 to 65535")
      const letters = yield* taxdoc("sandbox", "serve", "--port", "abc")
      expect(letters.code).toBe(2)
      expect(letters.stderr).toContain("error: Invalid value for flag --port: \"abc\"")
      const duration = yield* taxdoc("cashbill", "bulk", "--corp-num", "1234567891", "--file", "x.csv", "--interval", "soon")
      expect(duration.code).toBe(2)
      expect(duration.stderr).toContain("error: Invalid value for flag --interval: \"soon\". Expected: a number and a unit, e.g. \"2 seconds\", \"90m\", \"1 day\"")
      const choice = yield* taxdoc("cashbill", "url", "--corp-num", "1234567891", "--menu", "HOME")
      expect(choice.code).toBe(2)
      expect(choice.stderr).toContain("--menu")
    }))

  it.effect("with --json: one JSON document on stderr, stdout empty", () =>
    Effect.gen(function*() {
      const ran = yield* taxdoc("cashbill", "info", "--sandbox", "--json")
      expect(ran.code).toBe(2)
      expect(ran.stdout).toBe("")
      expect(JSON.parse(ran.stderr)).toEqual({
        error: { type: "UsageError", message: "Missing required flag: --corp-num", hint: "see taxdoc cashbill info --help", exitCode: 2 }
      })
    }))
})

describe("help and version", () => {
  it.effect("a command group alone prints its help on stdout and exits 0", () =>
    Effect.gen(function*() {
      const ran = yield* taxdoc("cashbill")
      expect(ran.code).toBe(0)
      expect(ran.stderr).toBe("")
      expect(ran.stdout).toContain("$ taxdoc cashbill <subcommand> [flags]")
      expect(ran.stdout).toMatch(/^ {2}bulk {2,}Issue many receipts/m)
    }))

  it.effect("--help of a command, after other flags too, exits 0 without running it", () =>
    Effect.gen(function*() {
      const ran = yield* taxdoc("demo", "--json", "--help")
      expect(ran.code).toBe(0)
      expect(ran.stdout).toContain("$ taxdoc demo [flags]")
      expect(ran.stdout).toContain("--out-dir PATH")
    }))

  it.effect("--version and -v", () =>
    Effect.gen(function*() {
      // The version of the package's manifest.
      const { version } = JSON.parse(fs.readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }
      expect(yield* taxdoc("--version")).toEqual({ code: 0, stdout: `taxdoc ${version}`, stderr: "" })
      expect((yield* taxdoc("-v")).stdout).toBe(`taxdoc ${version}`)
    }))
})
