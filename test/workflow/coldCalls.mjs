// A process of a fleet (the built package, configured by TAXDOC_* as a user's instance is): says
// "ready", waits for "go" on stdin so that every process of the test starts cold at the same moment,
// then makes CALLS concurrent calls for each member of MEMBERS (comma-separated), prints
// "done <ok> <failed> <issued> <shared>" and exits.
import { NodeHttpClient } from "@effect/platform-node"
import { Effect, Layer, ManagedRuntime } from "effect"
import { Member, Taxdoc, Tokens } from "taxdoc"
import * as readline from "node:readline"

const members = process.env.MEMBERS.split(",")
const calls = Number(process.env.CALLS)
const runtime = ManagedRuntime.make(Taxdoc.layerConfig.pipe(Layer.provide(NodeHttpClient.layerUndici)))
await runtime.runPromise(Effect.void)
process.stdout.write("ready\n")
const lines = readline.createInterface({ input: process.stdin })
for await (const line of lines) if (line === "go") break
const outcomes = await runtime.runPromise(
  Effect.forEach(members.flatMap((corpNum) => Array.from({ length: calls }, () => corpNum)), (corpNum) =>
    Effect.result(Member.Member.use((m) => m.getCorpInfo(corpNum))), { concurrency: "unbounded" })
)
const stats = await runtime.runPromise(Tokens.Tokens.use((t) => t.stats))
const failed = outcomes.filter((o) => o._tag === "Failure")
if (failed.length > 0) process.stderr.write(`${String(failed[0].failure)}\n`)
process.stdout.write(`done ${outcomes.length - failed.length} ${failed.length} ${stats.issued} ${stats.shared}\n`)
await runtime.dispose()
lines.close()
