/**
 * The TypeScript code blocks of the project's Markdown (README.md and every docs/*.md), and their
 * type-check: each block is a module of its own, compiled with the project's settings, importing
 * the package only through its public entry points (package.json `exports`), Effect's packages,
 * vitest and Node's built-ins.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..")

/** One ```ts block: where it is and its code. */
export interface Snippet {
  /** `docs/sandbox.md:7` — the file and the line of the opening fence. */
  readonly id: string
  readonly markdown: string
  /** Line of the block's first line of code, 1-based. */
  readonly firstLine: number
  readonly code: string
}

/** The Markdown files whose code is checked: README.md and every .md under docs/ (at any depth). */
export const markdownFiles = (root: string = ROOT): Array<string> => [
  "README.md",
  ...fs.readdirSync(path.join(root, "docs"), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f.split(path.sep).join("/")}`)
    .sort()
]

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)/

/** The ```ts (or ```typescript) blocks of a Markdown text. */
export const snippetsOf = (markdown: string, text: string): Array<Snippet> => {
  const lines = text.split("\n")
  const found: Array<Snippet> = []
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!)
    if (open === null) continue
    const [, indent, fence, language] = open
    const close = lines.findIndex((line, j) => j > i && line.trimStart().startsWith(fence!) && line.trim() === line.trim().replace(/[^`~]/g, ""))
    const end = close < 0 ? lines.length : close
    if (language === "ts" || language === "typescript") {
      const code = lines.slice(i + 1, end).map((line) => (line.startsWith(indent!) ? line.slice(indent!.length) : line)).join("\n")
      found.push({ id: `${markdown}:${i + 1}`, markdown, firstLine: i + 2, code })
    }
    i = end
  }
  return found
}

/** Every snippet of the project's Markdown. */
export const allSnippets = (root: string = ROOT): Array<Snippet> =>
  markdownFiles(root).flatMap((file) => snippetsOf(file, fs.readFileSync(path.join(root, file), "utf8")))

/** The package's entry points: `taxdoc`, `taxdoc/sandbox`, … from package.json `exports`. */
export const entryPoints = (root: string = ROOT): Array<string> => {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { name: string; exports: Record<string, unknown> }
  return Object.keys(manifest.exports).filter((key) => key !== "./package.json").map((key) => (key === "." ? manifest.name : `${manifest.name}/${key.slice(2)}`))
}

// `vitest` and `fast-check`: the testing guide shows a property test with plain vitest and
// fast-check too (fast-check is taxdoc's optional peer for toFastCheck of taxdoc/testing/fast-check).
// `@opentelemetry/*`: the observability guide wires the OpenTelemetry SDK a program installs.
const ALLOWED = (entries: ReadonlyArray<string>) => (specifier: string): boolean =>
  entries.includes(specifier) || specifier === "effect" || specifier.startsWith("effect/") || specifier.startsWith("@effect/") ||
  specifier.startsWith("@opentelemetry/") || specifier.startsWith("node:") || specifier === "vitest" || specifier === "fast-check"

/** A problem of a snippet, at a line of its Markdown file. */
export interface Problem {
  readonly line: number
  readonly message: string
}

/**
 * Type-checks every snippet as its own module under the project's compiler settings (tsconfig.json,
 * whose `paths` send the entry points to the sources); answers the problems of each snippet by id.
 * Unused names are allowed (a snippet may declare a layer only to show it); imports other than
 * the entry points, Effect's packages and `node:` built-ins are problems.
 */
export const check = (snippets: ReadonlyArray<Snippet>, root: string = ROOT): Map<string, Array<Problem>> => {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(root, "tsconfig.json"), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"))
    }
  })!
  const options: ts.CompilerOptions = { ...config.options, noEmit: true, noUnusedLocals: false, noUnusedParameters: false }
  // Virtual files in a directory of the project, so that packages resolve from its node_modules.
  const dir = path.join(root, ".snippets")
  const files = new Map(snippets.map((s, i) => [path.join(dir, `${i}-${s.markdown.replace(/[^\w]+/g, "-")}.ts`), s] as const))
  const host = ts.createCompilerHost(options)
  const getSourceFile = host.getSourceFile.bind(host)
  const fileExists = host.fileExists.bind(host)
  const readFile = host.readFile.bind(host)
  host.getSourceFile = (name, language, onError) => {
    const snippet = files.get(path.resolve(name))
    return snippet === undefined ? getSourceFile(name, language, onError) : ts.createSourceFile(name, snippet.code, language, true)
  }
  host.fileExists = (name) => files.has(path.resolve(name)) || fileExists(name)
  host.readFile = (name) => files.get(path.resolve(name))?.code ?? readFile(name)
  const program = ts.createProgram({ rootNames: [...files.keys()], options, host })
  const allowed = ALLOWED(entryPoints(root))
  const problems = new Map<string, Array<Problem>>()
  for (const [name, snippet] of files) {
    const source = program.getSourceFile(name)!
    const at = (position: number) => snippet.firstLine + source.getLineAndCharacterOfPosition(position).line
    const found: Array<Problem> = [
      ...program.getSyntacticDiagnostics(source),
      ...program.getSemanticDiagnostics(source)
    ].map((d) => ({ line: d.start === undefined ? snippet.firstLine : at(d.start), message: ts.flattenDiagnosticMessageText(d.messageText, "\n") }))
    for (const statement of source.statements) {
      if ((ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier !== undefined && ts.isStringLiteral(statement.moduleSpecifier)) {
        const specifier = statement.moduleSpecifier.text
        if (!allowed(specifier)) found.push({ line: at(statement.getStart()), message: `imports "${specifier}": a snippet may import only ${entryPoints(root).join(", ")}, effect, @effect/*, @opentelemetry/*, vitest and node: modules` })
      }
    }
    problems.set(snippet.id, found)
  }
  return problems
}
