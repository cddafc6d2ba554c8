/**
 * Operations of a made-up "Thing" service, declared as the catalogue declares the service's own:
 * the client's transport (request building, decoding, tokens, deadlines) is tested through them
 * against scripted servers that answer whatever a test needs.
 */
import { Schema } from "effect"
import * as Operation from "../../src/core/Operation.js"

export const Thing = Schema.Struct({ name: Schema.String, count: Schema.Number })

/** `GET /{name}` with a token of scope 140. */
export const GetThing = Operation.make({
  name: "Thing.Get",
  sdk: "Thing.get",
  summary: "A thing by name.",
  method: "GET",
  path: "/{name}",
  params: Schema.Struct({ name: Schema.String }),
  scope: Operation.scope("140"),
  success: Thing,
  safeToRepeat: false
})

/** `POST /Thing/{id}?Detail&TG=PBOX` overridden as ISSUE, with a JSON body. */
export const PostThing = Operation.make({
  name: "Thing.Post",
  sdk: "Thing.post",
  summary: "A thing written.",
  method: "POST",
  path: "/Thing/{id}",
  params: Schema.Struct({ id: Schema.String }),
  query: [Operation.flag("Detail"), Operation.fixed("TG", "PBOX")],
  override: "ISSUE",
  scope: Operation.scope("140"),
  body: Operation.json(Schema.Struct({ flag: Schema.Boolean, zero: Schema.Number, empty: Schema.String, gone: Schema.optional(Schema.String) })),
  success: Thing,
  safeToRepeat: false
})

/** `GET /Thing/{id}?PDF`: a PDF document. */
export const GetThingPdf = Operation.make({
  name: "Thing.GetPDF",
  sdk: "Thing.pdf",
  summary: "A thing as a PDF document.",
  method: "GET",
  path: "/Thing/{id}",
  params: Schema.Struct({ id: Schema.String }),
  query: [Operation.flag("PDF")],
  scope: Operation.scope("140"),
  success: "pdf",
  safeToRepeat: false
})

/** `GET /Join?CorpNum=…`, called without a token. */
export const GetOpenThing = Operation.make({
  name: "Thing.Open",
  sdk: "Thing.open",
  summary: "A thing anyone may read.",
  method: "GET",
  path: "/Join",
  params: Schema.Struct({ corpNum: Schema.String }),
  query: [Operation.fromParam("CorpNum", "corpNum")],
  scope: Operation.noToken,
  success: Thing,
  safeToRepeat: false
})
