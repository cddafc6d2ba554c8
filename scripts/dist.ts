/**
 * dist/ (what `bin/taxdoc.js` runs and the package ships) built when, and only when, it is not the
 * compilation of today's sources: a source, a build setting or the package manifest newer than its
 * output, an output that lost its source, or the command's bundle built from other sources or
 * packages than today's. Then `npm run build` (a clean build: dist/ is removed first).
 *
 * `prepare` runs it: `npm install` in a fresh clone builds, as after a pull that changed sources;
 * anything else that runs `prepare` on a clone already built — `npx taxdoc …`, which has npm install
 * the clone into its own cache first — finds dist/ current and leaves it. The suite's global set-up
 * (test/package/build.ts) calls `ensureBuilt` before any test reads dist/.
 *
 * `tsx scripts/dist.ts`: builds if stale, saying why on stderr.
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import * as Bundle from "./cli-bundle.js"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const SETTINGS = ["tsconfig.json", "tsconfig.build.json", "package.json"]

const filesUnder = (dir: string, suffix: string): Array<string> =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(suffix)).map((f) => path.join(dir, f))
    : []

const mtime = (file: string): number => fs.statSync(file).mtimeMs

/** Why dist/ must be rebuilt, or `undefined` when it is up to date. */
export const staleness = (root: string = ROOT): string | undefined => {
  const src = path.join(root, "src")
  const dist = path.join(root, "dist")
  const sources = filesUnder(src, ".ts")
  const outputOf = (source: string) => path.join(dist, path.relative(src, source)).replace(/\.ts$/, ".js")
  const settings = Math.max(...SETTINGS.map((f) => mtime(path.join(root, f))))
  for (const source of sources) {
    const output = outputOf(source)
    if (!fs.existsSync(output)) return `${path.relative(root, output)} is missing`
    const built = mtime(output)
    if (built < mtime(source)) return `${path.relative(root, source)} is newer than its output`
    if (built < settings) return "a build setting or package.json is newer than the output"
  }
  const expected = new Set(sources.map(outputOf))
  const bundle = path.join(root, Bundle.OUT_DIR)
  const orphan = filesUnder(dist, ".js").find((output) => !expected.has(output) && !output.startsWith(bundle + path.sep))
  if (orphan !== undefined) return `${path.relative(root, orphan)} has no source`
  // The command's bundle (scripts/cli-bundle.ts), checked by the hash of what it was built from.
  const bundleStale = Bundle.staleness(root)
  return bundleStale === undefined ? undefined : `the command's bundle: ${bundleStale}`
}

/**
 * Runs `npm run build` when dist/ is stale (saying why on stderr), with `env` for npm; answers
 * whether it built.
 */
export const ensureBuilt = (env: NodeJS.ProcessEnv = process.env, root: string = ROOT): boolean => {
  const reason = staleness(root)
  if (reason === undefined) return false
  process.stderr.write(`dist/ is out of date (${reason}): npm run build\n`)
  execFileSync("npm", ["run", "--silent", "build"], { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] })
  return true
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) ensureBuilt()
