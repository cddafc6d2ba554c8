/**
 * `taxdoc demo`: the guided tour (src/cli/demo/tour.ts) against a sandbox inside the process — no
 * configuration, no network. Exit code 0 only when every step behaved as the spec says.
 *
 * @since 0.1.0
 */
import { Command, Options } from "@effect/cli"
import { Console, Effect, Layer } from "effect"
import * as Kst from "../../core/Kst.js"
import { Connect, InProcess, Sandbox } from "../../sandbox/index.js"
import * as Taxdoc from "../../Taxdoc.js"
import { ExitWith } from "../errors.js"
import { json } from "../options.js"
import { printJson } from "../output.js"
import { report, text } from "./report.js"
import { runSteps } from "./steps.js"
import { steps, type TourState } from "./tour.js"

const NOON_MILLIS = 12 * 60 * 60 * 1000

// The SDK on a fresh in-process sandbox, the sandbox itself kept in reach for its clock and stats.
const demoLayer = Taxdoc.services.pipe(
  Layer.provideMerge(Connect.layerConfig()),
  Layer.provideMerge(InProcess.layer())
)

/**
 * `taxdoc demo`.
 *
 * @since 0.1.0
 * @category commands
 */
export const command = Command.make("demo", {
  json,
  outDir: Options.directory("out-dir").pipe(
    Options.withPseudoName("PATH"),
    Options.withDescription("Where to save the demo receipt's PDF (default: a new temporary directory). Example: --out-dir ./demo-out"),
    Options.optional
  )
}, (o) =>
  Effect.gen(function*() {
    const startedAt = Date.now()
    if (!o.json) {
      yield* Console.log("taxdoc demo: a guided tour of the SDK against a sandbox inside this process (no configuration, no network)")
    }
    // Noon (KST) of today in sandbox time: the tour's receipts are all issued on one day, whenever
    // it runs, and step 8 then moves the clock past that day's midnight.
    const sandbox = yield* Sandbox.Sandbox
    yield* sandbox.setClock(Kst.parse(Kst.toDate8(startedAt)) + NOON_MILLIS)
    const state: TourState = { outDir: o.outDir, documents: [] }
    const results = yield* runSteps(steps(state, startedAt), { quiet: o.json })
    const demo = report(results, state)
    yield* o.json ? printJson(demo) : Console.log(text(demo))
    if (!demo.ok) return yield* new ExitWith({ code: 1 })
  }).pipe(Effect.provide(demoLayer))).pipe(
    Command.withDescription("A guided tour against an in-process sandbox: sign-up, tokens, a receipt's life, 250 in bulk, filing, company status")
  )
