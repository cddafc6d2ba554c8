/**
 * The README's command blocks run as written: the first starts a sandbox on a socket (as a shell
 * would, through `npm run`), the second runs every command against it, with the input files it
 * links, as one `sh -e` script. Only the port is changed, to a free one.
 */
import { describe, expect, it } from "@effect/vitest"
import { type ChildProcess, spawn } from "node:child_process"
import * as fs from "node:fs"
import * as net from "node:net"
import * as path from "node:path"
import { childEnv } from "../support/env.js"
import { ROOT } from "./snippets.js"

const README_PORT = "8787"

/** The `sh` blocks of the README's section on the command, in order. */
const commandBlocks = (): ReadonlyArray<string> => {
  const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8")
  const section = readme.slice(readme.indexOf("## The `taxdoc` command"))
  const end = section.indexOf("\n## ", 1)
  return [...(end === -1 ? section : section.slice(0, end)).matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!)
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address() as net.AddressInfo
      server.close(() => resolve(address.port))
    })
  })

const sh = (script: string, options: { readonly detached?: boolean } = {}): ChildProcess =>
  spawn("sh", ["-e", "-c", script], { cwd: ROOT, env: childEnv(), stdio: ["ignore", "pipe", "pipe"], detached: options.detached ?? false })

const output = (child: ChildProcess) => {
  let text = ""
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (text += chunk))
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (text += chunk))
  return () => text
}

describe("the README's command blocks", () => {
  it("a sandbox served in one terminal, every command of the other against it, as written", { timeout: 180_000 }, async () => {
    const [serve, commands] = commandBlocks()
    expect(serve).toContain("sandbox serve --port 8787")
    expect(commands).toContain("--sandbox-url http://127.0.0.1:8787")
    const port = String(await freePort())
    const server = sh(serve!.replaceAll(README_PORT, port), { detached: true })
    const served = output(server)
    try {
      await new Promise<void>((resolve, reject) => {
        const check = () => (served().includes(`listening on http://127.0.0.1:${port}`) ? resolve() : undefined)
        server.stdout!.on("data", check)
        server.stderr!.on("data", check)
        server.once("exit", (code) => reject(new Error(`the sandbox exited (${code}) before listening:\n${served()}`)))
      })
      const run = sh(commands!.replaceAll(README_PORT, port))
      const printed = output(run)
      const code = await new Promise<number | null>((resolve) => run.once("close", resolve))
      expect(printed(), printed()).toContain("4 cassette(s) verified, the sandbox answers as recorded")
      expect(code).toBe(0)
      expect(printed()).toContain("2 receipts: 2 issued, 0 refused")
      expect(printed()).toMatch(/B-0001/)
    } finally {
      // The shell, npm and the sandbox are one process group.
      if (server.exitCode === null) process.kill(-server.pid!, "SIGTERM")
    }
  })
})
