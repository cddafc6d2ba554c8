/**
 * What a benchmark reports: a section of RESULTS.md with its method, its tables, the targets it
 * checks and what was found. Sections travel from a benchmark process to the runner as JSON.
 *
 * @since 0.1.0
 */

/**
 * A Markdown table.
 *
 * @since 0.1.0
 * @category models
 */
export interface Table {
  readonly title?: string
  readonly headers: ReadonlyArray<string>
  readonly rows: ReadonlyArray<ReadonlyArray<string>>
}

/**
 * A target of the issue and whether this run met it.
 *
 * @since 0.1.0
 * @category models
 */
export interface Target {
  readonly name: string
  readonly measured: string
  readonly met: boolean
}

/**
 * The report of one benchmark.
 *
 * @since 0.1.0
 * @category models
 */
export interface Section {
  readonly id: string
  readonly title: string
  /** How it was measured (one line each). */
  readonly method: ReadonlyArray<string>
  readonly tables: ReadonlyArray<Table>
  readonly targets: ReadonlyArray<Target>
  /** Observations, causes of missed targets, before/after of fixes. */
  readonly notes: ReadonlyArray<string>
  readonly elapsedMillis: number
}

/**
 * A table as Markdown.
 *
 * @since 0.1.0
 * @category formatting
 */
export const tableToMarkdown = (table: Table): string => {
  const line = (cells: ReadonlyArray<string>) => `| ${cells.map((c) => c.replaceAll("|", "\\|")).join(" | ")} |`
  // Figures are right-aligned, text left-aligned.
  const numeric = (column: number) => table.rows.every((row) => /^[−\-–]?[\d.,]/.test(row[column] ?? "") || row[column] === "–")
  const head = [line(table.headers), `|${table.headers.map((_, i) => (i > 0 && numeric(i) ? " ---: " : " --- ")).join("|")}|`]
  const body = table.rows.map(line)
  return [...(table.title === undefined ? [] : [`**${table.title}**`, ""]), ...head, ...body].join("\n")
}

/**
 * A section as Markdown (a level-2 heading and its parts).
 *
 * @since 0.1.0
 * @category formatting
 */
export const sectionToMarkdown = (section: Section): string => {
  const parts = [`## ${section.title}`, "", ...section.method.map((m) => `- ${m}`), ""]
  for (const table of section.tables) parts.push(tableToMarkdown(table), "")
  if (section.targets.length > 0) {
    parts.push(tableToMarkdown({
      title: "Targets",
      headers: ["target", "measured", "met"],
      rows: section.targets.map((t) => [t.name, t.measured, t.met ? "yes" : "**no**"])
    }), "")
  }
  if (section.notes.length > 0) parts.push(...section.notes.map((n) => `- ${n}`), "")
  parts.push(`_Benchmark time: ${(section.elapsedMillis / 1000).toFixed(1)} s._`, "")
  return parts.join("\n")
}
