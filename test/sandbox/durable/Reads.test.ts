/**
 * Reads change nothing on a durable sandbox: GetInfo, GetInfos, GetDetailInfo, GetPDF and the
 * sandbox's own pages write nothing to the data directory — neither right after the issue nor
 * once the filing they show is due — while the write after them is saved before its answer, the
 * progress the reads saw with it.
 */
import { createHash } from "node:crypto"
import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { Cashbill } from "../../../src/domains/cashbill/Cashbill.js"
import * as InProcess from "../../../src/sandbox/InProcess.js"
import * as SandboxModule from "../../../src/sandbox/Sandbox.js"
import { Sandbox } from "../../../src/sandbox/Sandbox.js"
import { receipt } from "../../support/receipts.js"
import * as Sdk from "../../support/sdk.js"
import { page } from "../ui/support.js"
import { dataDirectory, stateOf } from "./support.js"

const CORP = Sdk.MEMBER
// 2026-11-22 10:00 KST
const START = Date.UTC(2026, 10, 22, 1, 0, 0)

/** What the data directory holds: every file's bytes, by name (the database and its write-ahead log). */
const filesOf = (data: string): Record<string, string> =>
  Object.fromEntries(fs.readdirSync(data).sort().map((name) => [name, createHash("sha256").update(fs.readFileSync(path.join(data, name))).digest("hex")]))

describe("reads on a durable sandbox", () => {
  it.effect("write nothing to the data directory; the next write saves, the filing the reads saw with it", () =>
    Effect.gen(function*() {
      const data = dataDirectory()
      const saved = yield* Effect.scoped(
        Effect.gen(function*() {
          yield* TestClock.setTime(START)
          const cashbill = yield* Cashbill
          const issued = yield* cashbill.issue(CORP, receipt("READ-1", CORP))
          const reads = Effect.gen(function*() {
            expect((yield* cashbill.getInfo(CORP, "READ-1")).confirmNum).toBe(issued.confirmNum)
            expect((yield* cashbill.getInfos(CORP, ["READ-1", "NONE"])).map((i) => i.mgtKey)).toEqual(["READ-1"])
            expect((yield* cashbill.getDetailInfo(CORP, "READ-1")).mgtKey).toBe("READ-1")
            expect((yield* cashbill.getPDF(CORP, "READ-1")).length).toBeGreaterThan(0)
            for (const at of ["", "/cashbill", `/cashbill/${CORP}/${(yield* cashbill.getInfo(CORP, "READ-1")).itemKey}`, "/members", "/jobs"]) {
              expect((yield* page(at)).status).toBe(200)
            }
          })

          const before = filesOf(data)
          yield* reads
          expect(filesOf(data)).toEqual(before)
          expect(yield* Effect.flatMap(Sandbox, (sandbox) => sandbox.unsaved)).toEqual([])

          // Filed at the end of the day: the reads show it, and still write nothing (the SDK's first
          // call a day later takes a new token, which is kept: a write).
          yield* TestClock.adjust("1 day")
          expect((yield* cashbill.getInfo(CORP, "READ-1")).stateCode).toBe(304)
          const later = filesOf(data)
          yield* reads
          expect(filesOf(data)).toEqual(later)

          // A write is saved before its answer: what the reads recorded goes with it.
          yield* cashbill.issue(CORP, receipt("READ-2", CORP))
          expect(filesOf(data)).not.toEqual(later)
          const sandbox = yield* Sandbox
          expect(yield* sandbox.unsaved).toEqual([])
          return yield* stateOf(sandbox)
        }).pipe(Effect.provide(Sdk.layerOn(InProcess.layer({ members: [{ corpNum: CORP }], data }))))
      )
      expect(yield* Effect.scoped(Effect.flatMap(SandboxModule.make({ data }), stateOf))).toEqual(saved)
    }))
})
