/**
 * The durable sandbox under every operation of the catalogue (the script of
 * test/catalogue/scenario.ts): after each answer nothing of the state is left unsaved, and the data
 * directory opened again holds the same state (the facts of every slot, the clock offset, the
 * progression policies).
 */
import { HttpClient } from "effect/http"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import * as Catalogue from "../../../src/domains/Catalogue.js"
import * as Connect from "../../../src/sandbox/Connect.js"
import * as InProcess from "../../../src/sandbox/InProcess.js"
import * as SandboxModule from "../../../src/sandbox/Sandbox.js"
import { Sandbox } from "../../../src/sandbox/Sandbox.js"
import * as Taxdoc from "../../../src/Taxdoc.js"
import { CORP, everyOperation } from "../../catalogue/scenario.js"
import * as Sdk from "../../support/sdk.js"
import { KINDS, run, START } from "../../support/writes.js"
import { dataDirectory, stateOf } from "./support.js"

/** The SDK on a durable in-process sandbox; after every answer, what the sandbox left unsaved goes to `unsaved`. */
const durableSdk = (data: string, unsaved: Array<string>) => {
  const sandbox = InProcess.layer({ members: [{ corpNum: CORP }], data })
  const checked = Layer.effect(
    HttpClient.HttpClient,
    Effect.gen(function*() {
      const client = yield* HttpClient.HttpClient
      const running = yield* Sandbox
      return HttpClient.tap(client, (response) =>
        Effect.map(running.unsaved, (rows) => unsaved.push(...rows.map((row) => `${response.request.method} ${response.request.url}: ${row}`))))
    })
  )
  return Taxdoc.services.pipe(Layer.provideMerge(Connect.layerConfig()), Layer.provideMerge(Layer.provideMerge(checked, sandbox)))
}

describe("a durable sandbox", () => {
  it.effect("saves every change of every operation before answering; the directory loads back the same state", () =>
    Effect.gen(function*() {
      const data = dataDirectory()
      const unsaved: Array<string> = []
      const { live, succeeded } = yield* Effect.scoped(
        Effect.gen(function*() {
          const succeeded = yield* everyOperation
          return { succeeded, live: yield* Effect.flatMap(Sandbox, stateOf) }
        }).pipe(Effect.provide(durableSdk(data, unsaved)))
      )
      expect([...succeeded].sort()).toEqual(Catalogue.operations.map((o) => o.name).sort())
      expect(unsaved).toEqual([])
      const reopened = yield* Effect.scoped(Effect.flatMap(SandboxModule.make({ data, members: [{ corpNum: CORP }] }), stateOf))
      expect(Object.keys(live.rows).length).toBeGreaterThan(20)
      expect(reopened).toEqual(live)
    }))
})

describe("a durable sandbox restored or reset", () => {
  it.effect("saves the restored state, and the reset one, whole: the directory loads back what was restored", () =>
    Effect.gen(function*() {
      const data = dataDirectory()
      const layer = Sdk.layerOn(InProcess.layer({ members: [{ corpNum: CORP }], data }))
      const { restored } = yield* Effect.scoped(
        Effect.gen(function*() {
          yield* TestClock.setTime(START)
          const sandbox = yield* Sandbox
          yield* Effect.forEach(KINDS, (kind) => run({ kind, n: 0 }), { discard: true })
          const taken = yield* SandboxModule.snapshot
          const expected = yield* stateOf(sandbox)
          yield* Effect.forEach(KINDS, (kind) => run({ kind, n: 1 }), { discard: true })
          yield* SandboxModule.restore(taken)
          expect(yield* sandbox.unsaved).toEqual([])
          expect(yield* stateOf(sandbox)).toEqual(expected)
          return { restored: expected }
        }).pipe(Effect.provide(layer))
      )
      const reopened = yield* Effect.scoped(Effect.flatMap(SandboxModule.make({ data }), stateOf))
      expect(reopened).toEqual(restored)
      const reset = yield* Effect.scoped(
        Effect.gen(function*() {
          const sandbox = yield* SandboxModule.make({ data, members: [{ corpNum: CORP }] })
          yield* sandbox.reset
          expect(yield* sandbox.unsaved).toEqual([])
          return yield* stateOf(sandbox)
        })
      )
      expect(yield* Effect.scoped(Effect.flatMap(SandboxModule.make({ data }), stateOf))).toEqual(reset)
      expect(Object.keys(reset.rows).some((key) => key.includes("cashbill"))).toBe(false)
    }))
})
