/**
 * Records the committed cassettes of the scenarios against fresh in-process sandboxes:
 * `npx tsx test/recordings/record.ts` records them all, `npx tsx test/recordings/record.ts statement`
 * only the ones named (`member-cashbill`, `statement`, `taxinvoice`, `taxportal-collect`). The clock
 * is the test clock, as in the suite, so that recording again gives the same files.
 */
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import * as path from "node:path"
import { COLLECT_CASSETTE, runCollectScenario } from "./collect.scenario.js"
import { CASSETTE, recordingLayer, runScenario } from "./scenario.js"
import { runStatementScenario, STATEMENT_CASSETTE, statementRecordingLayer } from "./statementScenario.js"
import * as TaxinvoiceScenario from "./taxinvoiceScenario.js"

const recordings: ReadonlyArray<readonly [cassette: string, record: Effect.Effect<unknown, unknown>]> = [
  [CASSETTE, runScenario(recordingLayer(CASSETTE, "record"))],
  [STATEMENT_CASSETTE, runStatementScenario(statementRecordingLayer(STATEMENT_CASSETTE, "record"))],
  [
    TaxinvoiceScenario.TAXINVOICE_CASSETTE,
    TaxinvoiceScenario.runScenario(TaxinvoiceScenario.recordingLayer(TaxinvoiceScenario.TAXINVOICE_CASSETTE, "record"))
  ],
  [COLLECT_CASSETTE, runCollectScenario(recordingLayer(COLLECT_CASSETTE, "record"))]
]

const named = process.argv.slice(2)
const chosen = recordings.filter(([cassette]) => named.length === 0 || named.includes(path.basename(cassette, ".json")))

const recordAll = Effect.forEach(chosen, ([cassette, record]) =>
  record.pipe(
    Effect.provide(TestClock.layer()),
    Effect.andThen(Effect.sync(() => console.log(`recorded ${cassette}`)))
  ), { discard: true })

Effect.runPromise(recordAll).catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
