/**
 * Company status check (docs/service.md "Company status"): one number by query, or up to 1,000 in a JSON
 * array, answered in input order from the sandbox's deterministic table (`Table.ts`).
 */
import * as Effect from "effect/Effect"
import { MAX_CORP_NUMS } from "../../domains/companyStatus/Schemas.js"
import { SandboxClock } from "../Clock.js"
import { fail } from "../Failure.js"
import * as Operations from "../../domains/companyStatus/Operations.js"
import { bodyJson, implement, json, type Route } from "../routing/Route.js"
import { companyStatusOf } from "./Table.js"

const TEN_DIGITS = /^\d{10}$/

const now = SandboxClock.use((clock) => clock.now)

/** The company status operations. */
export const companyStatusRoutes: ReadonlyArray<Route> = [
  implement(Operations.CheckCorpNum, Effect.fnUntraced(function*(request) {
    const { target } = yield* Effect.mapError(request.parameters, () => fail("InvalidCorpNum", "CN must be 10 digits"))
    return json(companyStatusOf(target, yield* now))
  })),
  implement(Operations.CheckCorpNums, Effect.fnUntraced(function*(request) {
    const body = yield* bodyJson(request)
    if (!Array.isArray(body)) return yield* fail("InvalidRequest", "the body must be a JSON array of registration numbers")
    if (body.length === 0) return yield* fail("InvalidRequest", "the body must hold at least one registration number")
    if (body.length > MAX_CORP_NUMS) return yield* fail("TooManyCorpNums")
    const bad = body.findIndex((n) => typeof n !== "string" || !TEN_DIGITS.test(n))
    if (bad >= 0) return yield* fail("InvalidCorpNum", `[${bad}]`)
    const at = yield* now
    return json((body as ReadonlyArray<string>).map((corpNum) => companyStatusOf(corpNum, at)))
  }))
]
