/**
 * `taxdoc company-status <numbers…>`: whether businesses are registered, in business, suspended or
 * closed, and their taxation type (docs/service.md "Company status"). What it does is in ./handlers.ts,
 * loaded when it runs.
 *
 * @since 0.1.0
 */
import * as Command from "effect/cli/Command"
import { group } from "../groups.js"
import { checkOptions } from "./options.js"

const { run } = group("company-status")

/**
 * `taxdoc company-status`.
 *
 * @since 0.1.0
 * @category commands
 */
export const command = Command.make("company-status", checkOptions, run("check")).pipe(
  Command.withDescription("Check whether businesses are in business, suspended or closed, and their taxation type (CheckCorpNums)"),
  Command.withExamples([{ command: "taxdoc company-status --sandbox --corp-num 1234567891 1111111119 2222222227" }])
)
