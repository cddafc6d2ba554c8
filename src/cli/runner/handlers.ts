/**
 * What `taxdoc runner` does (its options: ./options.ts): the workflows of durable bulk issuance,
 * on this process as a runner of the fleet in `--journal`, issuing with the target's SDK. It says
 * on stderr where it listens, and a line for each submission it completes; Ctrl-C or SIGTERM stop
 * it (exit code 0).
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as BulkIssuance from "../../workflow/BulkIssuance.js"
import * as Engine from "../../workflow/Engine.js"
import { CliError } from "../errors.js"
import type { Parsed } from "../lazy.js"
import { printErrorLine } from "../output.js"
import { stopsOnSignal } from "../signal.js"
import * as Target from "../target.js"
import type { runnerOptions } from "./options.js"

/**
 * `taxdoc runner`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const runner = (o: Parsed<typeof runnerOptions>) =>
  Effect.gen(function*() {
    const listenHost = Option.getOrUndefined(o.listenHost)
    const port = Option.isSome(o.port) ? o.port.value : yield* Engine.freePort(listenHost ?? o.host)
    const engine = Engine.layerRunner({
      url: o.journal,
      host: o.host,
      port,
      listenHost,
      lease: Option.getOrUndefined(o.lease),
      onSubmissionEnded: (executionId, submission, end) =>
        printErrorLine(`runner: ${executionId} submission ${submission} ${end.state}: ${end.succeeded} of ${end.results.length} issued`)
    })
    const layer = BulkIssuance.workflows.pipe(
      Layer.provideMerge(engine),
      Layer.provide(Target.layer(o))
    )
    yield* stopsOnSignal
    yield* Effect.provide(
      Effect.andThen(printErrorLine(`runner: listening at ${o.host}:${port}, working on the fleet's durable issuances (Ctrl-C stops)`), Effect.never),
      layer
    )
  }).pipe(
    Effect.catchTag("RunnerError", (error) =>
      Effect.fail(new CliError({ message: error.message, hint: "check --journal (postgres://user:password@host:port/database), that the database is up and --port is free", exitCode: 1 })))
  )
