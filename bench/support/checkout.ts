/**
 * An earlier revision of this repository beside this checkout, for a benchmark measuring it side by
 * side with this one: a git worktree of that revision with its own `npm ci` (its own dependencies,
 * whatever Effect its lockfile holds, in its own node_modules), its library built and its benchmark
 * programs compiled when asked. The worktree and its install are kept under the system's temporary
 * directory, keyed by the revision (`taxdoc-bench-<commit>/checkout`), and reused by later runs: a
 * revision's files never change. Everything runs on this process's Node (`process.execPath`).
 *
 * @since 0.1.0
 */
import { execFileSync, spawn } from "node:child_process"
import { createHash } from "node:crypto"
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { delimiter, dirname, join } from "node:path"
import { compileCheckout, ENTRIES, ROOT } from "./compile.js"
import { log } from "./program.js"

/**
 * `git …` in this checkout; its output, trimmed.
 *
 * @since 0.1.0
 * @category constructors
 */
export const git = (...args: ReadonlyArray<string>): string => execFileSync("git", args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] }).toString().trim()

/**
 * The release line: the revision this checkout's figures are measured beside (`BENCH_RELEASE`,
 * default `d673462`, taxdoc 1.1 on Effect 4, the last revision with its own undici client, inflater
 * and quick decoder; `2020643` is the last of the 0.1 line, on Effect 3); `BENCH_RELEASE=none`
 * leaves its sides out.
 *
 * @since 1.0.0
 * @category constants
 */
export const RELEASE: string | undefined = ((value) => (value === "" || value === "none" ? undefined : value))(process.env["BENCH_RELEASE"] ?? "d673462")

/**
 * A prepared checkout of a revision.
 *
 * @since 1.0.0
 * @category models
 */
export interface Checkout {
  /** The worktree, with its own node_modules. */
  readonly root: string
  /** The short commit. */
  readonly commit: string
  /** Its package's version (`1.1.0` for the release line). */
  readonly version: string
  /** How a table names it: `taxdoc 1.1.0 (d673462)`. */
  readonly label: string
}

/**
 * The environment of a command run for a checkout: this one without npm's variables, with this
 * process's Node first on PATH, so that scripts and bins started by `npm` or `npx` run on it.
 *
 * @since 1.0.0
 * @category constructors
 */
export const toolEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== "NODE_OPTIONS" && !/^npm_/i.test(key))),
  PATH: [dirname(process.execPath), process.env["PATH"] ?? ""].join(delimiter),
  ...extra
})

/**
 * Runs a command to its end; its output is kept for the error when it fails.
 *
 * @since 1.0.0
 * @category utils
 */
export const runTool = (command: string, args: ReadonlyArray<string>, cwd: string, env: NodeJS.ProcessEnv = toolEnv()): Promise<string> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] })
    let output = ""
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk))
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk))
    child.on("error", reject)
    child.on("close", (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(" ")} (in ${cwd}) exited ${code}\n${output.slice(-4000)}`))))
  })

const LOCK_STALE_MILLIS = 30 * 60_000

/** Runs `f` holding the lock directory `lock` (another benchmark process may be preparing the same revision). */
const withLock = async <A>(lock: string, f: () => Promise<A>): Promise<A> => {
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch (error) {
      if ((error as { code?: string }).code !== "EEXIST") throw error
      if (Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MILLIS) rmSync(lock, { recursive: true, force: true })
      else await new Promise((resolve) => setTimeout(resolve, 2_000))
    }
  }
  try {
    return await f()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

/** Runs `step` unless `stamp` holds `key` already; then writes it. */
const once = async (stamp: string, key: string, step: () => Promise<void>): Promise<void> => {
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === key) return
  rmSync(stamp, { force: true })
  await step()
  writeFileSync(stamp, key)
}

/**
 * Options of `prepare`.
 *
 * @since 1.0.0
 * @category models
 */
export interface PrepareOptions {
  /**
   * Build its library (`dist/`, and the command's bundle where it has one) and compile its own
   * benchmark programs; without it only this checkout's neutral client programs are compiled there.
   */
  readonly build?: boolean
  /** Run its dependencies' install scripts too (native modules, embedded PostgreSQL): what its test suite needs. */
  readonly scripts?: boolean
  /** The Node the install scripts run on (native modules are compiled for it); default this process's. */
  readonly scriptsNode?: string
}

/**
 * The checkout of `rev` with its own dependencies installed (`npm ci --ignore-scripts` from its
 * lockfile, on this process's Node), prepared once and kept for later runs.
 *
 * @since 1.0.0
 * @category constructors
 */
export const prepare = async (rev: string, options: PrepareOptions = {}): Promise<Checkout> => {
  const full = git("rev-parse", "--verify", `${rev}^{commit}`)
  const commit = git("rev-parse", "--short", full)
  const cache = join(tmpdir(), `taxdoc-bench-${full.slice(0, 12)}`)
  const root = join(cache, "checkout")
  mkdirSync(cache, { recursive: true })
  await withLock(join(cache, "lock"), async () => {
    if (!existsSync(join(root, "package.json"))) {
      log(`revision ${commit}: a worktree in ${root}`)
      git("worktree", "prune")
      rmSync(root, { recursive: true, force: true })
      git("worktree", "add", "--detach", root, full)
    }
    const lockfile = createHash("sha256").update(readFileSync(join(root, "package-lock.json"))).digest("hex")
    await once(join(cache, "stamp-npm-ci"), lockfile, async () => {
      log(`revision ${commit}: npm ci (its own dependencies)`)
      await runTool("npm", ["ci", "--ignore-scripts", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], root)
    })
    if (options.scripts === true) {
      const node = options.scriptsNode ?? process.execPath
      await once(join(cache, "stamp-scripts"), `${lockfile} ${node}`, async () => {
        log(`revision ${commit}: npm rebuild (install scripts of its dependencies, on ${node})`)
        await runTool("npm", ["rebuild", "--no-audit", "--no-fund", "--loglevel=error"], root, toolEnv({ PATH: [dirname(node), process.env["PATH"] ?? ""].join(delimiter) }))
      })
    }
    if (options.build === true) {
      await once(join(cache, "stamp-built"), full, async () => {
        log(`revision ${commit}: its library built`)
        rmSync(join(root, "dist"), { recursive: true, force: true })
        await runTool(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json"], root)
        if (existsSync(join(root, "scripts/cli-bundle.ts"))) await runTool(process.execPath, ["--import", "tsx", "scripts/cli-bundle.ts"], root)
      })
    }
    // Its own programs (they need its library), and this checkout's neutral client programs.
    compileCheckout(root, options.build === true ? ENTRIES.filter((entry) => existsSync(join(root, entry))) : [])
  })
  const version = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }).version
  return { root, commit, version, label: `taxdoc ${version} (${commit})` }
}

/**
 * The release line prepared (built, its programs compiled), or `undefined` when `BENCH_RELEASE=none`.
 *
 * @since 1.0.0
 * @category constructors
 */
export const prepareRelease = (): Promise<Checkout | undefined> => (RELEASE === undefined ? Promise.resolve(undefined) : prepare(RELEASE, { build: true }))
