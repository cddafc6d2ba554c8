/**
 * Every operation of the catalogue answers a success through the SDK's generic call against the
 * in-process sandbox, and that answer decodes with the declared success schema (the script:
 * scenario.ts).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as Catalogue from "../../src/domains/Catalogue.js"
import * as Sdk from "../support/sdk.js"
import { CORP, everyOperation } from "./scenario.js"

describe("every operation of the catalogue", () => {
  it.effect("answers a success through the generic call, decoded with its declared schema", () =>
    Effect.gen(function*() {
      const succeeded = yield* everyOperation
      expect([...succeeded].sort()).toEqual(Catalogue.operations.map((o) => o.name).sort())
    }).pipe(Effect.provide(Sdk.layer({ sandbox: { members: [{ corpNum: CORP }] } }))))
})
