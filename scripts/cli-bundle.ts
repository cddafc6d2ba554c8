/**
 * The `taxdoc` command as one pre-built program: `src/cli/main.ts` and everything it loads, Effect
 * and @effect/platform-node included, bundled by esbuild into `dist/cli/bundle/` — an ES module
 * (`taxdoc.js`) and the chunks it loads with `import()` when a command runs, so a start reads one
 * file instead of resolving and compiling hundreds of modules. The command runs in its own process,
 * so its copy of Effect never meets an application's; the library's entry points stay unbundled,
 * with Effect as a peer.
 *
 * Beside the program: `manifest.json`, a hash of every input (the sources and the packages' files
 * the bundle was made from, and this script) with their list and the `src/` modules in each output
 * file, so a test can tell a stale bundle (`staleness`); and `THIRD-PARTY-LICENSES.md`, the licence
 * of every package whose code the bundle carries.
 *
 * Run by `npm run build` (so by `npm install` in a clone, through `prepare`), after `tsc`:
 * `tsx scripts/cli-bundle.ts`.
 */
import type * as esbuild from "esbuild"
import { createHash } from "node:crypto"
import * as fs from "node:fs"
import { createRequire } from "node:module"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { FILE } from "../src/cli/pages.js"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")

/** Where the bundle is written, relative to the package's root. */
export const OUT_DIR = "dist/cli/bundle"

/** The program `bin/taxdoc.js` runs, in `OUT_DIR`. */
export const ENTRY = "taxdoc.js"

const MANIFEST = "manifest.json"
const LICENSES = "THIRD-PARTY-LICENSES.md"
// Inputs besides the bundle's modules: this script, and what renders the pages.
const BUILDERS = [path.relative(ROOT, fileURLToPath(import.meta.url)), "src/cli/renderPages.ts"]

/**
 * What `manifest.json` holds.
 */
export interface Manifest {
  /** SHA-256 over every input's path and bytes, in the order of `inputs`. */
  readonly hash: string
  /** The files the bundle was made from, relative to the root (this script among them). */
  readonly inputs: ReadonlyArray<string>
  /** For each output file, the `src/` modules whose code it holds. */
  readonly outputs: Readonly<Record<string, ReadonlyArray<string>>>
}

/** SHA-256 over each input's path and bytes, in the order given. */
export const hashOf = (root: string, inputs: ReadonlyArray<string>): string => {
  const hash = createHash("sha256")
  for (const input of inputs) hash.update(input).update("\0").update(fs.readFileSync(path.join(root, input))).update("\0")
  return hash.digest("hex")
}

/** The bundle's manifest under `root`, or `undefined` when there is none. */
export const readManifest = (root: string = ROOT): Manifest | undefined => {
  const file = path.join(root, OUT_DIR, MANIFEST)
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Manifest) : undefined
}

/** Why the bundle under `root` must be rebuilt, or `undefined` when it is the build of today's inputs. */
export const staleness = (root: string = ROOT): string | undefined => {
  const manifest = readManifest(root)
  if (manifest === undefined) return `${OUT_DIR}/${MANIFEST} is missing`
  for (const output of [ENTRY, ...Object.keys(manifest.outputs)]) {
    if (!fs.existsSync(path.join(root, OUT_DIR, output))) return `${OUT_DIR}/${output} is missing`
  }
  const gone = manifest.inputs.find((input) => !fs.existsSync(path.join(root, input)))
  if (gone !== undefined) return `${gone}, bundled, is gone`
  return hashOf(root, manifest.inputs) === manifest.hash ? undefined : "a source or package it was built from has changed"
}

// The directory of the package a bundled file belongs to (the innermost node_modules/<name>).
const packageDir = (input: string): string | undefined => {
  const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input)
  return match?.[1]
}

const licenses = (root: string, inputs: ReadonlyArray<string>): string => {
  const dirs = [...new Set(inputs.map(packageDir).filter((dir): dir is string => dir !== undefined))]
  const entries = dirs.map((dir) => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, dir, "package.json"), "utf8")) as { name: string; version: string; license?: string }
    const file = fs.readdirSync(path.join(root, dir)).find((f) => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(f))
    const text = file === undefined ? `(${pkg.license ?? "no licence"} — the package ships no licence file)` : fs.readFileSync(path.join(root, dir, file), "utf8").trim()
    return { name: pkg.name, text: `## ${pkg.name} ${pkg.version} (${pkg.license ?? "unknown"})\n\n\`\`\`\n${text}\n\`\`\`\n` }
  }).sort((a, b) => a.name.localeCompare(b.name))
  return [
    "# Third-party licences of the `taxdoc` command's bundle",
    "",
    "`dist/cli/bundle/` carries code of these packages (bundled by `scripts/cli-bundle.ts`); each is used under its licence, reproduced here.",
    "",
    ...entries.map((e) => e.text)
  ].join("\n")
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/**
 * `@effect/platform-node/Undici` re-exports the CommonJS package undici with `export * from
 * "undici"`; in an ES module output esbuild keeps only such a module's default export, so the
 * chunk the HTTP client loads would have no `Agent`. The module is replaced by one that names each
 * of undici's exports (read from the installed undici when the bundle is built).
 */
export const undiciExports = (root: string): esbuild.Plugin => ({
  name: "undici-exports",
  setup: (build) => {
    build.onLoad({ filter: /[\\/]@effect[\\/]platform-node[\\/]dist[\\/]Undici\.js$/ }, (args) => {
      const undici = createRequire(path.join(root, "node_modules/@effect/platform-node/package.json"))("undici") as Record<string, unknown>
      const names = Object.keys(undici).filter((name) => name !== "default" && IDENTIFIER.test(name))
      return {
        contents: ["import Undici from \"undici\"", "export default Undici", ...names.map((name) => `export const ${name} = Undici.${name}`)].join("\n"),
        loader: "js",
        resolveDir: path.dirname(args.path)
      }
    })
  }
})

/** esbuild's options for the bundle under `root`. */
export const options = (root: string = ROOT) => ({
  absWorkingDir: root,
  // Inputs keep the paths they are reached by, so the manifest lists them under the root even
  // where node_modules is a link to another checkout's.
  preserveSymlinks: true,
  entryPoints: { taxdoc: "src/cli/start.ts" },
  outdir: path.join(root, OUT_DIR),
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node22",
  minify: true,
  legalComments: "none",
  chunkNames: "chunk-[hash]",
  metafile: true,
  logLevel: "warning",
  tsconfig: "tsconfig.build.json",
  // The bundled CommonJS packages `require` Node's modules; an ES module has no `require` of its own.
  banner: { js: "import { createRequire as __taxdocRequire } from \"node:module\"; const require = __taxdocRequire(import.meta.url);" }
} as const)

/** Builds the bundle under `root` and answers its manifest. */
export const build = async (root: string = ROOT): Promise<Manifest> => {
  const esbuild = await import("esbuild")
  fs.rmSync(path.join(root, OUT_DIR), { recursive: true, force: true })
  const result = await esbuild.build({ ...options(root), plugins: [undiciExports(root)] })
  const outdir = path.join(root, OUT_DIR)
  const inputs = [...new Set([...Object.keys(result.metafile.inputs), ...BUILDERS])].sort()
  const outputs = Object.fromEntries(
    Object.entries(result.metafile.outputs)
      .filter(([file]) => file.endsWith(".js"))
      .map(([file, output]) => [path.basename(file), Object.keys(output.inputs).filter((input) => input.startsWith("src/")).sort()])
  )
  // The pages (src/cli/pages.ts), rendered by the command's own modules from the same sources.
  const { render } = await import("../src/cli/renderPages.js")
  const { runPromise } = await import("effect/Effect")
  fs.writeFileSync(path.join(outdir, FILE), JSON.stringify(await runPromise(render)))
  const manifest: Manifest = { hash: hashOf(root, inputs), inputs, outputs }
  fs.writeFileSync(path.join(outdir, MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`)
  // The packages whose code is in an output (tree-shaking drops some that were read).
  const carried = Object.values(result.metafile.outputs).flatMap((output) => Object.entries(output.inputs).filter(([, use]) => use.bytesInOutput > 0).map(([input]) => input))
  fs.writeFileSync(path.join(outdir, LICENSES), licenses(root, carried))
  return manifest
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const manifest = await build()
  const bytes = Object.keys(manifest.outputs).reduce((sum, file) => sum + fs.statSync(path.join(ROOT, OUT_DIR, file)).size, 0)
  process.stdout.write(`${OUT_DIR}/${ENTRY}: ${Object.keys(manifest.outputs).length} files, ${(bytes / 1e6).toFixed(1)} MB, from ${manifest.inputs.length} inputs\n`)
}
