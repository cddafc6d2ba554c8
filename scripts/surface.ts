/**
 * The package's public surface as users see it: for each entry of package.json's `exports`, the
 * declarations its compiled `.d.ts` (dist/) offers, re-exports resolved through the TypeScript
 * compiler. Each exported name counts one; a namespace re-export (`export * as X from "…"`) counts
 * its members instead (recursively: a namespace inside counts its own). A declaration is
 * documented when a JSDoc comment that says something (text, not only `@since` and `@category`)
 * stands on its declaration, on its export specifier, or on an export statement of that name alone;
 * a namespace, on its `export * as` or at the head of its module.
 *
 * `npm run surface` (`tsx scripts/surface.ts`; it builds dist/ first when stale, the build's output
 * on stderr): a table of the entries and their counts, the total, and the undocumented exports;
 * with `--list`, every declaration, one `entry<TAB>name` a line. test/package/surface.test.ts holds
 * the package to its limits. */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")

/**
 * One entry of `exports`: its import specifier (`taxdoc/sandbox`), its declarations file, the
 * declarations it offers (dotted names from the entry: `Config.layer`), and those of its exports
 * (declarations or namespaces) without documentation.
 */
export interface EntrySurface {
  readonly entry: string
  readonly types: string
  readonly declarations: ReadonlyArray<string>
  readonly undocumented: ReadonlyArray<string>
}

/** The entries of package.json's `exports` that have declarations: specifier and `.d.ts` path, in the manifest's order. */
export const entries = (root: string = ROOT): ReadonlyArray<{ readonly entry: string; readonly types: string }> => {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    readonly name: string
    readonly exports: Record<string, string | { readonly types?: string }>
  }
  return Object.entries(manifest.exports).flatMap(([key, target]) =>
    typeof target === "object" && target.types !== undefined
      ? [{ entry: key === "." ? manifest.name : `${manifest.name}/${key.replace(/^\.\//, "")}`, types: path.join(root, target.types) }]
      : []
  )
}

const UNSAID_TAGS = new Set(["since", "category"])

/** Whether a node carries a JSDoc comment that says something beyond `@since` and `@category`. */
const saysSomething = (node: ts.Node): boolean =>
  ts.getJSDocCommentsAndTags(node).some((doc) =>
    ts.isJSDoc(doc)
      ? ts.getTextOfJSDocComment(doc.comment)?.trim() || (doc.tags ?? []).some((tag) => !UNSAID_TAGS.has(tag.tagName.text))
      : !UNSAID_TAGS.has(doc.tagName.text)
  )

/**
 * Where a declaration's JSDoc may stand: on the declaration (for a variable, its statement), on its
 * export specifier (`export { /** … *\/ a } from`), or on an export statement of that one name —
 * not on the first statement of a file, whose comment is the module's.
 */
const documentedAt = (node: ts.Node): ReadonlyArray<ts.Node> => {
  const at: Array<ts.Node> = [node]
  if (ts.isVariableDeclaration(node) && ts.isVariableDeclarationList(node.parent)) at.push(node.parent.parent)
  const statement = ts.isExportSpecifier(node) ? node.parent.parent : ts.isNamespaceExport(node) ? node.parent : undefined
  if (statement !== undefined && ts.isExportDeclaration(statement) && statement.getSourceFile().statements[0] !== statement) {
    const names = statement.exportClause !== undefined && ts.isNamedExports(statement.exportClause) ? statement.exportClause.elements.length : 1
    if (names === 1) at.push(statement)
  }
  return at
}

/** Whether a text opens with a JSDoc comment that says something beyond its tags. */
const opensDocumented = (text: string): boolean => {
  const first = ts.getLeadingCommentRanges(text, 0)?.[0]
  return first !== undefined && text.startsWith("/**", first.pos) && /[A-Za-z]/.test(text.slice(first.pos + 3, first.end).replace(/@\w+[^\n]*/g, ""))
}

/**
 * Whether a module opens with a JSDoc comment that says something: its declarations, or the source
 * their map names (a declarations file loses its head comment when the first import is elided).
 */
const moduleDocumented = (file: ts.SourceFile): boolean => {
  if (opensDocumented(file.text)) return true
  const map = `${file.fileName}.map`
  if (!fs.existsSync(map)) return false
  const { sources } = JSON.parse(fs.readFileSync(map, "utf8")) as { readonly sources: ReadonlyArray<string> }
  return sources.some((source) => {
    const at = path.resolve(path.dirname(file.fileName), source)
    return fs.existsSync(at) && opensDocumented(fs.readFileSync(at, "utf8"))
  })
}

/** The declarations each entry of package.json's `exports` offers, read from dist/. */
export const surface = (root: string = ROOT): ReadonlyArray<EntrySurface> => {
  const list = entries(root)
  const program = ts.createProgram(list.map((e) => e.types), {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
    skipLibCheck: true
  })
  const checker = program.getTypeChecker()
  const documented = (nodes: ReadonlyArray<ts.Node>): boolean => nodes.some((d) => documentedAt(d).some(saysSomething))

  /** The members of a module under `prefix`, each namespace re-export counted by its members. */
  const walk = (moduleSymbol: ts.Symbol, prefix: string, within: ReadonlySet<ts.Symbol>, declarations: Array<string>, undocumented: Array<string>): void => {
    for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
      const name = `${prefix}${symbol.name}`
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
      const own = symbol.declarations ?? []
      const targets = target.declarations ?? []
      const namespaceFile = targets.find(ts.isSourceFile)
      if (namespaceFile === undefined) {
        declarations.push(name)
        if (!documented([...own, ...targets])) undocumented.push(name)
      } else if (!within.has(target)) {
        if (!documented(own) && !moduleDocumented(namespaceFile)) undocumented.push(name)
        walk(target, `${name}.`, new Set([...within, target]), declarations, undocumented)
      }
    }
  }

  return list.map(({ entry, types }) => {
    const file = program.getSourceFile(types)
    if (file === undefined) throw new Error(`${entry}: ${path.relative(root, types)} is missing (npm run build)`)
    const moduleSymbol = checker.getSymbolAtLocation(file)
    const declarations: Array<string> = []
    const undocumented: Array<string> = []
    if (moduleSymbol !== undefined) walk(moduleSymbol, "", new Set([moduleSymbol]), declarations, undocumented)
    return { entry, types: path.relative(root, types), declarations, undocumented }
  })
}

/** The table of entries and counts, the total, and the undocumented exports, as `tsx scripts/surface.ts` prints them. */
export const report = (surfaces: ReadonlyArray<EntrySurface>): string => {
  const width = Math.max(5, ...surfaces.map((s) => s.entry.length))
  const row = (entry: string, count: number | string, undocumented: number | string) =>
    `${entry.padEnd(width)}  ${String(count).padStart(12)}  ${String(undocumented).padStart(12)}`
  const total = surfaces.reduce((n, s) => n + s.declarations.length, 0)
  const lines = [
    row("entry", "declarations", "undocumented"),
    ...surfaces.map((s) => row(s.entry, s.declarations.length, s.undocumented.length)),
    row("total", total, surfaces.reduce((n, s) => n + s.undocumented.length, 0))
  ]
  const undocumented = surfaces.flatMap((s) => s.undocumented.map((name) => `  ${s.entry}: ${name}`))
  return [...lines, ...(undocumented.length === 0 ? [] : ["", "undocumented:", ...undocumented])].join("\n")
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { staleness } = await import("./dist.js")
  const reason = staleness(ROOT)
  if (reason !== undefined) {
    // The build's output goes to stderr: stdout is the table (or the list).
    process.stderr.write(`dist/ is out of date (${reason}): npm run build\n`)
    execFileSync("npm", ["run", "--silent", "build"], { cwd: ROOT, stdio: ["ignore", 2, "inherit"] })
  }
  const surfaces = surface()
  if (process.argv.includes("--list")) {
    for (const s of surfaces) for (const name of s.declarations) process.stdout.write(`${s.entry}\t${name}\n`)
  } else {
    process.stdout.write(`${report(surfaces)}\n`)
  }
}
