/**
 * Global set-up of the suite: makes sure dist/ (what `bin/taxdoc.js` runs and `npm pack` ships) is
 * the compilation of today's sources, rebuilding it with `npm run build` when a source, a build
 * setting or the package manifest is newer than its output, an output has lost its source, or the
 * command's bundle was built from other sources or packages than today's.
 * It runs once, before any test file, so no test reads dist/ while it is being written.
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { childEnv } from "../support/env.js"
import * as Bundle from "../../scripts/cli-bundle.js"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..")
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

export default function setup(): void {
  const reason = staleness()
  if (reason === undefined) return
  process.stderr.write(`dist/ is out of date (${reason}): npm run build\n`)
  execFileSync("npm", ["run", "--silent", "build"], { cwd: ROOT, env: childEnv(), stdio: ["ignore", "inherit", "inherit"] })
}
