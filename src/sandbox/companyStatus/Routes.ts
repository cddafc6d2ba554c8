/**
 * Company status check (SPEC.md "Company status"): one number by query, or up to 1,000 in a JSON
 * array, answered in input order from the deterministic table of `domains/companyStatus/Rules.ts`.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import { MAX_CORP_NUMS } from "../../domains/companyStatus/Schemas.js"
import { SandboxClock } from "../Clock.js"
import { fail } from "../Failure.js"
import { bodyJson, json, type Route } from "../Route.js"
import { companyStatusOf } from "./Table.js"

const SCOPE = { scope: "170" } as const
const TEN_DIGITS = /^\d{10}$/

const now = Effect.flatMap(SandboxClock, (clock) => clock.now)

/**
 * The company status routes.
 *
 * @since 0.1.0
 * @category routes
 */
export const companyStatusRoutes: ReadonlyArray<Route> = [
  {
    id: "CompanyStatus.CheckCorpNum",
    method: "GET",
    path: "/CloseDown",
    auth: SCOPE,
    handle: (request) =>
      Effect.gen(function*() {
        const corpNum = request.query.get("CN") ?? request.query.get("cn")
        if (corpNum === null || !TEN_DIGITS.test(corpNum)) return yield* fail("InvalidCorpNum", "CN must be 10 digits")
        return json(companyStatusOf(corpNum, yield* now))
      })
  },
  {
    id: "CompanyStatus.CheckCorpNums",
    method: "POST",
    path: "/CloseDown",
    auth: SCOPE,
    handle: (request) =>
      Effect.gen(function*() {
        const body = yield* bodyJson(request)
        if (!Array.isArray(body)) return yield* fail("InvalidRequest", "the body must be a JSON array of registration numbers")
        if (body.length > MAX_CORP_NUMS) return yield* fail("TooManyCorpNums")
        const bad = body.findIndex((n) => typeof n !== "string" || !TEN_DIGITS.test(n))
        if (bad >= 0) return yield* fail("InvalidCorpNum", `[${bad}]`)
        const at = yield* now
        return json((body as ReadonlyArray<string>).map((corpNum) => companyStatusOf(corpNum, at)))
      })
  }
]
