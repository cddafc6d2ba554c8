/**
 * The programs that run with plain node (client processes, server processes, the plain client of
 * the cold-start app): `dist/` brought up to date (`npm run build` when a source is newer, as the
 * test suite's set-up does), then the benchmark's own TypeScript stripped of its types into
 * `.tmp/bench-js/` (same relative paths, so `import "taxdoc"` there resolves to this package's
 * `dist/` by its own name). The sources are type-checked with the rest of the repository
 * (`tsc --noEmit -p .`); this step only removes types (`ts.transpileModule`).
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
 * Where the compiled programs go.
 *
 * @since 0.1.0
 * @category constants
 */
export const OUT = join(ROOT, ".tmp", "bench-js")

const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*)"(\.{1,2}\/[^"]+)\.js"/g

/** Transpiles `source` and every module it imports relatively (transitively). */
const transpileTree = (source: string, done: Set<string>) => {
  if (done.has(source)) return
  done.add(source)
  const text = readFileSync(source, "utf8")
  const output = ts.transpileModule(text, {
    fileName: source,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true }
  }).outputText
  const target = join(OUT, relative(ROOT, source)).replace(/\.ts$/, ".js")
  mkdirSync(dirname(target), { recursive: true })
  writeFileSync(target, output)
  // Imports read from the output: type-only ones are gone.
  for (const match of output.matchAll(RELATIVE_IMPORT)) {
    const imported = resolve(dirname(source), `${match[1]!}.ts`)
    if (relative(join(ROOT, "bench"), imported).startsWith("..")) throw new Error(`${source}: a plain-node program imports outside bench/: ${match[1]}`)
    transpileTree(imported, done)
  }
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
    for (const entry of ["bench/clients/child.ts", "bench/clients/bomb.ts", "bench/support/server.ts", "bench/support/plain.ts", "bench/support/least.ts"]) transpileTree(join(ROOT, entry), done)
    prepared = true
  }
  return join(OUT, source).replace(/\.ts$/, ".js")
}
