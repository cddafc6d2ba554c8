/**
 * On a Node older than taxdoc needs, every entry point of the package (as compiled, imported or
 * required) and the `taxdoc` command print the same lines — which Node it needs, which one this is,
 * how a clone gets one — and exit 1, before any dependency loads: never a dependency's stack.
 * An older Node is made by a preload that changes `process.versions.node`; and where the machine
 * has an older Node of its own on PATH (Node 20, beside the project's Node 24), with that one too.
 */
import { describe, expect, it } from "@effect/vitest"
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { pathToFileURL } from "node:url"
import * as NodeVersion from "../../src/core/NodeVersion.js"
import { manifest, ROOT, run } from "./support.js"

// Every entry point's compiled module, from the package's exports.
const ENTRIES = Object.entries(manifest().exports as Record<string, string | { readonly default: string }>)
  .filter(([key]) => key !== "./package.json")
  .map(([key, target]) => ({ key, file: path.join(ROOT, typeof target === "string" ? target : target.default) }))

const BIN = path.join(ROOT, "bin/taxdoc.js")

const pretend = (version: string): ReadonlyArray<string> => [
  "--import",
  `data:text/javascript,${encodeURIComponent(`Object.defineProperty(process.versions, "node", { value: ${JSON.stringify(version)} })`)}`
]

/** The Nodes on PATH older than taxdoc needs, outside this repository (the machine's own). */
const olderNodesOnPath = (): ReadonlyArray<string> =>
  [...new Set((process.env["PATH"] ?? "").split(path.delimiter))]
    .filter((dir) => dir !== "" && !path.resolve(dir).startsWith(ROOT))
    .map((dir) => path.join(dir, "node"))
    .filter((file) => fs.existsSync(file))
    .map((file) => fs.realpathSync(file))
    .filter((file, i, all) => all.indexOf(file) === i)
    .filter((file) => !NodeVersion.isSupported(execFileSync(file, ["-p", "process.versions.node"], { encoding: "utf8" }).trim()))

/** What each entry point, imported and required, and the command print under `node` with `flags`. */
const underOlderNode = (node: string, flags: ReadonlyArray<string>) =>
  Promise.all([
    ...ENTRIES.flatMap((entry) => [
      { what: `import ${entry.key}`, args: ["--input-type=module", "-e", `await import(${JSON.stringify(pathToFileURL(entry.file).href)})`] },
      { what: `require ${entry.key}`, args: ["-e", `require(${JSON.stringify(entry.file)})`] }
    ]),
    { what: "taxdoc --version", args: [BIN, "--version"] }
  ].map(async ({ what, args }) => ({ what, ...await run(node, [...flags, ...args], ROOT) })))

describe("an older Node", () => {
  it("isSupported: 22.19 and later", () => {
    expect(["22.19.0", "22.20.1", "23.0.0", "24.21.0", "25.1.0"].every(NodeVersion.isSupported)).toBe(true)
    expect(["22.18.9", "22.1.0", "20.20.2", "18.20.0"].some(NodeVersion.isSupported)).toBe(false)
  })

  it("every entry point and the command print which Node taxdoc needs and exit 1, nothing else", { timeout: 120_000 }, async () => {
    const expected = NodeVersion.message("22.18.0", process.execPath)
    expect(expected.split("\n")[0]).toBe(`taxdoc needs Node.js 22.19 or later; this is Node.js 22.18.0 (${process.execPath}).`)
    for (const ran of await underOlderNode(process.execPath, pretend("22.18.0"))) {
      expect({ what: ran.what, code: ran.code, stdout: ran.stdout, stderr: ran.stderr }).toEqual({ what: ran.what, code: 1, stdout: "", stderr: expected })
    }
  })

  it("the machine's own older Node, where it has one: the same lines, no dependency's stack", { timeout: 120_000 }, async () => {
    for (const node of olderNodesOnPath()) {
      const version = execFileSync(node, ["-p", "process.versions.node"], { encoding: "utf8" }).trim()
      for (const ran of await underOlderNode(node, [])) {
        expect({ what: ran.what, code: ran.code, stderr: ran.stderr }).toEqual({ what: ran.what, code: 1, stderr: NodeVersion.message(version, node) })
      }
    }
  })
})
