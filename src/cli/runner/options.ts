/**
 * The options of `taxdoc runner`, declared apart from what it does (./handlers.ts).
 *
 * @since 0.1.0
 */
import * as Options from "@effect/cli/Options"
import { journal, lease, target } from "../options.js"

/**
 * The options of `taxdoc runner`.
 *
 * @since 0.1.0
 * @category options
 */
export const runnerOptions = {
  ...target,
  journal,
  lease,
  host: Options.text("host").pipe(
    Options.withPseudoName("HOST"),
    Options.withDescription("The address the fleet's other runners reach this one at. Example: --host 10.0.0.12"),
    Options.withDefault("127.0.0.1")
  ),
  port: Options.integer("port").pipe(
    Options.withPseudoName("PORT"),
    Options.withDescription("The port of that address (default: a free one). Example: --port 34431"),
    Options.optional
  ),
  listenHost: Options.text("listen-host").pipe(
    Options.withPseudoName("HOST"),
    Options.withDescription("The address listened on, when it is not --host. Example: --listen-host 0.0.0.0"),
    Options.optional
  )
}
