/**
 * The flags and arguments of `taxdoc cassettes …`, declared apart from what the commands do
 * (./handlers.ts) and how they are assembled (./command.ts).
 *
 * @since 0.1.0
 */
import * as Argument from "effect/cli/Argument"
import * as Flag from "effect/cli/Flag"
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
  files: Argument.String("file").pipe(
    Argument.withDescription("Cassette files to check. Example: test/cassettes/member-cashbill.json"),
    Argument.atLeast(1)
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
  sandbox: Flag.Boolean("sandbox").pipe(Flag.withDescription("Replay against a fresh sandbox inside this process (nothing kept afterwards). Example: --sandbox"), Flag.withDefault(false)),
  sandboxUrl: target.sandboxUrl,
  secret: target.secret,
  linkId: target.linkId,
  adminToken,
  files: Argument.String("file").pipe(
    Argument.withDescription("Cassette files to replay. Example: test/cassettes/member-cashbill.json"),
    Argument.atLeast(1)
  )
}
