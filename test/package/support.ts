/** Running programs (npm, node, tsc) for the packaging tests: awaited by their exit, never by time. */
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { childEnv } from "../support/env.js"

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..")

export interface Ran {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/**
 * Runs `command args` in `cwd` and collects its output. The child's environment is
 * `test/support/env.ts`'s, without what an enclosing `npm test` sets (`npm_config_local_prefix`
 * would point npm at this repository), so it runs as a user's shell runs it.
 */
export const run = (command: string, args: ReadonlyArray<string>, cwd: string, env: NodeJS.ProcessEnv = childEnv()): Promise<Ran> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    child.on("error", reject)
    child.on("close", (code) => resolve({ code, stdout, stderr }))
  })

/** Like `run`, but a non-zero exit is an error carrying the output. */
export const runOk = async (command: string, args: ReadonlyArray<string>, cwd: string, env?: NodeJS.ProcessEnv): Promise<Ran> => {
  const ran = await run(command, args, cwd, env)
  if (ran.code !== 0) throw new Error(`${command} ${args.join(" ")} exited ${ran.code}\n${ran.stdout}\n${ran.stderr}`)
  return ran
}

/** The version of a package installed in this repository (the version the suite tested). */
export const installedVersion = (name: string): string =>
  (JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules", name, "package.json"), "utf8")) as { version: string }).version

/** package.json of this repository. */
export const manifest = (): {
  readonly name: string
  readonly version: string
  readonly exports: Record<string, unknown>
  readonly peerDependencies: Record<string, string>
  readonly dependencies?: Record<string, string>
  readonly devDependencies: Record<string, string>
  readonly scripts: Record<string, string>
  readonly [key: string]: unknown
} => JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"))

/** What `npm pack --json` says of a tarball. */
export interface Packed {
  readonly filename: string
  readonly files: ReadonlyArray<{ readonly path: string }>
}

/** What the pack runs besides the files it packs: its scripts and the build settings they check dist/ against. */
const PACK_TOOLING = ["scripts/pack.ts", "scripts/dist.ts", "scripts/cli-bundle.ts", "tsconfig.json", "tsconfig.build.json"]

/**
 * `npm pack` as a user runs it, its `prepack` and `postpack` included, into `destination` — of a
 * copy of this repository (the files npm packs, package.json, the tooling the pack runs, each with
 * its time; node_modules linked), so that the repository's package.json is never rewritten while
 * other tests read it. Answers what npm packed and the copy's package.json after the pack, which
 * `postpack` put back.
 */
export const packCopy = async (destination: string): Promise<{ readonly packed: Packed; readonly manifestAfter: string }> => {
  const listed = (JSON.parse((await runOk("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], ROOT)).stdout) as ReadonlyArray<Packed>)[0]!
  const copy = fs.mkdtempSync(path.join(path.dirname(destination), "taxdoc-pack-copy-"))
  try {
    for (const file of [...listed.files.map((f) => f.path), ...PACK_TOOLING]) {
      fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true })
      fs.cpSync(path.join(ROOT, file), path.join(copy, file), { preserveTimestamps: true })
    }
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"), "dir")
    const ran = await runOk("npm", ["pack", "--json", "--pack-destination", destination], copy)
    return { packed: (JSON.parse(ran.stdout) as ReadonlyArray<Packed>)[0]!, manifestAfter: fs.readFileSync(path.join(copy, "package.json"), "utf8") }
  } finally {
    fs.rmSync(copy, { recursive: true, force: true })
  }
}
