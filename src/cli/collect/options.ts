/**
 * The flags and arguments of `taxdoc collect …`, declared apart from what the commands do
 * (./handlers.ts, ./account.ts) and how they are assembled (./command.ts).
 *
 * @since 0.1.0
 */
import * as Flag from "effect/cli/Flag"
import * as EffectConfig from "effect/Config"
import { polling, withMember } from "../options.js"

const side = {
  sell: Flag.Boolean("sell").pipe(Flag.withDescription("Collect sales: documents the member issued. Example: --sell"), Flag.withDefault(false)),
  buy: Flag.Boolean("buy").pipe(Flag.withDescription("Collect purchases: documents issued to the member. Example: --buy"), Flag.withDefault(false))
}

const range = {
  from: Flag.String("from").pipe(Flag.withMetavar("yyyyMMdd"), Flag.withDescription("First day of the range (KST). Example: --from 20261101")),
  to: Flag.String("to").pipe(
    Flag.withMetavar("yyyyMMdd"),
    Flag.withDescription("Last day of the range (KST), at most 3 months after --from. Example: --to 20261130")
  )
}

const list = (name: string, description: string) =>
  Flag.String(name).pipe(Flag.withMetavar("A,B"), Flag.withDescription(description), Flag.optional)

const common = { ...withMember, ...polling, ...side, ...range }

/**
 * The options of `taxdoc collect taxinvoice`.
 *
 * @since 0.1.0
 * @category options
 */
export const taxinvoiceOptions = {
  ...common,
  trustee: Flag.Boolean("trustee").pipe(Flag.withDescription("Collect consigned invoices: those where the member is the trustee. Example: --trustee"), Flag.withDefault(false)),
  dateType: Flag.Literals("date-type", ["W", "I", "S"]).pipe(
    Flag.withMetavar("TYPE"),
    Flag.withDescription("Which date the range applies to: W write date, I issue date, S filing date (the default, recommended). Example: --date-type W"),
    Flag.withDefault("S")
  ),
  types: list("type", "N general, M revised. Example: --type N"),
  taxTypes: list("tax-type", "T taxable, N tax-exempt, Z zero-rated. Example: --tax-type T,Z"),
  purposeTypes: list("purpose", "R payment received, C not received, N none. Example: --purpose C"),
  search: Flag.String("search").pipe(Flag.withMetavar("TEXT"), Flag.withDescription("Part of a counterpart's name or number (at most 13 characters). Example: --search 한빛"), Flag.optional)
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
  kind: Flag.Literals("kind", ["taxinvoice", "cashbill"]).pipe(
    Flag.withMetavar("KIND"),
    Flag.withDescription(
      "The collection whose calls to use: taxinvoice (scope 111, the default) or cashbill (scope 141); both reach the member's one certificate and account. Example: --kind cashbill"
    ),
    Flag.withDefault("taxinvoice")
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
  id: Flag.String("id").pipe(Flag.withMetavar("ID"), Flag.withDescription("The department account's ID on the tax portal. Example: --id dept01")),
  password: Flag.Redacted("password").pipe(
    Flag.withMetavar("PASSWORD"),
    Flag.withDescription("The department account's password (default: TAXDOC_DEPT_PASSWORD); never printed. Example: --password 'dept-pass'"),
    Flag.withFallbackConfig(EffectConfig.Redacted("TAXDOC_DEPT_PASSWORD"))
  )
}
