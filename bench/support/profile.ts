/**
 * Reads a V8 CPU profile (`node --cpu-prof`) and prints the functions with the most self time and
 * the most total time, as shares of the busy samples (idle samples left out: a client process of
 * the benchmarks waits between its rounds): `tsx bench/support/profile.ts <file.cpuprofile> [count]`.
 *
 * @since 0.1.0
 */
import { readFileSync } from "node:fs"
import { isMain } from "./program.js"

interface ProfileNode {
  readonly id: number
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number }
  readonly children?: ReadonlyArray<number>
}

interface CpuProfile {
  readonly nodes: ReadonlyArray<ProfileNode>
  readonly samples: ReadonlyArray<number>
  readonly timeDeltas: ReadonlyArray<number>
}

/**
 * A function's share of the samples.
 *
 * @since 0.1.0
 * @category models
 */
export interface Frame {
  readonly name: string
  readonly self: number
  readonly total: number
}

const nameOf = (node: ProfileNode): string => {
  const { functionName, url, lineNumber } = node.callFrame
  const path = url.replace(/^file:\/\//, "")
  // Packages by name; this repository's files (dist/, src/, bench/, .tmp/) from its root.
  const file = path.includes("/node_modules/") ? path.replace(/^.*\/node_modules\//, "") : path.replace(/^.*?\/((dist|src|bench|\.tmp)\/)/, "$1")
  return `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}`
}

/**
 * Self and total shares (0–1) of the busy samples per function, largest self first.
 *
 * @since 0.1.0
 * @category constructors
 */
export const framesOf = (profile: CpuProfile): ReadonlyArray<Frame> => {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  const self = new Map<string, number>()
  const total = new Map<string, number>()
  let all = 0
  for (const id of profile.samples) {
    const node = byId.get(id)
    if (node === undefined || node.callFrame.functionName === "(idle)") continue
    all++
    self.set(nameOf(node), (self.get(nameOf(node)) ?? 0) + 1)
    const seen = new Set<string>()
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = nameOf(byId.get(at)!)
      if (seen.has(name)) continue
      seen.add(name)
      total.set(name, (total.get(name) ?? 0) + 1)
    }
  }
  return [...total.keys()]
    .map((name) => ({ name, self: (self.get(name) ?? 0) / all, total: (total.get(name) ?? 0) / all }))
    .sort((a, b) => b.self - a.self)
}

if (isMain(import.meta.url)) {
  const file = process.argv[2]
  if (file === undefined) throw new Error("usage: tsx bench/support/profile.ts <file.cpuprofile> [count]")
  const limit = Number(process.argv[3] ?? 30)
  const frames = framesOf(JSON.parse(readFileSync(file, "utf8")) as CpuProfile)
  const pct = (n: number) => `${(n * 100).toFixed(1).padStart(5)} %`
  console.log("self     total    function")
  for (const f of frames.slice(0, limit)) console.log(`${pct(f.self)}  ${pct(f.total)}  ${f.name}`)
  console.log("\nby total time")
  for (const f of [...frames].sort((a, b) => b.total - a.total).slice(0, limit)) console.log(`${pct(f.self)}  ${pct(f.total)}  ${f.name}`)
}
