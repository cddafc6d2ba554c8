/**
 * Per-member preferences the web portal would hold (e.g. `statementApprovalRequired`), set through the
 * admin route `POST /_sandbox/members/{corpNum}/preferences` and read by domain handlers.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import { perMember } from "./durable/Durable.js"
import { memberState } from "./HandlerContext.js"
import { type Environment, SandboxStore, slot } from "./Store.js"

/**
 * The store slot of preferences: corpNum → key → value.
 *
 * @since 0.1.0
 * @category constants
 */
export const preferencesSlot = slot<Map<string, Record<string, unknown>>>("member.preferences", () => new Map())

/**
 * Reads one preference of a member; `undefined` when it was never set.
 *
 * @since 0.1.0
 * @category combinators
 */
export const memberPreference = (environment: Environment, corpNum: string, key: string): Effect.Effect<unknown, never, SandboxStore> =>
  Effect.map(SandboxStore, (store) => store.get(preferencesSlot, environment).get(corpNum)?.[key])

/**
 * Every preference of a member.
 *
 * @since 0.1.0
 * @category combinators
 */
export const memberPreferences = (environment: Environment, corpNum: string): Effect.Effect<Readonly<Record<string, unknown>>, never, SandboxStore> =>
  Effect.map(SandboxStore, (store) => store.get(preferencesSlot, environment).get(corpNum) ?? {})

/**
 * Merges preferences into a member's (a key set to `null` is removed); returns the result.
 *
 * @since 0.1.0
 * @category combinators
 */
export const setMemberPreferences = (
  environment: Environment,
  corpNum: string,
  preferences: Readonly<Record<string, unknown>>
): Effect.Effect<Readonly<Record<string, unknown>>, never, SandboxStore> =>
  Effect.map(memberState(preferencesSlot, { environment, writes: true }, corpNum), (all) => {
    const merged: Record<string, unknown> = { ...all.get(corpNum) }
    for (const [key, value] of Object.entries(preferences)) {
      if (value === null) delete merged[key]
      else merged[key] = value
    }
    all.set(corpNum, merged)
    return merged
  })

/**
 * Forgets a member's preferences (QuitMember).
 *
 * @since 0.1.0
 * @category combinators
 */
export const clearMemberPreferences = (environment: Environment, corpNum: string): Effect.Effect<void, never, SandboxStore> =>
  Effect.map(memberState(preferencesSlot, { environment, writes: true }, corpNum), (all) => void all.delete(corpNum))

/**
 * How preferences are kept on disk: one row per member.
 *
 * @since 0.1.0
 * @category constants
 */
export const preferencesCodec = perMember(preferencesSlot, "preferences")
