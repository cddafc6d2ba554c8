/**
 * The flags and arguments of `taxdoc sandbox …`, declared apart from what the commands do
 * (./handlers.ts) and how they are assembled (./command.ts).
 *
 * @since 0.1.0
 */
import * as Flag from "effect/cli/Flag"
import * as Config from "effect/Config"
import { duration, isHttpUrl, json } from "../options.js"

/**
 * The options of `taxdoc sandbox serve`.
 *
 * @since 0.1.0
 * @category options
 */
export const serveOptions = {
  port: Flag.Int("port").pipe(
    Flag.withMetavar("PORT"),
    Flag.withDescription("The port to listen on (default 8787); 0 picks a free one (printed at start). Example: --port 8787"),
    Flag.filter((port) => port >= 0 && port <= 65535, () => "a port from 0 to 65535"),
    Flag.withDefault(8787)
  ),
  host: Flag.String("host").pipe(
    Flag.withMetavar("HOST"),
    Flag.withDescription("The address to listen on (default 127.0.0.1). Example: --host 0.0.0.0"),
    Flag.withDefault("127.0.0.1")
  ),
  partners: Flag.String("partner").pipe(
    Flag.withMetavar("LINKID:BASE64SECRET"),
    Flag.withDescription("Another partner, LINKID:BASE64SECRET (repeatable; also TAXDOC_SANDBOX_PARTNERS). Example: --partner ACME:c2VjcmV0LWtleS0xMjM0NTY3OA=="),
    Flag.atLeast(0),
    Flag.withDefault([] as ReadonlyArray<string>)
  ),
  members: Flag.String("member").pipe(
    Flag.withMetavar("[LINKID:]NUMBER"),
    Flag.withDescription("A business signed up from the start as a member of the partner LINKID (default TESTER; repeatable). Example: --member 1234567891 --member ACME:1234567892"),
    Flag.atLeast(0),
    Flag.withDefault([] as ReadonlyArray<string>)
  ),
  secretFile: Flag.File("secret-file", { mustExist: true }).pipe(
    Flag.withMetavar("PATH"),
    Flag.withDescription("Partners from a file, one LINKID:BASE64SECRET a line (kept off the command line). Example: --secret-file ./partners.txt"),
    Flag.optional
  ),
  adminToken: Flag.Redacted("admin-token").pipe(
    Flag.withMetavar("TOKEN"),
    Flag.withDescription("The token admin routes require (default: TAXDOC_SANDBOX_ADMIN_TOKEN; on a non-loopback --host one is generated and printed when absent). Example: --admin-token \"$TOKEN\""),
    Flag.optional
  ),
  maxBodyBytes: Flag.Int("max-body-bytes").pipe(
    Flag.withMetavar("BYTES"),
    Flag.withDescription("The largest request body accepted; larger bodies get 413 before they are read (default 12582912, 12 MiB). Example: --max-body-bytes 16777216"),
    Flag.optional
  ),
  maxHeaderBytes: Flag.Int("max-header-bytes").pipe(
    Flag.withMetavar("BYTES"),
    Flag.withDescription("The largest request head; larger gets 431 (default 16384). Example: --max-header-bytes 32768"),
    Flag.optional
  ),
  headerTimeout: duration("header-timeout", "Time a client has to send a request's headers; slower clients are disconnected (default 10 seconds). Example: --header-timeout \"5 seconds\"").pipe(Flag.optional),
  requestTimeout: duration("request-timeout", "Time a client has to send a whole request, body included (default 10 seconds). Example: --request-timeout \"1 minute\"").pipe(Flag.optional),
  keepAliveTimeout: duration(
    "keep-alive-timeout",
    "An idle keep-alive connection closes after this (default 190 seconds: longer than the 180 s clients keep one). Example: --keep-alive-timeout \"5 minutes\""
  ).pipe(Flag.optional),
  maxConnections: Flag.Int("max-connections").pipe(
    Flag.withMetavar("N"),
    Flag.withDescription("Open connections at most; at the cap idle connections are closed first (default 1024). Example: --max-connections 256"),
    Flag.optional
  ),
  data: Flag.Directory("data").pipe(
    Flag.withMetavar("DIR"),
    Flag.withDescription("Keep the sandbox's state in this directory (created if needed) and find it again at the next start: every change answered 200 is saved first. Kept in SQLite (node:sqlite), DIR/sandbox.db. Example: --data ./sandbox-data"),
    Flag.optional
  )
}

/**
 * `--admin-token` (default `TAXDOC_SANDBOX_ADMIN_TOKEN`), for the admin routes of a served sandbox.
 *
 * @since 0.1.0
 * @category options
 */
export const adminToken = Flag.Redacted("admin-token").pipe(
  Flag.withMetavar("TOKEN"),
  Flag.withDescription("The sandbox admin token (default: TAXDOC_SANDBOX_ADMIN_TOKEN); required by a sandbox serving on a non-loopback address. Example: --admin-token \"$TOKEN\""),
  Flag.withFallbackConfig(Config.Redacted("TAXDOC_SANDBOX_ADMIN_TOKEN")),
  Flag.optional
)

const sandboxUrl = Flag.String("sandbox-url").pipe(
  Flag.withMetavar("URL"),
  Flag.withDescription("The running sandbox (taxdoc sandbox serve). Example: --sandbox-url http://127.0.0.1:8787"),
  Flag.filter(isHttpUrl, () => "an http:// or https:// URL, e.g. http://127.0.0.1:8787")
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
  id: Flag.String("id").pipe(
    Flag.withMetavar("ID"),
    Flag.withDescription("The snapshot to restore, as `taxdoc sandbox snapshot` printed it. Example: --id 5f0c…")
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
  advance: Flag.String("advance").pipe(
    Flag.withMetavar("DURATION"),
    Flag.withDescription("Move sandbox time forward by a duration (a leading - moves it back). Example: --advance \"1 day\""),
    Flag.optional
  ),
  set: Flag.String("set").pipe(
    Flag.withMetavar("INSTANT"),
    Flag.withDescription("Set sandbox time: an ISO date and time (without a zone: KST), or 14 digits yyyyMMddHHmmss in KST. Example: --set 2026-03-02T15:00:00Z"),
    Flag.optional
  )
}
