/**
 * The options and arguments of `taxdoc collect …`, declared apart from what the commands do
 * (./handlers.ts, ./account.ts) and how they are assembled (./command.ts).
 *
 * @since 0.1.0
 */
import * as Options from "@effect/cli/Options"
import * as EffectConfig from "effect/Config"
import { polling, withMember } from "../options.js"

const side = {
  sell: Options.boolean("sell").pipe(Options.withDescription("Collect sales: documents the member issued. Example: --sell")),
  buy: Options.boolean("buy").pipe(Options.withDescription("Collect purchases: documents issued to the member. Example: --buy"))
}

const range = {
  from: Options.text("from").pipe(Options.withPseudoName("yyyyMMdd"), Options.withDescription("First day of the range (KST). Example: --from 20261101")),
  to: Options.text("to").pipe(
    Options.withPseudoName("yyyyMMdd"),
    Options.withDescription("Last day of the range (KST), at most 3 months after --from. Example: --to 20261130")
  )
}

const list = (name: string, description: string) =>
  Options.text(name).pipe(Options.withPseudoName("A,B"), Options.withDescription(description), Options.optional)

const common = { ...withMember, ...polling, ...side, ...range }

/**
 * The options of `taxdoc collect taxinvoice`.
 *
 * @since 0.1.0
 * @category options
 */
export const taxinvoiceOptions = {
  ...common,
  trustee: Options.boolean("trustee").pipe(Options.withDescription("Collect consigned invoices: those where the member is the trustee. Example: --trustee")),
  dateType: Options.choice("date-type", ["W", "I", "S"]).pipe(
    Options.withDescription("Which date the range applies to: W write date, I issue date, S filing date (recommended). Example: --date-type W"),
    Options.withDefault("S" as const)
  ),
  types: list("type", "N general, M revised. Example: --type N"),
  taxTypes: list("tax-type", "T taxable, N tax-exempt, Z zero-rated. Example: --tax-type T,Z"),
  purposeTypes: list("purpose", "R payment received, C not received, N none. Example: --purpose C"),
  search: Options.text("search").pipe(Options.withDescription("Part of a counterpart's name or number (at most 13 characters). Example: --search 한빛"), Options.optional)
}

/**
 * The options of `taxdoc collect cashbill`.
 *
 * @since 0.1.0
 * @category options
 */
export const cashbillOptions = {
  ...common,
  tradeTypes: list("trade-type", "N approval, C cancellation. Example: --trade-type N"),
  tradeUsages: list("trade-usage", "P income deduction, C expense proof. Example: --trade-usage C")
}

/**
 * The options of `taxdoc collect certificate …` and `taxdoc collect dept-user …`: the member, and
 * the collection whose paths (and scope) the call takes.
 *
 * @since 0.1.0
 * @category options
 */
export const accountOptions = {
  ...withMember,
  kind: Options.choice("kind", ["taxinvoice", "cashbill"]).pipe(
    Options.withDescription(
      "The collection whose calls to use: taxinvoice (scope 111) or cashbill (scope 141); both reach the member's one certificate and account. Example: --kind cashbill"
    ),
    Options.withDefault("taxinvoice" as const)
  )
}

/**
 * The options of `taxdoc collect dept-user register`.
 *
 * @since 0.1.0
 * @category options
 */
export const deptUserOptions = {
  ...accountOptions,
  id: Options.text("id").pipe(Options.withPseudoName("ID"), Options.withDescription("The department account's ID on the tax portal. Example: --id dept01")),
  password: Options.redacted("password").pipe(
    Options.withPseudoName("PASSWORD"),
    Options.withDescription("The department account's password (default: TAXDOC_DEPT_PASSWORD); never printed. Example: --password 'dept-pass'"),
    Options.withFallbackConfig(EffectConfig.redacted("TAXDOC_DEPT_PASSWORD"))
  )
}
