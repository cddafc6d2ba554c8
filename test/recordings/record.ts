/**
 * Records the committed cassettes of the scenarios against fresh in-process sandboxes:
 * `npx tsx test/recordings/record.ts`. The clock is the test clock, as in the suite, so that
 * recording again gives the same files.
 */
import { Effect, TestContext } from "effect"
import { CASSETTE, recordingLayer, runScenario } from "./scenario.js"
import { runStatementScenario, STATEMENT_CASSETTE, statementRecordingLayer } from "./statementScenario.js"

const recordAll = Effect.gen(function*() {
  yield* runScenario(recordingLayer(CASSETTE, "record"))
  yield* runStatementScenario(statementRecordingLayer(STATEMENT_CASSETTE, "record"))
})

Effect.runPromise(recordAll.pipe(Effect.provide(TestContext.TestContext))).then(
  () => console.log(`recorded ${CASSETTE} and ${STATEMENT_CASSETTE}`),
  (error: unknown) => {
    console.error(error)
    process.exitCode = 1
  }
)
