/**
 * One rule for absent values (docs/service.md "What the published clients send"): for every
 * operation whose body has an optional field, any valid input sent with some of its optional
 * fields left out gets the same answer from the sandbox as the same input with those fields sent as
 * `null` or `""` — in the form of the client that keeps every key of its model (ASCII-only JSON with
 * `\uXXXX` escapes and spaces after `:` and `,`). Each form is sent to a fresh sandbox in the same
 * state, made by the same set-up calls (a revocation's original, a draft to issue, a statement to
 * cancel), so conditionally required fields are covered too: a partial revocation whose amount is
 * `null` is refused exactly as one without it. After a success, what the sandbox kept is read back
 * (the document's detail, a bulk submission's result once processed) and must be the same too.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Redacted, Result } from "effect"
import { HttpClient, HttpClientRequest } from "effect/http"
import { TestClock } from "effect/testing"
import * as fc from "fast-check"
import { renderQuery, TaxdocClient } from "../../src/core/Client.js"
import * as Operation from "../../src/core/Operation.js"
import * as RequestBuilder from "../../src/core/RequestBuilder.js"
import * as Signing from "../../src/core/Signing.js"
import { Tokens } from "../../src/core/Tokens.js"
import * as Catalogue from "../../src/domains/Catalogue.js"
import * as Cashbill from "../../src/domains/cashbill/Operations.js"
import * as Member from "../../src/domains/member/Operations.js"
import * as Statement from "../../src/domains/statement/Operations.js"
import * as Taxinvoice from "../../src/domains/taxinvoice/Operations.js"
import { SANDBOX_ORIGIN } from "../../src/sandbox/InProcess.js"
import { asciiJson } from "../sandbox/support.js"
import { receipt } from "../support/receipts.js"
import * as Sdk from "../support/sdk.js"
import { statement } from "../support/statements.js"
import { draft } from "../support/invoices.js"
import { type AbsentForm, hasOptionalField, optionalFields, type Path, withAbsent } from "./absent.js"
import { type AnyInput, asInput, inputs, NOW } from "./inputs.js"
import * as Kst from "../../src/core/Kst.js"

const bodySchemaOf = (operation: Operation.Any) => (operation.body._tag === "Json" ? operation.body.schema : undefined)

/** Every operation whose JSON body has an optional field (token issuance is signed apart). */
const operations = Catalogue.operations.filter((operation) => {
  const schema = bodySchemaOf(operation)
  return operation.name !== "Auth.Token" && schema !== undefined && hasOptionalField(schema.ast)
})

type Setup = (input: AnyInput) => Effect.Effect<AnyInput, never, TaxdocClient>

const call = <O extends Operation.Any>(operation: O, input: Operation.Input<O>) =>
  Effect.flatMap(TaxdocClient, (client) => Effect.orDie(client.call(operation, input)))

/** A revocation of an original issued first (full, or partial within the original's amounts). */
const revocation = fc.record({
  mgtKey: fc.constant("REVOKE-1"),
  memo: fc.option(fc.string({ minLength: 1, maxLength: 200 }), { nil: undefined }),
  emailSubject: fc.option(fc.string({ minLength: 1, maxLength: 300 }), { nil: undefined }),
  smssendYN: fc.option(fc.boolean(), { nil: undefined }),
  part: fc.option(
    fc.record({ cancelType: fc.option(fc.constantFrom(1, 2, 3), { nil: undefined }), supplyCost: fc.integer({ min: 0, max: 10_000 }), tax: fc.integer({ min: 0, max: 1_000 }) })
      .filter((p) => p.supplyCost + p.tax > 0),
    { nil: undefined }
  )
}).map(({ part, ...rest }) => {
  const amounts = part === undefined ? {} : {
    isPartCancel: true,
    ...(part.cancelType === undefined ? {} : { cancelType: part.cancelType }),
    supplyCost: String(part.supplyCost),
    tax: String(part.tax),
    serviceFee: "0",
    totalAmount: String(part.supplyCost + part.tax)
  }
  const defined = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined))
  return { corpNum: Sdk.MEMBER, body: { ...defined, orgConfirmNum: "", orgTradeDate: "", ...(part === undefined ? { isPartCancel: false } : amounts) } }
})

/** Generators that differ from the catalogue's, where the operation needs a document first. */
const generators: Readonly<Record<string, fc.Arbitrary<AnyInput>>> = {
  "Cashbill.RevokeRegistIssue": revocation
}

/** The calls that put each sandbox in the state the operation needs, and the input made to fit it. */
const setups: Readonly<Record<string, Setup>> = {
  "Cashbill.RevokeRegistIssue": (input) =>
    Effect.map(call(Cashbill.RegistIssue, { corpNum: Sdk.MEMBER, body: receipt("ORIGINAL-1", Sdk.MEMBER) }), (original) => ({
      ...input,
      body: { ...(input.body as object), orgConfirmNum: original.confirmNum, orgTradeDate: original.tradeDate }
    })),
  "Statement.Cancel": (input) => {
    const { itemCode, mgtKey } = input.params as { readonly itemCode: string; readonly mgtKey: string }
    return Effect.as(call(Statement.RegistIssue, { corpNum: Sdk.MEMBER, body: statement(Number(itemCode) as 121, mgtKey, Sdk.MEMBER) }), input)
  },
  "Taxinvoice.Issue": (input) => {
    const { MgtKey } = input.params as { readonly MgtKey: string }
    return Effect.as(
      call(Taxinvoice.Register, { corpNum: Sdk.MEMBER, body: draft(MgtKey, Sdk.MEMBER, Kst.toDate8(NOW)) }),
      { ...input, params: { MgtKeyType: "SELL", MgtKey } }
    )
  },
  "Member.UpdateContact": (input) => {
    const { id } = input.body as { readonly id: string }
    return Effect.as(call(Member.RegistContact, { corpNum: Sdk.MEMBER, body: { id, password: "secret12!", personName: "직원", tel: "02-1-2", email: "a@example.com" } }), input)
  }
}

const readBack = <O extends Operation.Any>(operation: O, input: Operation.Input<O>) =>
  Effect.map(call(operation, input), (answer) => JSON.parse(JSON.stringify(answer)) as unknown)

/** A bulk submission's result once processed (each poll advances it). */
const bulkResult = (operation: typeof Cashbill.GetBulkResult | typeof Taxinvoice.GetBulkResult, submitID: string) =>
  readBack(operation, { corpNum: Sdk.MEMBER, params: { submitID } }).pipe(
    Effect.repeat({ until: (result) => (result as { readonly txState: number }).txState === 2, times: 10 })
  )

const bodyField = (input: AnyInput, field: string): string => String((input.body as Record<string, unknown>)[field])
const paramOf = (input: AnyInput, name: string): string => String((input.params as Record<string, unknown>)[name])

/** What the sandbox kept after a success, read back. */
const readBacks: Readonly<Record<string, (input: AnyInput) => Effect.Effect<unknown, never, TaxdocClient>>> = {
  "Cashbill.RegistIssue": (input) => readBack(Cashbill.GetDetailInfo, { corpNum: Sdk.MEMBER, params: { mgtKey: bodyField(input, "mgtKey") } }),
  "Cashbill.RevokeRegistIssue": (input) => readBack(Cashbill.GetDetailInfo, { corpNum: Sdk.MEMBER, params: { mgtKey: bodyField(input, "mgtKey") } }),
  "Cashbill.BulkSubmit": (input) => bulkResult(Cashbill.GetBulkResult, paramOf(input, "submitID")),
  "Statement.RegistIssue": (input) =>
    readBack(Statement.GetDetailInfo, { corpNum: Sdk.MEMBER, params: { itemCode: bodyField(input, "itemCode"), mgtKey: bodyField(input, "mgtKey") } }),
  "Taxinvoice.Register": (input) =>
    readBack(Taxinvoice.GetDetailInfo, { corpNum: Sdk.MEMBER, params: { MgtKeyType: "SELL", MgtKey: bodyField(input, "invoicerMgtKey") } }),
  "Taxinvoice.BulkIssue": (input) => bulkResult(Taxinvoice.GetBulkResult, paramOf(input, "submitID"))
}

/** The answer of the sandbox to `input` with its body written by `write`, in a fresh sandbox after the operation's set-up. */
const answerTo = (operation: Operation.Any, generated: AnyInput, write: (body: unknown) => unknown) =>
  Effect.gen(function*() {
    yield* TestClock.setTime(NOW)
    const input = yield* (setups[operation.name] ?? Effect.succeed)(generated)
    const built = RequestBuilder.request(operation, asInput(operation, input), NOW)
    if (Result.isFailure(built)) return yield* Effect.die(new Error(`${operation.name}: a generated input is invalid: ${built.failure.message}`))
    const bytes = Signing.utf8(asciiJson(write(input.body)))
    const scopes = Operation.tokenScopes(operation)!
    const token = yield* Effect.flatMap(Tokens, (tokens) => tokens.get(input.corpNum ?? Sdk.MEMBER, scopes)).pipe(Effect.orDie)
    const headers = { ...built.success.headers, ...(operation.digest ? { [Operation.DIGEST_HEADER]: Signing.messageDigest(bytes) } : {}) }
    let request = HttpClientRequest.make(built.success.method)(`${SANDBOX_ORIGIN}${built.success.path}${renderQuery(built.success.query)}`).pipe(
      HttpClientRequest.setHeaders({ ...headers, "x-svc-version": "1.0" }),
      HttpClientRequest.bearerToken(Redacted.value(token)),
      HttpClientRequest.bodyUint8Array(bytes, "application/json; charset=utf8")
    )
    if (built.success.override !== undefined) request = HttpClientRequest.setHeader(request, "x-http-method-override", built.success.override)
    const response = yield* Effect.flatMap(HttpClient.HttpClient, (http) => http.execute(request)).pipe(Effect.orDie)
    const body = yield* Effect.orDie(response.json)
    const kept = response.status === 200 ? yield* (readBacks[operation.name] ?? (() => Effect.void))(input) : undefined
    return { status: response.status, body, kept }
  }).pipe(Effect.scoped, Effect.provide(Sdk.layer({ sandbox: { members: [{ corpNum: Sdk.MEMBER }] } })))

/** Some of the optional fields of a generated input, each with the form it takes on the wire. */
const blanked = (operation: Operation.Any) =>
  (generators[operation.name] ?? inputs[operation.name]!).chain((input) => {
    const fields = optionalFields(bodySchemaOf(operation)!.ast, input.body)
    const forms = fc.constantFrom<AbsentForm>("left out", "null", "empty string")
    return fc.tuple(fc.constant(input), fc.subarray(fields.map((f) => [...f] as Path), { minLength: Math.min(1, fields.length) }).chain((chosen) =>
      fc.tuple(...chosen.map((path) => fc.tuple(fc.constant(path), forms)))
    ))
  })

describe("absent values: left out, null and \"\" are one", () => {
  it("covers every operation with optional body fields", () => {
    expect(operations.map((o) => o.name)).toEqual(expect.arrayContaining([
      "Cashbill.RegistIssue",
      "Cashbill.RevokeRegistIssue",
      "Cashbill.BulkSubmit",
      "Statement.RegistIssue",
      "Statement.Cancel",
      "Taxinvoice.Register",
      "Taxinvoice.Issue",
      "Taxinvoice.BulkIssue",
      "Member.RegistContact",
      "Member.UpdateContact",
      "TaxPortalTaxinvoice.RegistDeptUser",
      "TaxPortalCashbill.RegistDeptUser"
    ]))
  })

  // The generators are fast-check's (a revocation's original, the optional fields of the drawn
  // input); each case runs on a TestClock of its own, in fresh sandboxes.
  for (const operation of operations) {
    it(`${operation.name}: the same answer whether optional fields are left out or sent as null or ""`, async () => {
      await fc.assert(
        fc.asyncProperty(blanked(operation), async ([input, chosen]) => {
          const [tidy, wire] = await Effect.runPromise(Effect.all([
            answerTo(operation, input, (body) => chosen.reduce<unknown>((b, [path]) => withAbsent(b, path, "left out"), body)),
            answerTo(operation, input, (body) => chosen.reduce<unknown>((b, [path, form]) => withAbsent(b, path, form), body))
          ]).pipe(Effect.provide(TestClock.layer())))
          expect(wire, chosen.map(([path, form]) => `${path.join(".")}: ${form}`).join(", ")).toEqual(tidy)
        }),
        { numRuns: 12, endOnFailure: true }
      )
    })
  }
})
