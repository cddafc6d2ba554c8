/**
 * The options and arguments of `taxdoc cassettes …`, declared apart from what the commands do
 * (./handlers.ts) and how they are assembled (./command.ts).
 *
 * @since 0.1.0
 */
import * as Args from "@effect/cli/Args"
import * as Options from "@effect/cli/Options"
import { json, target } from "../options.js"
import { adminToken } from "../sandbox/options.js"

/**
 * The options of `taxdoc cassettes check`.
 *
 * @since 0.1.0
 * @category options
 */
export const checkOptions = {
  json,
  files: Args.text({ name: "file" }).pipe(
    Args.withDescription("Cassette files to check. Example: test/cassettes/member-cashbill.json"),
    Args.atLeast(1)
  )
}

/**
 * The options of `taxdoc cassettes verify`: the cassettes, and the sandbox they are replayed
 * against (`--sandbox` in this process, or `--sandbox-url` with the partner's secret).
 *
 * @since 0.1.0
 * @category options
 */
export const verifyOptions = {
  json,
  sandbox: Options.boolean("sandbox").pipe(Options.withDescription("Replay against a fresh sandbox inside this process (nothing kept afterwards). Example: --sandbox")),
  sandboxUrl: target.sandboxUrl,
  secret: target.secret,
  linkId: target.linkId,
  adminToken,
  files: Args.text({ name: "file" }).pipe(
    Args.withDescription("Cassette files to replay. Example: test/cassettes/member-cashbill.json"),
    Args.atLeast(1)
  )
}
