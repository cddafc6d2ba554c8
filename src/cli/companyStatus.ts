/**
 * `taxdoc company-status <numbers…>`: whether businesses are registered, in business, suspended or
 * closed, and their taxation type (SPEC.md "Company status").
 *
 * @since 0.1.0
 */
import { Args, Command, Options } from "@effect/cli"
import { Effect, Option } from "effect"
import { CompanyStatus } from "../domains/companyStatus/CompanyStatus.js"
import type { CompanyStatus as Status } from "../domains/companyStatus/Schemas.js"
import { CliError } from "./errors.js"
import { readStringList } from "./input.js"
import { corpNum, json, userId } from "./options.js"
import { emit, table } from "./output.js"
import * as Target from "./target.js"

const STATES: Readonly<Record<string, string>> = { "0": "unregistered", "1": "in business", "2": "closed", "3": "suspended" }

const TAX_TYPES: Readonly<Record<string, string>> = {
  "10": "general",
  "20": "tax-exempt",
  "30": "simplified",
  "31": "simplified, issues tax invoices",
  "40": "nonprofit or government"
}

/**
 * A business state in words (`null`: the information is unavailable).
 *
 * @since 0.1.0
 * @category combinators
 */
export const stateName = (state: string | null): string => (state === null ? "unavailable" : `${state} ${STATES[state] ?? "unknown"}`)

/**
 * A taxation type in words.
 *
 * @since 0.1.0
 * @category combinators
 */
export const taxTypeName = (taxType: string | null): string =>
  taxType === null ? "unavailable" : `${taxType} ${TAX_TYPES[taxType] ?? "unknown"}`

const columns = [
  { header: "corpNum", value: (s: Status) => s.corpNum },
  { header: "state", value: (s: Status) => stateName(s.state) },
  { header: "since", value: (s: Status) => s.stateDate },
  { header: "taxType", value: (s: Status) => taxTypeName(s.taxType) },
  { header: "typeDate", value: (s: Status) => s.typeDate },
  { header: "checked", value: (s: Status) => s.checkDate }
]

/**
 * `taxdoc company-status`.
 *
 * @since 0.1.0
 * @category commands
 */
export const command = Command.make("company-status", {
  ...Target.options,
  corpNum,
  userId,
  json,
  file: Options.text("file").pipe(
    Options.withAlias("f"),
    Options.withPseudoName("PATH"),
    Options.withDescription("A JSON array of registration numbers, checked with the ones given as arguments. Example: --file numbers.json"),
    Options.optional
  ),
  numbers: Args.text({ name: "number" }).pipe(
    Args.withDescription("Registration numbers to check (10 digits). Example: 1234567891 1111111119"),
    Args.repeated
  )
}, (o) =>
  Effect.gen(function*() {
    const listed = Option.isSome(o.file) ? yield* readStringList(o.file.value) : []
    const numbers = [...o.numbers, ...listed]
    if (numbers.length === 0) {
      return yield* new CliError({ message: "no registration numbers given", hint: "give them as arguments or in a JSON array with --file", exitCode: 2 })
    }
    const statuses = yield* Effect.flatMap(CompanyStatus, (c) => c.checkMany(o.corpNum, numbers, Option.getOrUndefined(o.userId)))
    yield* emit(o.json, statuses, () => table(statuses, columns))
  }).pipe(Target.run(o, "CompanyStatus.checkMany", [o.corpNum]))).pipe(
  Command.withDescription("Check whether businesses are in business, suspended or closed, and their taxation type (CheckCorpNums)")
)
