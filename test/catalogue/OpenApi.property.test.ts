/**
 * The sandbox honours the OpenAPI document: for every operation and generated valid inputs, sent
 * by the SDK to the in-process sandbox, every answer (token issuance included) validates against
 * docs/openapi.json — a 200 against the operation's answer schema (or is a PDF where the document
 * says so), any other status against the error answer — in the published form and in the strict
 * one (no member the schema does not name).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { TaxdocClient } from "../../src/core/Client.js"
import * as Catalogue from "../../src/domains/Catalogue.js"
import * as Sdk from "../support/sdk.js"
import { anyInput, asInput, NOW } from "./inputs.js"
import { type Answer, capturing, problemsOf } from "./openapi.js"

const pdf = new Set(Catalogue.operations.filter((o) => o.success === "pdf").map((o) => o.name))
const operations = Catalogue.operations.filter((o) => o.name !== "Auth.Token")

describe("the sandbox's answers", () => {
  it.effect.prop(
    "validate against the OpenAPI document, whatever the operation and its valid input",
    [anyInput(operations)],
    ([{ input, operation }]) => {
      const answers: Array<Answer> = []
      return Effect.gen(function*() {
        yield* TestClock.setTime(NOW)
        const client = yield* TaxdocClient
        yield* Effect.exit(client.call(operation, asInput(operation, input)))
        expect(answers.map((a) => a.operation)).toContain(operation.name)
        expect(answers.flatMap((a) => problemsOf(a, pdf.has(a.operation)))).toEqual([])
      }).pipe(Effect.provide(Sdk.layer({ sandbox: { members: [{ corpNum: Sdk.MEMBER }] }, around: capturing(answers) })))
    },
    { arbitrary: { runs: 150 } }
  )
})
