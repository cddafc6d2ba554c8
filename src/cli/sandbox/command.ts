/**
 * `taxdoc sandbox …`: serve the sandbox on a socket, and reset it, move its clock or read its
 * statistics over its admin routes. What each command does is in ./handlers.ts, loaded when it
 * runs.
 *
 * @since 0.1.0
 */
import * as Command from "effect/cli/Command"
import { group } from "../groups.js"
import { clockOptions, restoreOptions, sandboxOptions, serveOptions } from "./options.js"

const { run, example } = group("sandbox")

/**
 * `taxdoc sandbox`.
 *
 * @since 0.1.0
 * @category commands
 */
export const command = Command.make("sandbox").pipe(
  Command.withDescription("The sandbox: a stateful emulator of the service, on a socket, with admin routes"),
  Command.withSubcommands([
    Command.make("serve", serveOptions, run("serve")).pipe(
      Command.withDescription("Serve the sandbox on a socket until Ctrl-C / SIGTERM (requests in flight finish first); prints each partner's secret, the admin token when one is generated, the address of the sandbox's pages (`pages on <url>/_sandbox/ui`) and `listening on <url>`. Limits and admin protection: docs/resilience.md"),
      example("serve --port 8787 --member 1234567891")
    ),
    Command.make("reset", sandboxOptions, run("reset")).pipe(
      Command.withDescription("Reset a running sandbox to its state at start (POST /_sandbox/reset)"),
      example("reset --sandbox-url http://127.0.0.1:8787")
    ),
    Command.make("clock", clockOptions, run("clock")).pipe(
      Command.withDescription("Show or move the clock of a running sandbox: filing, bulk progress and URL expiry follow it, tokens keep their expiry (/_sandbox/clock)"),
      example("clock --sandbox-url http://127.0.0.1:8787 --advance \"25 hours\"")
    ),
    Command.make("stats", sandboxOptions, run("stats")).pipe(
      Command.withDescription("Show the calls a running sandbox answered per operation and the tokens it issued (GET /_sandbox/stats)"),
      example("stats --sandbox-url http://127.0.0.1:8787 --json")
    ),
    Command.make("snapshot", sandboxOptions, run("snapshot")).pipe(
      Command.withDescription("Keep the whole state of a running sandbox and print the snapshot's ID, to restore it later (POST /_sandbox/snapshots)"),
      example("snapshot --sandbox-url http://127.0.0.1:8787")
    ),
    Command.make("restore", restoreOptions, run("restore")).pipe(
      Command.withDescription("Put a running sandbox back into the state of a snapshot (POST /_sandbox/snapshots/{id}/restore)"),
      example("restore --sandbox-url http://127.0.0.1:8787 --id <the ID snapshot printed>")
    )
  ])
)
