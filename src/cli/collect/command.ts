/**
 * `taxdoc collect taxinvoice|cashbill …`: collect the tax invoices or cash receipts the tax
 * authority holds for a member (docs/service.md "Tax authority collection"): requests a job, shows its
 * progress while waiting, then prints every result (all pages) as a table — or JSON with `--json`
 * — with the summary. `taxdoc collect certificate|dept-user …`: the tax portal certificate and
 * department account collection logs in with. What each command does is in ./handlers.ts and
 * ./account.ts, loaded when it runs.
 *
 * @since 0.1.0
 */
import * as Command from "effect/cli/Command"
import { group } from "../groups.js"
import { accountOptions, cashbillOptions, deptUserOptions, taxinvoiceOptions } from "./options.js"

const { run, example } = group("collect")

/** A certificate or department-account command: the member, `--kind`, and the call it makes. */
const accountCommand = (name: string, handler: "certificateUrl" | "certificateExpiry" | "certificateCheck" | "deptUserCheck" | "deptUserLogin" | "deptUserDelete", description: string, line: string) =>
  Command.make(name, accountOptions, run(handler)).pipe(Command.withDescription(description), example(line))

/**
 * `taxdoc collect`.
 *
 * @since 0.1.0
 * @category commands
 */
export const command = Command.make("collect").pipe(
  Command.withDescription("Collect the tax invoices and cash receipts the tax authority holds for a member, with progress and a summary"),
  Command.withSubcommands([
    Command.make("taxinvoice", taxinvoiceOptions, run("taxinvoice")).pipe(
      Command.withDescription("Collect tax invoices from the tax authority (RequestJob, GetJobState, Search, Summary): --sell, --buy or --trustee, over at most 3 months"),
      example("taxinvoice --sandbox --corp-num 1234567891 --buy --from 20261101 --to 20261130 --tax-type T")
    ),
    Command.make("cashbill", cashbillOptions, run("cashbill")).pipe(
      Command.withDescription("Collect cash receipts from the tax authority (RequestJob, GetJobState, Search, Summary): --sell or --buy, over at most 3 months"),
      example("cashbill --sandbox --corp-num 1234567891 --sell --from 20261101 --to 20261130")
    ),
    Command.make("certificate").pipe(
      Command.withDescription("The tax portal certificate collection logs in with: registration page, expiry, login test"),
      Command.withSubcommands([
        accountCommand("url", "certificateUrl", "The certificate registration page, valid 30 seconds (GetCertificatePopUpURL)", "certificate url --sandbox --corp-num 1234567891"),
        accountCommand("expiry", "certificateExpiry", "When the registered certificate expires (GetCertificateExpireDate)", "certificate expiry --sandbox --corp-num 1234567891 --kind cashbill"),
        accountCommand("check", "certificateCheck", "A login test with the certificate (CheckCertValidation)", "certificate check --sandbox --corp-num 1234567891")
      ])
    ),
    Command.make("dept-user").pipe(
      Command.withDescription("The tax portal department account collection may log in with: register, check, login test, delete"),
      Command.withSubcommands([
        Command.make("register", deptUserOptions, run("deptUserRegister")).pipe(
          Command.withDescription("Register (or replace) the department account (RegistDeptUser)"),
          example("dept-user register --sandbox --corp-num 1234567891 --id dept02 --password Dept2026!")
        ),
        accountCommand("check", "deptUserCheck", "Whether an account is registered, and its ID (CheckDeptUser)", "dept-user check --sandbox --corp-num 1234567891"),
        accountCommand("login", "deptUserLogin", "A login test with the account (CheckLoginDeptUser)", "dept-user login --sandbox --corp-num 1234567891"),
        accountCommand("delete", "deptUserDelete", "Remove the department account (DeleteDeptUser)", "dept-user delete --sandbox --corp-num 1234567891")
      ])
    )
  ])
)
