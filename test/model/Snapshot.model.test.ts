/**
 * Snapshots across domains: random writes of every kind (members and contacts, preferences,
 * certificates, tokens, portal links, cash receipts and bulk submissions, statements, e-Tax invoices
 * with files, collection jobs, mails, the clock offset, progression policies), then a snapshot,
 * then more random writes, then a restore: the state is the snapshot's again, fact for fact (the
 * stored form of every slot, the clock offset, the policies). Restored twice, with writes between,
 * it is still the same (the live state shares nothing mutable with the snapshot), and the sandbox
 * keeps working after a restore.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import * as fc from "fast-check"
import * as Taxdoc from "../../src/Taxdoc.js"
import { codecs } from "../../src/sandbox/Codecs.js"
import * as SandboxModule from "../../src/sandbox/Sandbox.js"
import { Sandbox } from "../../src/sandbox/Sandbox.js"
import { CORP, KINDS, run, START, type Write, write } from "../support/writes.js"
import { stateOf } from "../sandbox/durable/support.js"

const current = Effect.flatMap(Sandbox, stateOf)

/** Every slot a snapshot was seen to hold, across the runs. */
const seen = new Set<string>()

const roundTrip = (before: ReadonlyArray<Write>, after: ReadonlyArray<Write>) =>
  Effect.gen(function*() {
    yield* TestClock.setTime(START)
    yield* Effect.forEach(before, run, { discard: true })
    const taken = yield* SandboxModule.snapshot
    const expected = yield* current
    for (const key of Object.keys(expected.rows)) seen.add(key.split(" ")[1]!)
    yield* Effect.forEach(after, run, { discard: true })
    yield* SandboxModule.restore(taken)
    expect(yield* current).toEqual(expected)
    // Still working, and writing to the restored state leaves the snapshot as it was.
    yield* Effect.forEach(after, run, { discard: true })
    yield* run({ kind: "receipt", n: 5 })
    yield* SandboxModule.restore(taken)
    expect(yield* current).toEqual(expected)
  }).pipe(Effect.provide(Taxdoc.layerSandbox({ sandbox: { members: [{ corpNum: CORP }] } }).pipe(Layer.provideMerge(TestClock.layer()))))

describe("sandbox snapshots", () => {
  it("snapshot → writes → restore round-trips the state of every domain", { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 5, maxLength: 30 }), fc.array(write, { minLength: 1, maxLength: 15 }), (before, after) =>
        Effect.runPromise(roundTrip(before, after))),
      { numRuns: 25 }
    )
    // Every kept slot took part: its facts were in some snapshot.
    expect([...seen].sort()).toEqual(codecs.map((c) => c.slot.key).sort())
  })

  it.effect("a snapshot of every kind of state restores it", () =>
    roundTrip(KINDS.flatMap((kind) => [0, 1].map((n) => ({ kind, n }))), KINDS.map((kind) => ({ kind, n: 2 }))))
})
