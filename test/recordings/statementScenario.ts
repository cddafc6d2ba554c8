/**
 * The recorded statement scenario: the main flow of a statement through the SDK — an estimate and
 * a bill issued, status, list and detail queries, the view, mail and mass-print URLs, the mail sent
 * again, a cancellation, a deletion, the same document ID issued again, and a refused query.
 * Written once, run against the in-process sandbox (recording) and from a cassette (replay); the
 * results must be identical.
 */
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import * as Statement from "../../src/domains/statement/Statement.js"
import * as RecordReplay from "../../src/recordings/RecordReplay.js"
import * as InProcess from "../../src/sandbox/InProcess.js"
import { tester } from "../../src/sandbox/Partners.js"
import type * as Taxdoc from "../../src/Taxdoc.js"
import { statement } from "../support/statements.js"
import { MEMBER, sdkLayer, START } from "./scenario.js"

/** The committed cassette of the statement scenario. */
export const STATEMENT_CASSETTE = new URL("../cassettes/statement.json", import.meta.url).pathname

/** A fresh sandbox with the member signed up. */
const sandboxLayer = InProcess.layer({ partners: [tester], members: [{ corpNum: MEMBER }] })

/** The recorder in `mode` over a fresh sandbox. */
export const statementRecordingLayer = (cassette: string, mode: RecordReplay.Mode) =>
  sdkLayer(RecordReplay.layer({ cassette, mode, failOnUnused: true }).pipe(Layer.provide(sandboxLayer)))

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value))

const { Estimate, Bill } = Statement.ItemCode

/** What the scenario saw, as plain JSON. */
export const statementScenario = Effect.gen(function*() {
  const statements = yield* Statement.Statement
  const issued = yield* statements.issue(MEMBER, statement(Estimate, "RR-EST-0001", MEMBER))
  const bill = yield* statements.issue(MEMBER, statement(Bill, "RR-BILL-0001", MEMBER, { purposeType: "청구" }))
  const info = yield* statements.getInfo(MEMBER, Estimate, "RR-EST-0001")
  const infos = yield* statements.getInfos(MEMBER, Estimate, ["RR-MISSING", "RR-EST-0001"])
  const detail = yield* statements.getDetailInfo(MEMBER, Estimate, "RR-EST-0001")
  const view = yield* statements.getViewURL(MEMBER, Estimate, "RR-EST-0001")
  const mail = yield* statements.getMailURL(MEMBER, Estimate, "RR-EST-0001")
  const massPrint = yield* statements.getMassPrintURL(MEMBER, Bill, ["RR-BILL-0001"])
  const emailed = yield* statements.sendEmail(MEMBER, Estimate, "RR-EST-0001", "again@example.com")
  yield* TestClock.adjust("1 hour")
  const cancelled = yield* statements.cancel(MEMBER, Estimate, "RR-EST-0001", "견적 철회")
  const afterCancel = yield* statements.getInfo(MEMBER, Estimate, "RR-EST-0001")
  const deleted = yield* statements.delete(MEMBER, Estimate, "RR-EST-0001")
  const reissued = yield* statements.issue(MEMBER, statement(Estimate, "RR-EST-0001", MEMBER))
  const refused = yield* Effect.flip(statements.getInfo(MEMBER, Bill, "RR-NOPE"))
  return plain({
    issued,
    bill,
    info,
    infos,
    detail,
    urls: [{ kind: "VIEW", url: view }, { kind: "MAIL", url: mail }, { kind: "MASSPRINT", url: massPrint }],
    emailed,
    cancelled,
    afterCancel,
    deleted,
    reissued,
    refused: { tag: refused._tag, ...(refused._tag === "ApiError" ? { code: refused.code, status: refused.status } : {}) }
  })
})

/** Runs the scenario from START with the given layer. */
export const runStatementScenario = <E>(layer: Layer.Layer<Taxdoc.Services | RecordReplay.Recorder, E>) =>
  Effect.andThen(TestClock.setTime(START), Effect.provide(statementScenario, layer))
