/**
 * An empty body (`Content-Length: 0`) on an operation that declares a JSON object body: `{}` when
 * the schema accepts `{}` (statement Cancel from one client), otherwise a malformed
 * request as before.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { ErrorCodes } from "../../src/core/ErrorCodes.js"
import * as Operation from "../../src/core/Operation.js"
import { implement, json } from "../../src/sandbox/routing/Route.js"
import { api, sandboxLayer } from "./support.js"

const probe = (name: string, body: Operation.AnyCodec) =>
  Operation.make({
    name: `Probe.${name}`,
    sdk: `Probe.${name}`,
    summary: "probe",
    method: "POST",
    path: `/Probe/${name}`,
    scope: Operation.noToken,
    body: Operation.json(body),
    success: Schema.Unknown,
    safeToRepeat: false
  })

const routes = [
  implement(probe("Optional", Schema.Struct({ memo: Schema.optional(Schema.String) })), (request) => Effect.map(request.input, (input) => json({ input }))),
  implement(probe("Required", Schema.Struct({ memo: Schema.String })), (request) => Effect.map(request.input, (input) => json({ input })))
]

describe("an empty JSON body", () => {
  it.effect("stands for {} where the schema accepts {}; is still malformed where it does not", () =>
    Effect.gen(function*() {
      const empty = { "content-length": "0" }
      const optional = yield* api({ method: "POST", path: "/Probe/Optional", rawBody: "", headers: empty })
      expect(optional).toMatchObject({ status: 200, body: { input: {} } })
      const blank = yield* api({ method: "POST", path: "/Probe/Optional", rawBody: " \r\n" })
      expect(blank).toMatchObject({ status: 200, body: { input: {} } })
      const given = yield* api({ method: "POST", path: "/Probe/Optional", body: { memo: "x" } })
      expect(given).toMatchObject({ status: 200, body: { input: { memo: "x" } } })
      const required = yield* api({ method: "POST", path: "/Probe/Required", rawBody: "", headers: empty })
      expect(required.status).toBe(400)
      expect(required.body).toMatchObject({ code: ErrorCodes.InvalidRequest.code })
    }).pipe(Effect.provide(sandboxLayer({ routes }))))
})
