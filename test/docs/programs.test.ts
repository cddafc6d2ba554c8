/**
 * The code blocks of README.md and docs/ run as they are written. A block that is a program (it
 * does something when run: a statement besides imports and declarations) is written to a file of its
 * own and run as a reader runs it, `npx tsx file.ts` — against a sandbox served on a socket where
 * it names one (`http://127.0.0.1:8787`, the port changed to a free one, `TAXDOC_SECRET_KEY` the
 * secret the sandbox printed) — and the README's, which a reader runs again, twice. A block of
 * declarations is loaded as a module: it must evaluate. The README's program that stands for an
 * example file is that file; its shell blocks of the plain-JavaScript example run as written, the
 * printed secret put in.
 */
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as path from "node:path"
import ts from "typescript"
import { type Running, start } from "../cli/support.js"
import { run } from "../package/support.js"
import { childEnv } from "../support/env.js"
import { allSnippets, ROOT, type Snippet } from "./snippets.js"

const PORT = "8787"
const dir = path.join(ROOT, "test/docs/.blocks")
fs.rmSync(dir, { recursive: true, force: true })
fs.mkdirSync(dir, { recursive: true })

/** Whether a block does something when run: a top-level statement besides imports and declarations. */
const isProgram = (code: string): boolean =>
  ts.createSourceFile("block.ts", code, ts.ScriptTarget.ES2022, false).statements.some((statement) =>
    !ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement) && !ts.isVariableStatement(statement) &&
    !ts.isFunctionDeclaration(statement) && !ts.isTypeAliasDeclaration(statement) && !ts.isInterfaceDeclaration(statement) &&
    !ts.isClassDeclaration(statement)
  )

const fileOf = (snippet: Snippet): string => path.join(dir, `${snippet.id.replace(/[^\w]+/g, "-")}.ts`)

const snippets = allSnippets().filter((s) => s.markdown !== "docs/testing.md") // run by testingGuide.test.ts
const programs = snippets.filter((s) => isProgram(s.code))
const declarations = snippets.filter((s) => !isProgram(s.code))
const servedPrograms = programs.filter((s) => s.code.includes(`http://127.0.0.1:${PORT}`))

let sandbox: Running
let secret = ""
let port = ""

beforeAll(async () => {
  sandbox = start(["sandbox", "serve", "--port", "0", "--member", "1234567891"])
  secret = (await sandbox.waitFor(/partner TESTER secret (\S+)/))[1]!
  port = (await sandbox.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)/))[1]!
}, 60_000)

afterAll(async () => {
  await sandbox.stop("SIGTERM")
  fs.rmSync(dir, { recursive: true, force: true })
})

/** Runs a block as a program, `npx tsx file.ts`, from the repository's root. */
const runBlock = (snippet: Snippet) => {
  const file = fileOf(snippet)
  const served = snippet.code.includes(`http://127.0.0.1:${PORT}`)
  fs.writeFileSync(file, `// ${snippet.id}\n${served ? snippet.code.replaceAll(`127.0.0.1:${PORT}`, `127.0.0.1:${port}`) : snippet.code}\n`)
  return run(process.execPath, ["--import", "tsx", file], ROOT, childEnv(served ? { TAXDOC_SECRET_KEY: secret } : {}))
}

const readme = () => fs.readFileSync(path.join(ROOT, "README.md"), "utf8")
const inReadme = (marker: string): Snippet => {
  const found = snippets.find((s) => s.markdown === "README.md" && s.code.includes(marker))
  if (found === undefined) throw new Error(`no README block with ${marker}`)
  return found
}

describe("the README's programs, run twice as a reader reruns them", () => {
  it("\"Issue a receipt\" is examples/issue-receipt.ts, and prints the receipt issued, state 300", { timeout: 120_000 }, async () => {
    const block = inReadme("Cashbill.Cashbill")
    const example = fs.readFileSync(path.join(ROOT, "examples/issue-receipt.ts"), "utf8")
    expect(`${block.code}\n`).toBe(example.slice(example.indexOf("import ")))
    for (const time of [1, 2]) {
      const ran = await runBlock(block)
      expect({ time, code: ran.code, printed: ran.stdout + ran.stderr }).toMatchObject({ time, code: 0, printed: expect.stringMatching(/issued \d{9} on \d{8}, state 300/) })
    }
  })

  it("the Promise client's block, against the served sandbox: the receipt, its state, the month's sales; nothing refused", { timeout: 120_000 }, async () => {
    const block = inReadme("createClient({")
    expect(servedPrograms).toContain(block)
    for (const time of [1, 2]) {
      const ran = await runBlock(block)
      expect({ time, code: ran.code, stderr: ran.stderr }).toEqual({ time, code: 0, stderr: "" })
      expect(ran.stdout.split("\n")[0]).toMatch(/^\d{9} 300$/)
    }
  })

  it("the plain-JavaScript example's shell blocks, as written: a sandbox served, the program run with the secret it printed", { timeout: 120_000 }, async () => {
    const text = readme()
    const section = text.slice(text.indexOf("A runnable program, plain JavaScript"), text.indexOf("For tests, `createSandboxClient"))
    const [serve, program] = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!)
    expect(serve).toContain(`sandbox serve --port ${PORT} --member 1234567891`)
    const served = start(serve!.replace(/^npm run --silent taxdoc -- /, "").split("#")[0]!.trim().split(/\s+/).map((arg) => (arg === PORT ? "0" : arg)))
    try {
      const printed = (await served.waitFor(/partner TESTER secret (\S+)/))[1]!
      const at = (await served.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)/))[1]!
      const script = program!.replace("<printed secret>", printed).replaceAll(`127.0.0.1:${PORT}`, `127.0.0.1:${at}`)
      for (const time of [1, 2]) {
        const ran = await run("sh", ["-e", "-c", script], ROOT)
        expect({ time, code: ran.code, stderr: ran.stderr }).toEqual({ time, code: 0, stderr: "" })
        expect(JSON.parse(ran.stdout)).toMatchObject({ stateCode: 300, notFound: { isNotFound: true }, invalid: ["identityNum"] })
      }
    } finally {
      await served.stop("SIGTERM")
    }
  })
})

describe("the other programs of README.md and docs/, run as written", () => {
  it("the README and docs hold the programs these tests run", () => {
    expect(programs.map((s) => s.markdown)).toEqual(expect.arrayContaining(["README.md", "docs/fleet.md", "docs/recordings.md"]))
  })

  for (const snippet of programs.filter((s) => s.markdown !== "README.md")) {
    it(`${snippet.id} runs to its end`, { timeout: 120_000 }, async () => {
      const ran = await runBlock(snippet)
      expect({ code: ran.code, stderr: ran.stderr.split("\n").filter((line) => /error|refused/i.test(line)) }).toEqual({ code: 0, stderr: [] })
    })
  }
})

describe("the declarations of README.md and docs/ load", () => {
  for (const snippet of declarations) {
    it(`${snippet.id} evaluates`, { timeout: 60_000 }, async () => {
      const file = fileOf(snippet)
      fs.writeFileSync(file, `// ${snippet.id}\n${snippet.code}\n`)
      await expect(import(file)).resolves.toBeDefined()
    })
  }
})

// The README's JavaScript blocks (a test of the Promise client in plain vitest) are imported while
// the tests are collected, so that their hooks and `it`s run as a suite of this file.
describe("the README's JavaScript blocks", async () => {
  for (const [i, block] of [...readme().matchAll(/```js\n([\s\S]*?)```/g)].entries()) {
    const file = path.join(dir, `README-js-${i}.mjs`)
    fs.writeFileSync(file, block[1]!)
    await import(file)
  }
})
