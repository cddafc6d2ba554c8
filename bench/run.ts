/**
 * The benchmark runner (`npm run bench [name …]`): runs every benchmark, or the ones named, each
 * in its own Node process (`--expose-gc`, a fresh heap), prints their sections, and rewrites the
 * generated blocks of bench/RESULTS.md — the machine, the summary of targets and each section that
 * ran. Text outside the generated blocks (findings, before/after notes) is kept as written. A smoke
 * run (`BENCH_SMOKE=1`: every benchmark with its smallest settings) prints the sections and leaves
 * RESULTS.md as it is.
 *
 * @since 0.1.0
 */
import { spawn } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { nodeFlags } from "./support/child.js"
import { compiled } from "./support/compile.js"
import * as Machine from "./support/machine.js"
import { SMOKE } from "./support/program.js"
import { type Section, sectionToMarkdown, tableToMarkdown, type Target } from "./support/report.js"

/** The client and sandbox targets first, then the other benchmarks. */
const BENCHMARKS = [
  "sequential",
  "concurrent",
  "issue",
  "coldstart",
  "sandbox",
  "inprocess",
  "bulk",
  "growth",
  "tokens",
  "signing",
  "startup",
  "guards",
  "decompression",
  "multipart",
  "durable",
  "promise",
  "fleet",
  "ui",
  "telemetry",
  "chaos",
  "suite"
] as const

/**
 * Targets of benchmarks that are not written yet (their program is absent): the summary lists them
 * as not measured, so that every target has its line.
 */
const PENDING: Readonly<Record<string, { readonly title: string; readonly targets: ReadonlyArray<string> }>> = {
  growth: {
    title: "8. Growth: 1,000,000 stored documents",
    targets: [
      "a Search of one day's page with 1,000,000 stored documents within 1.5× of the figure with 1,000",
      "memory per stored document reported for each kind; per stored receipt ≤ 700 B"
    ]
  }
}
const DIR = dirname(fileURLToPath(import.meta.url))
const RESULTS = join(DIR, "RESULTS.md")

const begin = (id: string) => `<!-- generated:${id} -->`
const end = (id: string) => `<!-- /generated:${id} -->`
const DATA = /<!-- data (\{.*\}) -->/

const skeleton = (): string =>
  [
    "# Benchmarks",
    "",
    `Measured by \`npm run bench\` (all) or \`npm run bench -- <name> …\` (${BENCHMARKS.map((b) => `\`${b}\``).join(", ")}).`,
    "The blocks between `generated` markers are rewritten by `bench/run.ts`; the rest of this file is kept.",
    "",
    begin("machine"),
    end("machine"),
    "",
    begin("summary"),
    end("summary"),
    "",
    ...BENCHMARKS.flatMap((id) => [begin(id), `_${id}: not run yet._`, end(id), ""])
  ].join("\n")

const replaceBlock = (text: string, id: string, content: string): string => {
  const from = text.indexOf(begin(id))
  const to = text.indexOf(end(id))
  const block = `${begin(id)}\n${content.trim()}\n${end(id)}`
  if (from < 0 || to < from) return `${text.trimEnd()}\n\n${block}\n`
  return text.slice(0, from) + block + text.slice(to + end(id).length)
}

const blockOf = (text: string, id: string): string | undefined => {
  const from = text.indexOf(begin(id))
  const to = text.indexOf(end(id))
  return from < 0 || to < from ? undefined : text.slice(from + begin(id).length, to)
}

interface Recorded {
  readonly id: string
  readonly title: string
  readonly targets: ReadonlyArray<Target>
  readonly measuredAt: string
}

const runOne = (id: string, jsonFile: string): Promise<number> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [...nodeFlags(), join(DIR, `${id}.ts`), "--json", jsonFile], { stdio: "inherit" })
    child.once("exit", (code) => resolve(code ?? 1))
  })

const main = async () => {
  const asked = process.argv.slice(2).filter((a) => !a.startsWith("-"))
  const unknown = asked.filter((a) => !(BENCHMARKS as ReadonlyArray<string>).includes(a))
  if (unknown.length > 0) {
    process.stderr.write(`unknown benchmark(s): ${unknown.join(", ")}; known: ${BENCHMARKS.join(", ")}\n`)
    process.exit(2)
  }
  const present = (id: string) => existsSync(join(DIR, `${id}.ts`))
  const absent = BENCHMARKS.filter((b) => !present(b))
  const ids = (asked.length === 0 ? [...BENCHMARKS] : BENCHMARKS.filter((b) => asked.includes(b))).filter(present)
  // dist/ rebuilt when stale and the plain-node programs compiled once, before anything is timed.
  compiled("bench/clients/child.ts")
  const machine = Machine.describe()
  process.stdout.write(`${Machine.toMarkdown(machine)}\n\n`)
  const scratch = mkdtempSync(join(tmpdir(), "taxdoc-bench-"))
  const started = performance.now()
  const sections: Array<Section> = []
  const failed: Array<string> = []
  try {
    for (const id of ids) {
      process.stderr.write(`▶ ${id}\n`)
      const file = join(scratch, `${id}.json`)
      const code = await runOne(id, file)
      if (code === 0 && existsSync(file)) sections.push(JSON.parse(readFileSync(file, "utf8")) as Section)
      else failed.push(`${id} (exit ${code})`)
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
  const totalSeconds = (performance.now() - started) / 1000
  if (SMOKE) {
    process.stderr.write(`bench: smoke run, ${sections.length} of ${ids.length} benchmarks ran end to end in ${totalSeconds.toFixed(0)} s${failed.length > 0 ? `; failed: ${failed.join(", ")}` : ""}; ${RESULTS} left as it is\n`)
    process.exit(failed.length === 0 ? 0 : 1)
  }

  let text = existsSync(RESULTS) ? readFileSync(RESULTS, "utf8") : skeleton()
  text = replaceBlock(text, "machine", [
    "## Machine",
    "",
    Machine.toMarkdown(machine),
    `- Last run: ${ids.join(", ")} in ${totalSeconds.toFixed(0)} s${failed.length > 0 ? `; failed: ${failed.join(", ")}` : ""}${absent.length > 0 ? `; not written yet: ${absent.map((a) => `bench/${a}.ts`).join(", ")}` : ""}`,
    "- The machine's 2 cores were shared with other work during the run (see the load average), so absolute figures are noisy; the ratios come from sides measured alternately in the same run."
  ].join("\n"))
  for (const section of sections) {
    const recorded: Recorded = { id: section.id, title: section.title, targets: section.targets, measuredAt: machine.date }
    text = replaceBlock(text, section.id, [
      sectionToMarkdown(section),
      `_Measured ${machine.date}, load average ${machine.loadAverage.join(", ")} at the start of the run._`,
      `<!-- data ${JSON.stringify(recorded).replaceAll("-->", "--\\u003e")} -->`
    ].join("\n"))
  }
  for (const id of absent) {
    if (blockOf(text, id) === undefined) text = replaceBlock(text, id, `_${id}: \`bench/${id}.ts\` is not written yet._`)
  }
  const recorded = BENCHMARKS.flatMap((id) => {
    const match = DATA.exec(blockOf(text, id) ?? "")
    if (match !== null) return [JSON.parse(match[1]!) as Recorded]
    const pending = PENDING[id]
    return pending === undefined
      ? []
      : [{ id, title: pending.title, targets: pending.targets.map((name) => ({ name, measured: `not measured yet (\`bench/${id}.ts\`)`, met: false })), measuredAt: "" }]
  })
  text = replaceBlock(text, "summary", [
    "## Summary of targets",
    "",
    tableToMarkdown({
      headers: ["benchmark", "target", "measured", "met"],
      rows: recorded.flatMap((r) => r.targets.map((t) => [r.title, t.name, t.measured, r.measuredAt === "" ? "–" : t.met ? "yes" : "**no**"]))
    })
  ].join("\n"))
  writeFileSync(RESULTS, text)
  process.stderr.write(`bench: ${sections.length} of ${ids.length} benchmarks in ${totalSeconds.toFixed(0)} s; ${RESULTS} rewritten\n`)
  process.exit(failed.length === 0 ? 0 : 1)
}

await main()
