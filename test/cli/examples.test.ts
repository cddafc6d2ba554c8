/**
 * Every example of every `--help` runs as it is printed (the pages `taxdoc <command> --help` answers
 * from, dist/cli/bundle/pages.json, which test/package/bundle.test.ts keeps equal to the live help):
 * the operation commands on the fresh in-process sandbox they name (`--sandbox`, and its samples),
 * run by a shell from a directory where `examples/` and `test/` are the repository's; the sandbox's
 * admin commands, in their order, against a sandbox just served as `sandbox serve`'s example serves
 * one (on a free port), `restore` given the ID `snapshot` printed; the fleet's runner with a journal
 * on the suite's PostgreSQL. And every input file the documentation and the help name is in
 * examples/cli/, the documentation showing each as it is.
 */
import { afterAll, describe, expect, it } from "@effect/vitest"
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import type { Page } from "../../src/cli/help.js"
import { run } from "../package/support.js"
import { childEnv } from "../support/env.js"
import { freshDatabase } from "../support/postgres.js"
import { ROOT, start } from "./support.js"

const BIN = path.join(ROOT, "bin/taxdoc.js")
const PORT = "8787"
const pages = (JSON.parse(fs.readFileSync(path.join(ROOT, "dist/cli/bundle/pages.json"), "utf8")) as { help: Record<string, Page> }).help
const examples = Object.entries(pages).flatMap(([key, page]) => page.examples.map((example) => ({ key, command: example.command })))

// Where the examples run: a directory of their own, the repository's examples/ and test/ in it.
const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "taxdoc-examples-"))
fs.symlinkSync(path.join(ROOT, "examples"), path.join(cwd, "examples"))
fs.symlinkSync(path.join(ROOT, "test"), path.join(cwd, "test"))
afterAll(() => fs.rmSync(cwd, { recursive: true, force: true }))

/** An example as a shell runs it, `taxdoc` being this repository's command. */
const shell = (command: string, env: Record<string, string> = {}) =>
  run("sh", ["-c", `taxdoc() { "$RUN_NODE" "$RUN_BIN" "$@"; }\n${command}`], cwd, childEnv({ RUN_NODE: process.execPath, RUN_BIN: BIN, ...env }))

const served = (key: string) => key.startsWith("sandbox ")
const isServe = (key: string) => key === "sandbox serve"

/** Runs `tasks` two at a time (the machine's cores), answering their results in order. */
const twoAtATime = async <A>(tasks: ReadonlyArray<() => Promise<A>>): Promise<Array<A>> => {
  const results: Array<A> = []
  let next = 0
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++
      results[i] = await tasks[i]!()
    }
  }
  await Promise.all([worker(), worker()])
  return results
}

describe("the examples of every --help", () => {
  it("every command has its examples, the program's include one against a fresh --sandbox", () => {
    expect(examples.length).toBeGreaterThan(60)
    expect(pages[""]!.examples.map((e) => e.command)).toContain("taxdoc cashbill info --sandbox --corp-num 1234567891 DOC-0001")
    const leaves = Object.entries(pages).filter(([, page]) => page.subcommands.length === 0).map(([key]) => key)
    expect(leaves.filter((key) => pages[key]!.examples.length === 0)).toEqual([])
  })

  it("each operation command's example runs on a fresh in-process sandbox, as printed", { timeout: 600_000 }, async () => {
    const local = examples.filter((e) => !served(e.key) && e.key !== "runner")
    expect(local.filter((e) => e.key !== "" && e.key !== "demo" && !e.command.includes("--help") && !e.key.startsWith("cassettes check"))
      .filter((e) => !e.command.includes(" --sandbox"))).toEqual([])
    const ran = await twoAtATime(local.map((e) => async () => ({ command: e.command, ...(await shell(e.command)) })))
    expect(ran.filter((r) => r.code !== 0).map((r) => `${r.command}\n${r.stdout}${r.stderr}`)).toEqual([])
  })

  it("the sandbox's commands run, in their order, against a sandbox served as serve's example serves one", { timeout: 120_000 }, async () => {
    const [serve, ...admin] = examples.filter((e) => served(e.key)).sort((a, b) => Number(isServe(b.key)) - Number(isServe(a.key)))
    expect(serve!.command).toBe(`taxdoc sandbox serve --port ${PORT} --member 1234567891`)
    const sandbox = start(serve!.command.replace(/^taxdoc /, "").replace(PORT, "0").split(" "))
    try {
      const port = (await sandbox.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)/))[1]!
      let snapshot = ""
      for (const example of admin) {
        const ran = await shell(example.command.replaceAll(PORT, port).replace("<the ID snapshot printed>", snapshot))
        expect({ command: example.command, code: ran.code, stderr: ran.stderr }).toEqual({ command: example.command, code: 0, stderr: "" })
        snapshot = /^snapshot ([0-9a-f]{32})$/m.exec(ran.stdout)?.[1] ?? snapshot
      }
      expect(admin.map((e) => e.key)).toEqual(["sandbox reset", "sandbox clock", "sandbox stats", "sandbox snapshot", "sandbox restore"])
      expect(snapshot).not.toBe("")
    } finally {
      await sandbox.stop("SIGTERM")
    }
  })

  it("the runner's example runs with a journal on the suite's PostgreSQL, against a served sandbox, until stopped", { timeout: 120_000 }, async () => {
    const [example] = examples.filter((e) => e.key === "runner")
    const journal = /--journal (\S+)/.exec(example!.command)![1]!
    const sandbox = start(["sandbox", "serve", "--port", "0"])
    try {
      const secret = (await sandbox.waitFor(/partner TESTER secret (\S+)/))[1]!
      const port = (await sandbox.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)/))[1]!
      const args = example!.command.replace(/^taxdoc /, "").replace(journal, await freshDatabase("examples")).replaceAll(PORT, port).split(" ")
      const runner = spawn(process.execPath, [BIN, ...args], { cwd, env: childEnv({ TAXDOC_SECRET_KEY: secret }), stdio: ["ignore", "pipe", "pipe"] })
      let printed = ""
      const listening = new Promise<void>((resolve, reject) => {
        const seen = (chunk: Buffer) => {
          printed += chunk.toString("utf8")
          if (/listening at/.test(printed)) resolve()
        }
        runner.stdout.on("data", seen)
        runner.stderr.on("data", seen)
        runner.once("exit", (code) => reject(new Error(`the runner exited (${code}) before listening:\n${printed}`)))
      })
      await listening
      const exited = new Promise<number | null>((resolve) => runner.once("exit", resolve))
      runner.kill("SIGTERM")
      expect(await exited).toBe(0)
    } finally {
      await sandbox.stop("SIGTERM")
    }
  })
})

describe("the input files the documentation and the help name", () => {
  const markdown = ["README.md", ...fs.readdirSync(path.join(ROOT, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)]
  const helpText = JSON.stringify(pages)

  it("every --file and --path named is in examples/cli/", () => {
    const named = new Set<string>()
    for (const text of [...markdown.map((file) => fs.readFileSync(path.join(ROOT, file), "utf8")), helpText]) {
      for (const [, name] of text.matchAll(/--(?:file|path)[ =]([\w./-]+\.(?:json|csv|pdf))/g)) named.add(name!)
    }
    expect([...named].length).toBeGreaterThan(10)
    const missing = [...named].filter((name) => !fs.existsSync(name.includes("/") ? path.join(ROOT, name) : path.join(ROOT, "examples/cli", name)))
    expect(missing).toEqual([])
  })

  it("docs/cli.md shows each input file as it is in examples/cli/", () => {
    const text = fs.readFileSync(path.join(ROOT, "docs/cli.md"), "utf8")
    const section = text.slice(text.indexOf("## Input files"), text.indexOf("## Start-up"))
    // Each block, and the file named at the start of the nearest paragraph before it.
    const shown = [...section.matchAll(/```(?:json|csv)\n([\s\S]*?)```/g)].map((block) => {
      const before = section.slice(0, block.index).split("\n").filter((line) => /^`[\w-]+\.(json|csv)`/.test(line)).at(-1)
      return [block[0], /^`([\w-]+\.(?:json|csv))`/.exec(before ?? "")?.[1], block[1]] as const
    })
    expect(shown.map((m) => m[1])).toEqual(["join.json", "corp.json", "contact.json", "contact-update.json", "receipt.json", "revoke.json", "ids.json", "receipts.csv", "estimate.json", "invoice.json"])
    for (const [, name, body] of shown) expect({ name, body }).toEqual({ name, body: fs.readFileSync(path.join(ROOT, "examples/cli", name!), "utf8") })
  })
})
