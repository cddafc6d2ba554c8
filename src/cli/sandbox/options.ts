/**
 * The options and arguments of `taxdoc sandbox …`, declared apart from what the commands do
 * (./handlers.ts) and how they are assembled (./command.ts).
 *
 * @since 0.1.0
 */
import * as Options from "@effect/cli/Options"
import * as Config from "effect/Config"
import { duration, json } from "../options.js"

/**
 * The options of `taxdoc sandbox serve`.
 *
 * @since 0.1.0
 * @category options
 */
export const serveOptions = {
  port: Options.integer("port").pipe(
    Options.withPseudoName("PORT"),
    Options.withDescription("The port to listen on; 0 picks a free one (printed at start). Example: --port 8787"),
    Options.withDefault(8787)
  ),
  host: Options.text("host").pipe(
    Options.withPseudoName("HOST"),
    Options.withDescription("The address to listen on. Example: --host 127.0.0.1"),
    Options.withDefault("127.0.0.1")
  ),
  partners: Options.text("partner").pipe(
    Options.withPseudoName("LINKID:BASE64SECRET"),
    Options.withDescription("Another partner, LINKID:BASE64SECRET (repeatable; also TAXDOC_SANDBOX_PARTNERS). Example: --partner ACME:c2VjcmV0LWtleS0xMjM0NTY3OA=="),
    Options.repeated
  ),
  members: Options.text("member").pipe(
    Options.withPseudoName("NUMBER"),
    Options.withDescription("A business signed up from the start as a member of TESTER (repeatable). Example: --member 1234567891"),
    Options.repeated
  ),
  secretFile: Options.file("secret-file", { exists: "yes" }).pipe(
    Options.withPseudoName("PATH"),
    Options.withDescription("Partners from a file, one LINKID:BASE64SECRET a line (kept off the command line). Example: --secret-file ./partners.txt"),
    Options.optional
  ),
  adminToken: Options.redacted("admin-token").pipe(
    Options.withPseudoName("TOKEN"),
    Options.withDescription("The token admin routes require (default: TAXDOC_SANDBOX_ADMIN_TOKEN; on a non-loopback --host one is generated and printed when absent). Example: --admin-token \"$TOKEN\""),
    Options.optional
  ),
  maxBodyBytes: Options.integer("max-body-bytes").pipe(
    Options.withPseudoName("BYTES"),
    Options.withDescription("The largest request body accepted; larger bodies get 413 before they are read (default 12582912, 12 MiB). Example: --max-body-bytes 16777216"),
    Options.optional
  ),
  maxHeaderBytes: Options.integer("max-header-bytes").pipe(
    Options.withPseudoName("BYTES"),
    Options.withDescription("The largest request head; larger gets 431 (default 16384). Example: --max-header-bytes 32768"),
    Options.optional
  ),
  headerTimeout: duration("header-timeout", "Time a client has to send a request's headers; slower clients are disconnected (default 10 seconds). Example: --header-timeout \"5 seconds\"").pipe(Options.optional),
  requestTimeout: duration("request-timeout", "Time a client has to send a whole request, body included (default 10 seconds). Example: --request-timeout \"1 minute\"").pipe(Options.optional),
  keepAliveTimeout: duration(
    "keep-alive-timeout",
    "An idle keep-alive connection closes after this (default 190 seconds: longer than the 180 s clients keep one). Example: --keep-alive-timeout \"5 minutes\""
  ).pipe(Options.optional),
  maxConnections: Options.integer("max-connections").pipe(
    Options.withPseudoName("N"),
    Options.withDescription("Open connections at most; at the cap idle connections are closed first (default 1024). Example: --max-connections 256"),
    Options.optional
  ),
  data: Options.directory("data").pipe(
    Options.withPseudoName("DIR"),
    Options.withDescription("Keep the sandbox's state in this directory (created if needed) and find it again at the next start: every change answered 200 is saved first. Needs the package better-sqlite3 (npm install better-sqlite3@12). Example: --data ./sandbox-data"),
    Options.optional
  )
}

/**
 * `--admin-token` (default `TAXDOC_SANDBOX_ADMIN_TOKEN`), for the admin routes of a served sandbox.
 *
 * @since 0.1.0
 * @category options
 */
export const adminToken = Options.redacted("admin-token").pipe(
  Options.withPseudoName("TOKEN"),
  Options.withDescription("The sandbox admin token (default: TAXDOC_SANDBOX_ADMIN_TOKEN); required by a sandbox serving on a non-loopback address. Example: --admin-token \"$TOKEN\""),
  Options.withFallbackConfig(Config.redacted("TAXDOC_SANDBOX_ADMIN_TOKEN")),
  Options.optional
)

const sandboxUrl = Options.text("sandbox-url").pipe(
  Options.withPseudoName("URL"),
  Options.withDescription("The running sandbox (taxdoc sandbox serve). Example: --sandbox-url http://127.0.0.1:8787")
)

/**
 * The options of `taxdoc sandbox reset` and `stats`.
 *
 * @since 0.1.0
 * @category options
 */
export const sandboxOptions = { sandboxUrl, adminToken, json }

/**
 * The options of `taxdoc sandbox restore`: the snapshot's ID.
 *
 * @since 0.1.0
 * @category options
 */
export const restoreOptions = {
  ...sandboxOptions,
  id: Options.text("id").pipe(
    Options.withPseudoName("ID"),
    Options.withDescription("The snapshot to restore, as `taxdoc sandbox snapshot` printed it. Example: --id 5f0c…")
  )
}

/**
 * The options of `taxdoc sandbox clock`.
 *
 * @since 0.1.0
 * @category options
 */
export const clockOptions = {
  sandboxUrl,
  adminToken,
  json,
  advance: Options.text("advance").pipe(
    Options.withPseudoName("DURATION"),
    Options.withDescription("Move sandbox time forward by a duration (a leading - moves it back). Example: --advance \"1 day\""),
    Options.optional
  ),
  set: Options.text("set").pipe(
    Options.withPseudoName("INSTANT"),
    Options.withDescription("Set sandbox time: an ISO date and time (without a zone: KST), or 14 digits yyyyMMddHHmmss in KST. Example: --set 2026-03-02T15:00:00Z"),
    Options.optional
  )
}
