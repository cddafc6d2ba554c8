/**
 * Bulk issuance of made-up "things" against a scripted service (`service`): a kind of document, its
 * submit and result operations declared as the catalogue declares the service's own, and the client
 * over the scripted service.
 */
import { Effect, Layer, Schema } from "effect"
import { HttpClientError, HttpClientRequest } from "effect/http"
import * as BulkSubmission from "../../src/core/BulkSubmission.js"
import * as Client from "../../src/core/Client.js"
import type * as Config from "../../src/core/Config.js"
import * as Operation from "../../src/core/Operation.js"
import * as Fake from "./FakeService.js"

export const Thing = Schema.Struct({ key: Schema.String, amount: Schema.Number })
export type Thing = typeof Thing.Type
export const ThingResult = Schema.Struct({ key: Schema.String, code: Schema.Number, message: Schema.optional(Schema.String) })
export type ThingResult = typeof ThingResult.Type

export const BulkSubmit = Operation.make({
  name: "Thing.BulkSubmit",
  sdk: "Thing.bulkSubmit",
  summary: "things submitted for issue",
  method: "POST",
  path: "/Thing",
  override: "BULKISSUE",
  params: Schema.Struct({ submitID: Schema.String }),
  headers: { [Operation.SUBMIT_ID_HEADER]: "submitID" },
  digest: true,
  scope: Operation.scope("140"),
  body: Operation.json(Schema.Struct({ things: Schema.Array(Thing) })),
  success: Schema.Struct({ code: Schema.Number, receiptID: Schema.String }),
  safeToRepeat: true
})

export const GetBulkResult = Operation.make({
  name: "Thing.GetBulkResult",
  sdk: "Thing.getBulkResult",
  summary: "the state of a submission",
  method: "GET",
  path: "/Thing/BULK/{submitID}/State",
  params: Schema.Struct({ submitID: Schema.String }),
  scope: Operation.scope("140"),
  success: Schema.Struct({ txState: Schema.Number, issueResult: Schema.optional(Schema.NullOr(Schema.Array(ThingResult))) }),
  safeToRepeat: true
})

export const things = BulkSubmission.kind({
  operation: "Thing.issueMany",
  submit: BulkSubmit,
  result: GetBulkResult,
  completed: 2,
  size: 100,
  bodyOf: (documents: ReadonlyArray<Thing>) => ({ things: documents }),
  keyOfDocument: (thing: Thing) => thing.key,
  keyOfResult: (result: ThingResult) => result.key,
  missing: (key: string): ThingResult => ({ key, code: -99999999, message: "not mentioned" })
})

export const CORP = "1234567890"
export const member = { corpNum: CORP }
export const documents = (n: number, refused: (i: number) => boolean = () => false): ReadonlyArray<Thing> =>
  Array.from({ length: n }, (_, i) => ({ key: `T-${String(i).padStart(4, "0")}`, amount: refused(i) ? -1 : i }))

export interface Submitted {
  readonly submitId: string
  readonly digest: string | undefined
  readonly body: string
  polls: number
}

/**
 * The scripted service: a submission completes on its second poll, its results in reverse order
 * (a negative amount refused, `forget` left out); `failSubmit` makes a submission's request fail.
 */
export const service = (options: { readonly forget?: string; readonly failSubmit?: (index: number) => unknown } = {}) => {
  const submitted: Array<Submitted> = []
  let submits = 0
  const state = Fake.makeState((seen) => {
    const path = new URL(seen.url).pathname
    if (seen.method === "POST") {
      const index = submits++
      const failure = options.failSubmit?.(index)
      if (failure !== undefined) {
        return Effect.fail(new HttpClientError.HttpClientError({ reason: new HttpClientError.TransportError({ request: HttpClientRequest.post(seen.url), cause: failure }) })) as never
      }
      const submitId = seen.headers[Operation.SUBMIT_ID_HEADER]!
      submitted.push({ submitId, digest: seen.headers[Operation.DIGEST_HEADER], body: seen.body, polls: 0 })
      return Effect.succeed({ status: 200, body: JSON.stringify({ code: 1, receiptID: `R-${submitId}` }) })
    }
    const submitId = path.split("/")[3]!
    const submission = submitted.find((s) => s.submitId === submitId)
    if (submission === undefined) return Effect.succeed({ status: 404, body: JSON.stringify({ code: -14000003, message: "no such submission" }) })
    submission.polls++
    if (submission.polls < 2) return Effect.succeed({ status: 200, body: JSON.stringify({ txState: 1 }) })
    const sent = (JSON.parse(submission.body) as { things: Array<Thing> }).things
    const results = sent.filter((t) => t.key !== options.forget).map((t) => (t.amount < 0 ? { key: t.key, code: -1, message: "refused" } : { key: t.key, code: 1 }))
    return Effect.succeed({ status: 200, body: JSON.stringify({ txState: 2, issueResult: results.reverse() }) })
  })
  return { state, submitted }
}

/** `body` with the client over `state` (backoff from 10 ms, and the settings `overrides` gives). */
export const withClient = <A, E, R>(state: Fake.FakeState, body: (client: Client.TaxdocClientShape) => Effect.Effect<A, E, R>, overrides: Partial<Config.Options> = {}) =>
  Effect.flatMap(Client.TaxdocClient, body).pipe(Effect.provide(Layer.provide(Client.layer, Fake.layer(state, { retryBaseDelay: "10 millis", ...overrides }))))

