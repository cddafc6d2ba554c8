/**
 * What `taxdoc demo` does (its options: ./options.ts): the tour on a fresh in-process sandbox,
 * then the report — text, or one JSON document with `--json`.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Kst from "../../core/Kst.js"
import * as RecordReplay from "../../recordings/RecordReplay.js"
import * as Scrub from "../../recordings/Scrub.js"
import { tester, TESTER_SECRET } from "../../sandbox/Partners.js"
import * as Taxdoc from "../../Taxdoc.js"
import { ExitWith } from "../errors.js"
import type { Parsed } from "../lazy.js"
import { printJson, printLine } from "../output.js"
import * as Terminal from "../terminal.js"
import * as Admin from "./admin.js"
import { REFUSED } from "./receipts.js"
import type { TourState } from "./context.js"
import type { demoOptions } from "./options.js"
import { report, text } from "./report.js"
import { runSteps } from "./steps.js"
import { steps } from "./tour.js"

const NOON_MILLIS = 12 * 60 * 60 * 1000

// The buyer numbers the demo chose for the sandbox's tax authority to refuse are no one's: they stay
// in a recording, so that a replay against the sandbox refuses the same receipts.
const REFUSED_IDENTITIES = new Set(Object.values(REFUSED).map((r) => r.identityNum))
const personalData = Scrub.defaultPersonalData.map((rule) =>
  rule.kind === "identity" ? { ...rule, keep: (value: string) => REFUSED_IDENTITIES.has(value) } : rule
)

// The SDK on a fresh in-process sandbox, the sandbox itself kept in reach for its clock and stats;
// with `--record`, every exchange goes through the recorder, written (scrubbed) when the tour ends.
// A recording is made with partner TESTER's published secret, the one the recorder watches for.
const demoLayer = (record: Option.Option<string>) =>
  Taxdoc.layerSandbox(Option.match(record, {
    onNone: () => ({}),
    onSome: (cassette) => ({
      sandbox: { partners: [tester] },
      transport: RecordReplay.layer({ cassette, mode: "record", secrets: [Redacted.make(TESTER_SECRET)], personalData })
    })
  }))

/**
 * `taxdoc demo`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const demo = (o: Parsed<typeof demoOptions>) =>
  Effect.gen(function*() {
    const startedAt = yield* Clock.currentTimeMillis
    if (!o.json) {
      yield* printLine(Terminal.wrap("taxdoc demo: a guided tour of the SDK against a sandbox inside this process (no configuration, no network)", Terminal.stdout().columns))
    }
    // Noon (KST) of today in sandbox time: the tour's receipts are all issued on one day, whenever
    // it runs, and step 8 then moves the clock past that day's midnight.
    yield* Admin.setClock(Kst.parse(Kst.toDate8(startedAt)) + NOON_MILLIS)
    const state: TourState = { outDir: o.outDir, documents: [] }
    const results = yield* runSteps(steps(state, startedAt), { quiet: o.json })
    const demo = report(results, state)
    yield* o.json ? printJson(demo) : printLine(text(demo))
    if (!demo.ok) return yield* new ExitWith({ code: 1 })
  }).pipe(Effect.provide(demoLayer(o.record)))
