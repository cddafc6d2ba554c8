/**
 * The description of the machine a run happened on, written at the top of RESULTS.md.
 *
 * @since 0.1.0
 */
import * as Os from "node:os"

/**
 * What the results depend on.
 *
 * @since 0.1.0
 * @category models
 */
export interface Machine {
  readonly cpuModel: string
  readonly cores: number
  readonly speedMHz: number
  readonly memoryBytes: number
  readonly platform: string
  readonly node: string
  readonly v8: string
  readonly loadAverage: ReadonlyArray<number>
  readonly date: string
}

/**
 * Describes this machine now.
 *
 * @since 0.1.0
 * @category constructors
 */
export const describe = (): Machine => {
  const cpus = Os.cpus()
  return {
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    cores: cpus.length,
    speedMHz: cpus[0]?.speed ?? 0,
    memoryBytes: Os.totalmem(),
    platform: `${Os.type()} ${Os.release()} ${Os.arch()}`,
    node: process.version,
    v8: process.versions.v8,
    loadAverage: Os.loadavg().map((n) => Math.round(n * 100) / 100),
    date: new Date().toISOString()
  }
}

/**
 * The description as Markdown list items.
 *
 * @since 0.1.0
 * @category formatting
 */
export const toMarkdown = (machine: Machine): string =>
  [
    `- CPU: ${machine.cpuModel}, ${machine.cores} cores${machine.speedMHz > 0 ? ` @ ${machine.speedMHz} MHz` : ""}`,
    `- Memory: ${(machine.memoryBytes / 1024 ** 3).toFixed(1)} GiB`,
    `- OS: ${machine.platform}`,
    `- Node ${machine.node} (V8 ${machine.v8})`,
    `- Load average at start (1, 5, 15 min): ${machine.loadAverage.join(", ")}`,
    `- Run at ${machine.date}`
  ].join("\n")
