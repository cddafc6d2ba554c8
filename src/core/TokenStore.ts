/**
 * A token store shared by the instances of a fleet, behind `Tokens`: the in-process cache stays in
 * front of it (a fresh cached token is read in place, as without a store), and only an instance
 * whose own token is missing or due for renewal asks the store. The store answers the token that
 * another instance issued, or lets one instance of the fleet issue it while the others wait (a
 * fleet-wide single flight). A store that cannot be reached is never a failed call: `Tokens` issues
 * the instance's own tokens meanwhile, says so once, and comes back to the store when it answers
 * again (docs/fleet.md "Shared tokens").
 *
 * This module holds the interface only; the PostgreSQL store is `SharedTokens` of
 * "taxdoc/workflow", which the main entry never loads.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Data from "effect/Data"
import type * as Effect from "effect/Effect"
import type * as Redacted from "effect/Redacted"
import type * as Stream from "effect/Stream"

/**
 * What one shared token is for: the environment, the partner (LinkID), the member and the scope
 * set (`scopeSet(...).join(",")`). One issuance per key across the fleet.
 *
 * @since 0.1.0
 * @category models
 */
export interface TokenKey {
  readonly environment: string
  readonly linkId: string
  readonly corpNum: string
  readonly scopes: string
}

/**
 * A token as its issuer received it: the token and how long it stays usable from then, as the
 * issuer judged it on its own clock (`Tokens.localExpiry`).
 *
 * @since 0.1.0
 * @category models
 */
export interface IssuedToken {
  readonly token: Redacted.Redacted<string>
  readonly lifetimeMillis: number
  /** The expiration the service announced, kept for the record. */
  readonly expiration: string
}

/**
 * A token answered by the store: how long it stays usable from now, measured on the store's own
 * clock (so no two instances' clocks are ever compared), and whether this instance issued it.
 *
 * @since 0.1.0
 * @category models
 */
export interface ObtainedToken {
  readonly token: Redacted.Redacted<string>
  readonly remainingMillis: number
  readonly issuedHere: boolean
}

/**
 * A member whose tokens were dropped by an instance of the fleet (after QuitMember).
 *
 * @since 0.1.0
 * @category models
 */
export interface ForgottenMember {
  readonly environment: string
  readonly linkId: string
  readonly corpNum: string
}

/**
 * The store could not be reached or failed: `Tokens` falls back to the instance's own tokens.
 *
 * @since 0.1.0
 * @category errors
 */
export class TokenStoreUnavailable extends Data.TaggedError("TokenStoreUnavailable")<{
  readonly reason: string
  readonly cause?: unknown
}> {
  override get message(): string {
    return `token store unavailable: ${this.reason}`
  }
}

/**
 * What a shared token store does.
 *
 * @since 1.0.0
 * @category models
 */
export interface TokenStoreShape {
  /**
   * The stored token of `key` when it stays usable longer than `marginMillis`; otherwise `issue`
   * runs — in one instance of the fleet at a time per key, the others waiting for its result — and
   * what it gives is stored and answered. A failure of `issue` is answered as is.
   */
  readonly obtain: <E>(key: TokenKey, marginMillis: number, issue: Effect.Effect<IssuedToken, E>) => Effect.Effect<ObtainedToken, E | TokenStoreUnavailable>
  /** Drops the stored token of `key` if it is still `token` (the service refused it). */
  readonly discard: (key: TokenKey, token: Redacted.Redacted<string>) => Effect.Effect<void, TokenStoreUnavailable>
  /** Drops every stored token of a member and tells the fleet (`forgotten`). */
  readonly forgetMember: (member: ForgottenMember) => Effect.Effect<void, TokenStoreUnavailable>
  /** The members any instance forgot, as they are forgotten; it never fails (it waits for the store). */
  readonly forgotten: Stream.Stream<ForgottenMember>
}

/**
 * A store the instances of a fleet share their tokens through: when the context holds one, a
 * missing or stale token is asked of it before one is issued (`SharedTokens` of `taxdoc/workflow`
 * is one in PostgreSQL).
 *
 * @since 0.1.0
 * @category services
 */
export class TokenStore extends Context.Service<TokenStore, TokenStoreShape>()("taxdoc/TokenStore") {}
