/**
 * `taxdoc certificate …`: the member's tax invoice issuing certificate (docs/service.md "e-Tax
 * invoices"): expiry, check, record and the registration page. What each command does is in
 * ./handlers.ts, loaded when it runs.
 *
 * @since 0.1.0
 */
import * as Command from "effect/cli/Command"
import { group } from "../groups.js"
import { memberOptions } from "./options.js"

const { run, example } = group("certificate")

/**
 * `taxdoc certificate`.
 *
 * @since 0.1.0
 * @category commands
 */
export const command = Command.make("certificate").pipe(
  Command.withDescription("The tax invoice issuing certificate: expiry, check, record, registration page URL"),
  Command.withSubcommands([
    Command.make("expiry", memberOptions, run("expiry")).pipe(
      Command.withDescription("When the member's issuing certificate expires (GetCertificateExpireDate)"),
      example("expiry --sandbox --corp-num 1234567891")
    ),
    Command.make("check", memberOptions, run("check")).pipe(Command.withDescription("Check the member's issuing certificate (CheckCertValidation)"),
      example("check --sandbox --corp-num 1234567891")),
    Command.make("info", memberOptions, run("info")).pipe(Command.withDescription("Show the member's certificate record (GetTaxCertInfo)"),
      example("info --sandbox --corp-num 1234567891")),
    Command.make("url", memberOptions, run("url")).pipe(
      Command.withDescription("The certificate registration page, valid 30 seconds (GetTaxCertURL)"),
      example("url --sandbox --corp-num 1234567891")
    )
  ])
)
