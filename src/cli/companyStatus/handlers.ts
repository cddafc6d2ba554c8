/**
 * What `taxdoc company-status` does (its options: ./options.ts).
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { CompanyStatus } from "../../domains/companyStatus/CompanyStatus.js"
import type { CompanyStatus as Status } from "../../domains/companyStatus/Schemas.js"
import { CliError } from "../errors.js"
import { readStringList } from "../input.js"
import type { Parsed } from "../lazy.js"
import { businessState, taxType } from "../names.js"
import { emit, table } from "../output.js"
import * as Target from "../target.js"
import type { checkOptions } from "./options.js"

const columns = [
  { header: "corpNum", value: (s: Status) => s.corpNum },
  { header: "state", value: (s: Status) => businessState(s.state) },
  { header: "since", value: (s: Status) => s.stateDate },
  { header: "taxType", value: (s: Status) => taxType(s.taxType) },
  { header: "typeDate", value: (s: Status) => s.typeDate },
  { header: "checked", value: (s: Status) => s.checkDate }
]

/**
 * `taxdoc company-status`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const check = (o: Parsed<typeof checkOptions>) =>
  Effect.gen(function*() {
    const listed = Option.isSome(o.file) ? yield* readStringList(o.file.value) : []
    const numbers = [...o.numbers, ...listed]
    if (numbers.length === 0) {
      return yield* new CliError({ message: "no registration numbers given", hint: "give them as arguments or in a JSON array with --file", exitCode: 2 })
    }
    const statuses = yield* Effect.flatMap(CompanyStatus, (c) => c.checkMany(o.corpNum, numbers, Option.getOrUndefined(o.userId)))
    yield* emit(o.json, statuses, () => table(statuses, columns))
  }).pipe(Target.run(o, "CompanyStatus.checkMany", [o.corpNum]))
