/**
 * The options of `taxdoc runner`, declared apart from what it does (./handlers.ts).
 *
 * @since 0.1.0
 */
import * as Flag from "effect/cli/Flag"
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
  host: Flag.String("host").pipe(
    Flag.withMetavar("HOST"),
    Flag.withDescription("The address the fleet's other runners reach this one at (default 127.0.0.1). Example: --host 10.0.0.12"),
    Flag.withDefault("127.0.0.1")
  ),
  port: Flag.Int("port").pipe(
    Flag.withMetavar("PORT"),
    Flag.withDescription("The port of that address (default: a free one). Example: --port 34431"),
    Flag.optional
  ),
  listenHost: Flag.String("listen-host").pipe(
    Flag.withMetavar("HOST"),
    Flag.withDescription("The address listened on, when it is not --host. Example: --listen-host 0.0.0.0"),
    Flag.optional
  )
}
