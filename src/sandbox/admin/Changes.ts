/**
 * The sandbox's change signal: a version number bumped by everything that may change what the
 * sandbox holds (a call of the API, a portal page or form, an admin operation), and a way to wait
 * until it moves. The sandbox's pages follow it live (`ui/Live.ts`); a bump costs an increment and
 * a size check when nobody waits, so the API path pays nothing for it.
 */
import * as Effect from "effect/Effect"

/** The change signal of one sandbox. */
export interface Changes {
  /** The current version: it only grows. */
  readonly version: () => number
  /** Marks a change (synchronously; wakes whoever waits). */
  readonly bump: () => void
  /** Waits until the version is past `seen`; answers the version then. */
  readonly after: (seen: number) => Effect.Effect<number>
}

/** A change signal at version 0. */
export const make = (): Changes => {
  let version = 0
  const waiting = new Set<(version: number) => void>()
  const bump = (): void => {
    version++
    if (waiting.size === 0) return
    const woken = Array.from(waiting)
    waiting.clear()
    for (const wake of woken) wake(version)
  }
  const after = (seen: number): Effect.Effect<number> =>
    Effect.callback<number>((resume) => {
      if (version > seen) return resume(Effect.succeed(version))
      const wake = (now: number) => resume(Effect.succeed(now))
      waiting.add(wake)
      return Effect.sync(() => void waiting.delete(wake))
    })
  return { version: () => version, bump, after }
}
