/** Helpers for tests of the durable sandbox: data directories, and the stored form of a state. */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { onTestFinished } from "@effect/vitest"
import { Effect } from "effect"
import { codecs } from "../../../src/sandbox/Codecs.js"
import { Lazy } from "../../../src/sandbox/durable/Durable.js"
import type { SandboxService } from "../../../src/sandbox/Sandbox.js"
import { type Entry, SandboxStore } from "../../../src/sandbox/Store.js"

/** A fresh, empty data directory, removed when the test finishes. */
export const dataDirectory = (): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "taxdoc-data-"))
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** Every row the codecs make of `entries`, as `environment domain part key` → JSON text (bytes as hex). */
export const dumpOf = (entries: ReadonlyArray<Entry>): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const entry of entries) {
    const codec = codecs.find((c) => c.slot.key === entry.slot.key)
    if (codec === undefined) continue
    const add = (part: string, rows: Iterable<readonly [string, unknown]>) => {
      for (const [key, value] of rows) {
        const row = value instanceof Lazy ? value.row() : value
        out[`${entry.environment} ${entry.slot.key} ${part} ${key}`] = row instanceof Uint8Array ? Buffer.from(row).toString("hex") : JSON.stringify(row)
      }
    }
    for (const part of codec.parts(entry.state)) add(part, codec.rows(entry.state, part))
    const globals = codec.globals(entry.state)
    // The globals of an empty slot are what loading one without them gives: none are stored.
    if (globals !== undefined && JSON.stringify(globals) !== JSON.stringify(codec.globals(codec.slot.empty()))) add("", [["globals", globals]])
  }
  return out
}

/** The stored form of a sandbox's whole state, with its clock offset and progression policies. */
export const stateOf = (sandbox: SandboxService) =>
  Effect.all({
    rows: sandbox.use(Effect.map(SandboxStore, (store) => dumpOf(store.entries()))),
    offset: Effect.map(sandbox.clock, (c) => c.offset),
    progressions: sandbox.progressions
  })
