/**
 * `taxdoc cashbill bulk --durable` and `taxdoc taxinvoice bulk --durable`: the documents of a file
 * issued as a durable execution (taxdoc/workflow), in this process (`--durable` alone) or by the
 * fleet whose state is in `--journal` — this process then being one of its runners. The same
 * command again (same file, same member, same `--execution-id`) resumes the execution where it
 * stands; progress and results are shown as `bulk` shows them. Loaded only when `--durable` or
 * `--journal` is given, with the optional packages it needs.
 *
 * @since 0.1.0
 */
import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import type * as Redacted from "effect/Redacted"
import { createHash } from "node:crypto"
import type { CashReceiptIssue } from "../domains/cashbill/Schemas.js"
import type { TaxinvoiceDraft } from "../domains/taxinvoice/Schemas.js"
import * as BulkIssuance from "../workflow/BulkIssuance.js"
import * as Engine from "../workflow/Engine.js"
import type { Progress as JournalProgress } from "../workflow/Journal.js"
import type { ValidationError } from "../core/Errors.js"
import { CliError, ExitWith, type InputSource, fromFile } from "./errors.js"
import type { Target } from "./options.js"
import type { Column } from "./output.js"
import * as Progress from "./progress.js"
import * as TargetLayer from "./target.js"

/**
 * The options a durable bulk command reads.
 *
 * @since 0.1.0
 * @category models
 */
export interface DurableOptions extends Target {
  readonly corpNum: string
  readonly userId: Option.Option<string>
  readonly json: boolean
  readonly interval: Option.Option<Duration.Duration>
  readonly journal: Option.Option<Redacted.Redacted<string>>
  readonly executionId: Option.Option<string>
  readonly lease: Option.Option<Duration.Duration>
}

/**
 * The execution ID of a file when none is given: the kind, the member and the documents.
 *
 * @since 0.1.0
 * @category constructors
 */
export const executionIdOf = (kind: string, corpNum: string, userId: string | undefined, documents: unknown): string =>
  `${kind}-${createHash("sha256").update(JSON.stringify([kind, corpNum, userId ?? null, documents])).digest("hex").slice(0, 24)}`

/**
 * The line of a durable issuance's progress.
 *
 * @since 0.1.0
 * @category combinators
 */
export const describe = (p: JournalProgress): string => {
  const d = p.documents
  const parts = [`submitted ${d.submitted + d.completed}`, `issued ${p.succeeded}`, `refused ${p.failed}`]
  if (d.notIssued > 0) parts.push(`not issued ${d.notIssued}`)
  if (d.unknown > 0) parts.push(`unknown ${d.unknown}`)
  return parts.join(", ")
}

/**
 * The engine: the fleet's runners in PostgreSQL with `--journal`, this process's memory without.
 *
 * @since 0.1.0
 * @category layers
 */
export const engineOf = (o: { readonly journal: Option.Option<Redacted.Redacted<string>>; readonly lease: Option.Option<Duration.Duration> }) =>
  Option.match(o.journal, {
    onNone: () => Engine.layerMemory,
    onSome: (url) => Engine.layerRunner({ url, lease: Option.getOrUndefined(o.lease) })
  })

const issueError = <E extends { readonly _tag: string; readonly message: string }>(error: E | BulkIssuance.IssueError | Engine.RunnerError): Effect.Effect<never, E | CliError | ValidationError> => {
  switch (error._tag) {
    case "RunnerError":
      return Effect.fail(new CliError({ message: error.message, hint: "check --journal (postgres://user:password@host:port/database) and that the database is up", exitCode: 1 }))
    case "ExecutionConflict":
      return Effect.fail(new CliError({ message: error.message, hint: "give the same file to resume it, or another --execution-id", exitCode: 2 }))
    case "JournalUnavailable":
      return Effect.fail(new CliError({ message: error.message, hint: "the execution goes on where the fleet's runners can reach the database: run the same command again later", exitCode: 1 }))
    case "ExecutionNotFound":
    case "ExecutionUnfinished":
      return Effect.fail(new CliError({ message: error.message, hint: "run the same command again to resume it", exitCode: 1 }))
    default:
      return Effect.fail(error as E | ValidationError)
  }
}

const UNSENT = "not issued: its submission was refused before anything was issued; the same command sends it again"
const UNKNOWN = "outcome unknown: look the document up by its ID before sending it again"

/**
 * Issues `documents` durably and shows progress and results as `bulk` does (exit 1 when any was
 * refused or not issued).
 *
 * @since 0.1.0
 * @category handlers
 */
export const issue = <R extends { readonly code: number }>(args: {
  readonly o: DurableOptions
  readonly kind: "cashbill" | "taxinvoice"
  readonly documents: ReadonlyArray<Record<string, unknown>>
  readonly source: InputSource
  readonly noun: string
  readonly columns: ReadonlyArray<Column<R>>
  /** The row of a document whose submission has no result: not issued, or with an unknown outcome. */
  readonly missing: (key: string, message: string) => R
  readonly forceIssue?: boolean | undefined
}) =>
  Effect.gen(function*() {
    const { o } = args
    const userId = Option.getOrUndefined(o.userId)
    const executionId = Option.getOrElse(o.executionId, () => executionIdOf(args.kind, o.corpNum, userId, [args.forceIssue === true, args.documents]))
    const display = Progress.make(`issuing ${executionId}`)
    const common = {
      executionId,
      corpNum: o.corpNum,
      userId,
      pollInterval: Option.getOrElse(o.interval, () => TargetLayer.defaultInterval(o)),
      onProgress: (p: JournalProgress) => display.update(p.done, p.total, describe(p))
    }
    const run = args.kind === "cashbill"
      ? BulkIssuance.issueReceipts({ ...common, documents: args.documents as unknown as ReadonlyArray<CashReceiptIssue> })
      : BulkIssuance.issueInvoices({ ...common, forceIssue: args.forceIssue, documents: args.documents as unknown as ReadonlyArray<TaxinvoiceDraft> })
    const results = yield* (run as Effect.Effect<ReadonlyArray<BulkIssuance.DocumentResult<R>>, BulkIssuance.IssueError, never>).pipe(fromFile(args.source))
    const failed = results.filter((r) => r.status === "NotIssued" || r.status === "Unknown").length
    const rows = results.map((r) => r.result ?? args.missing(r.key, r.status === "NotIssued" ? UNSENT : UNKNOWN))
    yield* Progress.finishBulk(display, { json: o.json, noun: args.noun, columns: args.columns }, rows)
    if (failed > 0) return yield* new ExitWith({ code: 1 })
  }).pipe(
    Effect.provide(BulkIssuance.workflows.pipe(Layer.provideMerge(engineOf(args.o)), Layer.provideMerge(TargetLayer.layer(args.o, [args.o.corpNum])))),
    Effect.catch(issueError)
  )
