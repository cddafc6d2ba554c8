/**
 * The programs that run with plain node (client processes, server processes, the plain client of
 * the cold-start app): `dist/` brought up to date (`npm run build` when a source is newer, as the
 * test suite's set-up does), then the benchmark's own TypeScript stripped of its types into
 * `.tmp/bench-js/` (same relative paths, so `import "taxdoc"` there resolves to this package's
 * `dist/` by its own name). The sources are type-checked with the rest of the repository
 * (`tsc --noEmit -p .`); this step only removes types (`ts.transpileModule`).
 *
 * The same step serves another checkout (`checkout.ts`): its own benchmark programs into its own
 * `.tmp/bench-js/`, and this checkout's client programs that hold nothing of taxdoc (`NEUTRAL`)
 * into its `.tmp/bench-current/`, where they load that checkout's Effect.
 *
 * @since 0.1.0
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"
import setupDist from "../../test/package/build.js"

/**
 * The repository's root.
 *
 * @since 0.1.0
 * @category constants
 */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..")

/**
 * Where the compiled programs go, under a checkout's root.
 *
 * @since 1.0.0
 * @category constants
 */
export const OUT_DIR = join(".tmp", "bench-js")

/**
 * Where this checkout's neutral client programs go, under another checkout's root.
 *
 * @since 1.0.0
 * @category constants
 */
export const NEUTRAL_DIR = join(".tmp", "bench-current")

/**
 * Where the compiled programs of this checkout go.
 *
 * @since 0.1.0
 * @category constants
 */
export const OUT = join(ROOT, OUT_DIR)

/**
 * The plain-node programs of a checkout: the client process (with every side it can be), the
 * decompression client, the server process, the plain client and the least Effect client.
 *
 * @since 1.0.0
 * @category constants
 */
export const ENTRIES: ReadonlyArray<string> = ["bench/clients/child.ts", "bench/clients/bomb.ts", "bench/support/server.ts", "bench/support/plain.ts", "bench/support/least.ts"]

/**
 * This checkout's client programs that import nothing of taxdoc, only Node, undici and Effect
 * modules whose names and shapes Effect 3 and Effect 4 share (or that they pick by Effect's
 * version): a checkout of another revision runs them on its own Effect, as the platform's client
 * used raw and as the in-process side loading its sources.
 *
 * @since 1.0.0
 * @category constants
 */
export const NEUTRAL: ReadonlyArray<string> = [
  "bench/clients/child.ts",
  "bench/clients/protocol.ts",
  "bench/clients/platform.ts",
  "bench/clients/inprocess.ts",
  "bench/support/load.ts",
  "bench/support/effectLoop.ts"
]

const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*)"(\.{1,2}\/[^"]+)\.js"/g

/**
 * Transpiles `source` (under `root`) into `out` at the same relative path and, when `follow`,
 * every module it imports relatively (transitively).
 */
const transpileTree = (root: string, out: string, source: string, done: Set<string>, follow: boolean) => {
  if (done.has(source)) return
  done.add(source)
  const text = readFileSync(source, "utf8")
  const output = ts.transpileModule(text, {
    fileName: source,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true }
  }).outputText
  const target = join(out, relative(root, source)).replace(/\.ts$/, ".js")
  mkdirSync(dirname(target), { recursive: true })
  writeFileSync(target, output)
  if (!follow) return
  // Imports read from the output: type-only ones are gone.
  for (const match of output.matchAll(RELATIVE_IMPORT)) {
    const imported = resolve(dirname(source), `${match[1]!}.ts`)
    if (relative(join(root, "bench"), imported).startsWith("..")) throw new Error(`${source}: a plain-node program imports outside bench/: ${match[1]}`)
    transpileTree(root, out, imported, done, follow)
  }
}

/**
 * Compiles another checkout's own plain-node programs (`ENTRIES` that it has) into its
 * `.tmp/bench-js/`, and this checkout's `NEUTRAL` client programs into its `.tmp/bench-current/`.
 * Its `dist/` must be built already.
 *
 * @since 1.0.0
 * @category constructors
 */
export const compileCheckout = (root: string, entries: ReadonlyArray<string>): void => {
  const done = new Set<string>()
  for (const entry of entries) transpileTree(root, join(root, OUT_DIR), join(root, entry), done, true)
  const neutral = new Set<string>()
  for (const file of NEUTRAL) transpileTree(ROOT, join(root, NEUTRAL_DIR), join(ROOT, file), neutral, false)
}

let prepared = false

/**
 * Brings `dist/` up to date and compiles the plain-node programs (once per process); answers the
 * compiled path of a benchmark source, e.g. `compiled("bench/clients/child.ts")`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const compiled = (source: string): string => {
  if (!prepared) {
    setupDist()
    const done = new Set<string>()
    for (const entry of ENTRIES) transpileTree(ROOT, OUT, join(ROOT, entry), done, true)
    prepared = true
  }
  return join(OUT, source).replace(/\.ts$/, ".js")
}
