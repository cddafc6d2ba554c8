/**
 * `taxdoc sandbox serve --data DIR` killed with SIGKILL at a random point of random writes sent
 * four at a time, then started again on the same directory: every write answered 200 is there,
 * nothing is half-written — a document is in its last acknowledged state, or (when the write
 * after it was in flight) whole in the next one, or absent if none of its writes was acknowledged.
 * The partner secret and the tokens issued before the kill are still valid.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import * as fc from "fast-check"
import { issueToken, type RawAnswer, request } from "../sandbox/socket.js"
import { receipt } from "../support/receipts.js"
import { statement } from "../support/statements.js"
import { dataDirectory } from "../sandbox/durable/support.js"
import { MEMBER, type Running, start } from "./support.js"

/** A thing the program writes, step by step (each step only once the one before was answered 200). */
type Lane =
  | { readonly _tag: "Receipt"; readonly key: string }
  | { readonly _tag: "Statement"; readonly key: string }
  | { readonly _tag: "Contact"; readonly id: string }
  | { readonly _tag: "Preference"; readonly values: ReadonlyArray<number> }
  | { readonly _tag: "Clock"; readonly advances: ReadonlyArray<number> }

const json = { "content-type": "application/json" }
const ITEM_CODE = 121

const lanes = fc.uniqueArray(fc.integer({ min: 1, max: 9_999 }), { minLength: 3, maxLength: 10 }).chain((ids) =>
  fc.tuple(
    ...ids.map((id) =>
      fc.oneof(
        fc.constant<Lane>({ _tag: "Receipt", key: `R-${id}` }),
        fc.constant<Lane>({ _tag: "Statement", key: `S-${id}` }),
        fc.constant<Lane>({ _tag: "Contact", id: `contact${id}` })
      )
    ),
    fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 3 }).map((values): Lane => ({ _tag: "Preference", values })),
    fc.array(fc.integer({ min: 1, max: 60_000 }), { minLength: 1, maxLength: 3 }).map((advances): Lane => ({ _tag: "Clock", advances }))
  )
)

/** The requests of a lane's steps. */
const stepsOf = (lane: Lane, auth: Record<string, string>): ReadonlyArray<Parameters<typeof request>[1]> => {
  switch (lane._tag) {
    case "Receipt":
      return [{ method: "POST", path: "/Cashbill", headers: { ...auth, ...json, "x-http-method-override": "ISSUE" }, body: JSON.stringify(receipt(lane.key, MEMBER)) }]
    case "Statement":
      return [
        { method: "POST", path: "/Statement", headers: { ...auth, ...json, "x-http-method-override": "ISSUE" }, body: JSON.stringify(statement(ITEM_CODE, lane.key, MEMBER)) },
        { method: "POST", path: `/Statement/${ITEM_CODE}/${lane.key}`, headers: { ...auth, ...json, "x-http-method-override": "CANCEL" }, body: JSON.stringify({ memo: "cancelled" }) }
      ]
    case "Contact":
      return [
        { method: "POST", path: "/IDs/New", headers: { ...auth, ...json }, body: JSON.stringify({ id: lane.id, password: "secret12!", personName: "first", tel: "02-111-2222", email: "a@example.com", searchRole: 1 }) },
        { method: "POST", path: "/IDs", headers: { ...auth, ...json }, body: JSON.stringify({ id: lane.id, personName: "second", tel: "02-333-4444", email: "b@example.com", searchRole: 1 }) }
      ]
    case "Preference":
      return lane.values.map((value) => ({ method: "POST", path: `/_sandbox/members/${MEMBER}/preferences`, headers: json, body: JSON.stringify({ n: value }) }))
    case "Clock":
      return lane.advances.map((millis) => ({ method: "POST", path: "/_sandbox/clock", headers: json, body: JSON.stringify({ advanceMillis: millis }) }))
  }
}

const serve = (data: string): Running => start(["sandbox", "serve", "--port", "0", "--data", data, "--member", MEMBER])

const listening = async (server: Running) => {
  const secret = (await server.waitFor(/partner TESTER secret (\S+)/))[1]!
  const port = Number((await server.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)/))[1])
  return { secret, port }
}

const run = <A>(effect: Effect.Effect<A>) => Effect.runPromise(effect)

/** What a lane's thing looks like after the restart, checked against the steps acknowledged. */
const check = async (port: number, auth: Record<string, string>, lane: Lane, acked: number, offset: number) => {
  const get = (options: Parameters<typeof request>[1]): Promise<RawAnswer> => run(request(port, options))
  switch (lane._tag) {
    case "Receipt": {
      const found = await get({ path: `/Cashbill/${lane.key}`, headers: auth })
      if (acked === 0 && found.status === 404) return
      expect(found.status).toBe(200)
      expect(found.body).toMatchObject({ mgtKey: lane.key, totalAmount: "11000", stateCode: 300 })
      return
    }
    case "Statement": {
      const found = await get({ path: `/Statement/${ITEM_CODE}/${lane.key}`, headers: auth })
      const state = found.status === 404 ? "absent" : (found.body as { stateCode: number }).stateCode
      expect([["absent", 300], [300, 600], [600]][acked]).toContain(state)
      return
    }
    case "Contact": {
      const found = await get({ method: "POST", path: "/Contact", headers: { ...auth, ...json }, body: JSON.stringify({ id: lane.id }) })
      const name = found.status === 404 ? "absent" : (found.body as { personName: string }).personName
      expect([["absent", "first"], ["first", "second"], ["second"]][acked]).toContain(name)
      return
    }
    case "Preference": {
      const found = (await get({ path: `/_sandbox/members/${MEMBER}/preferences` })).body as { n?: number }
      expect([lane.values[acked - 1], lane.values[acked]]).toContain(found.n)
      return
    }
    case "Clock": {
      const sum = lane.advances.slice(0, acked).reduce((a, b) => a + b, 0)
      expect([sum, sum + (lane.advances[acked] ?? 0)]).toContain(offset)
      return
    }
  }
}

describe("taxdoc sandbox serve --data", () => {
  it("SIGKILL at a random point: every acknowledged write survives, nothing is half-written", { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(lanes, fc.double({ min: 0, max: 1, noNaN: true }), async (program, at) => {
        const data = dataDirectory()
        const first = serve(data)
        const { port, secret } = await listening(first)
        const token = await run(issueToken(port, { secret, scopes: ["member", "140", String(ITEM_CODE)] }))
        const auth = { authorization: `Bearer ${token}` }
        const steps = program.map((lane) => stepsOf(lane, auth))
        const total = steps.reduce((n, s) => n + s.length, 0)
        // Killed once this many answers were 200 (0: before the first request is answered).
        const killAfter = Math.floor(at * total)
        const acked = program.map(() => 0)
        let answered = 0
        let killed: Promise<unknown> | undefined
        const kill = () => (killed ??= first.stop("SIGKILL"))
        if (killAfter === 0) kill()
        await run(Effect.forEach(steps, (laneSteps, lane) =>
          Effect.gen(function*() {
            for (const step of laneSteps) {
              if (killed !== undefined) return
              const exit = yield* Effect.exit(request(port, step))
              if (Exit.isFailure(exit)) return
              // Not acknowledged: the lane stops here.
              if (exit.value.status !== 200) return
              acked[lane] = acked[lane]! + 1
              if (++answered >= killAfter) kill()
            }
          }), { concurrency: 4, discard: true }))
        await kill()

        const second = serve(data)
        const again = await listening(second)
        try {
          expect(again.secret).toBe(secret)
          const offset = ((await run(request(again.port, { path: "/_sandbox/clock" }))).body as { offset: number }).offset
          for (const [i, lane] of program.entries()) await check(again.port, auth, lane, acked[i]!, offset)
        } finally {
          await second.stop("SIGTERM")
        }
      }),
      { numRuns: 6 }
    )
  })
})
