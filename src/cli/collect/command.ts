/**
 * `taxdoc collect taxinvoice|cashbill …`: collect the tax invoices or cash receipts the tax
 * authority holds for a member (docs/service.md "Tax authority collection"): requests a job, shows its
 * progress while waiting, then prints every result (all pages) as a table — or JSON with `--json`
 * — with the summary. What each command does is in ./handlers.ts, loaded when it runs.
 *
 * @since 0.1.0
 */
import * as Command from "@effect/cli/Command"
import { handlers } from "../lazy.js"
import { cashbillOptions, taxinvoiceOptions } from "./options.js"

const run = handlers(() => import("./handlers.js"))

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
      Command.withDescription("Collect tax invoices from the tax authority (RequestJob, GetJobState, Search, Summary): --sell, --buy or --trustee, over at most 3 months")
    ),
    Command.make("cashbill", cashbillOptions, run("cashbill")).pipe(
      Command.withDescription("Collect cash receipts from the tax authority (RequestJob, GetJobState, Search, Summary): --sell or --buy, over at most 3 months")
    )
  ])
)
