/**
 * How the sandbox's pages follow its changes: one server-sent-events route (`/_sandbox/ui/events`)
 * fed by the change signal (`Changes.ts`), and the pages' script (`pages/Script.ts`) that, on each
 * event, fetches the page again and swaps the parts marked `data-live`. Events are sent at most every `THROTTLE_MILLIS`,
 * whatever the number of changes in between, so a burst of calls costs a page one reload. Without
 * script the pages are the same, only not live.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import type { Changes } from "../admin/Changes.js"
import type { EventsAnswer } from "../routing/Route.js"

/** The shortest time between two events of one page. */
export const THROTTLE_MILLIS = 500

/** How long a browser waits before it connects again after the stream ended (ms). */
export const RETRY_MILLIS = 3_000

const changeEvent = (version: number): string => `event: change\ndata: ${version}\n\n`

/**
 * The events of a page rendered at version `since`: a `change` at once when the sandbox is at
 * another version, then one `change` after each later change, at most every `THROTTLE_MILLIS`.
 */
export const events = (changes: Changes, since: number, headers: Readonly<Record<string, string>>): EventsAnswer => {
  const current = changes.version()
  // Another version than the page's (a change since, or a sandbox started again): look again at once.
  const behind = current !== since
  const first = `retry: ${RETRY_MILLIS}\n\n${behind ? changeEvent(current) : ""}`
  const next = Stream.unfold({ seen: current, pause: behind }, (state) =>
    Effect.andThen(
      state.pause ? Effect.sleep(Duration.millis(THROTTLE_MILLIS)) : Effect.void,
      Effect.map(changes.after(state.seen), (version) => [changeEvent(version), { seen: version, pause: true }] as const)
    ))
  return { _tag: "Events", headers, first, next }
}
