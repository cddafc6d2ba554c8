/**
 * Statistics of the sandbox (`GET /_sandbox/stats`): calls per route id and token issuances per
 * (environment, partner, member), so tests can assert that a client caches its tokens.
 *
 * @since 0.1.0
 */
import type { Environment, SandboxStoreShape } from "../Store.js"
import { tokensSlot } from "../auth/IssuedTokens.js"

/**
 * Token issuances of one member through one partner in one environment.
 *
 * @since 0.1.0
 * @category models
 */
export interface TokenIssuances {
  readonly environment: Environment
  readonly linkId: string
  readonly corpNum: string
  readonly count: number
}

/**
 * A snapshot of the statistics.
 *
 * @since 0.1.0
 * @category models
 */
export interface Stats {
  readonly calls: Readonly<Record<string, number>>
  readonly tokensIssued: ReadonlyArray<TokenIssuances>
  readonly totalTokens: number
}

/**
 * A counter of calls per route id.
 *
 * @since 0.1.0
 * @category models
 */
export interface CallCounter {
  readonly count: (route: string) => void
  readonly snapshot: () => Readonly<Record<string, number>>
  readonly reset: () => void
}

/**
 * An empty call counter.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeCallCounter = (): CallCounter => {
  const calls = new Map<string, number>()
  return {
    count: (route) => calls.set(route, (calls.get(route) ?? 0) + 1),
    snapshot: () => Object.fromEntries(Array.from(calls).sort(([a], [b]) => a.localeCompare(b))),
    reset: () => calls.clear()
  }
}

/**
 * The statistics from the call counter and the token state of both environments.
 *
 * @since 0.1.0
 * @category combinators
 */
export const snapshot = (calls: CallCounter, store: SandboxStoreShape): Stats => {
  const tokensIssued: Array<TokenIssuances> = []
  for (const environment of ["test", "production"] as const) {
    for (const issued of store.get(tokensSlot, environment).issued.values()) {
      tokensIssued.push({ environment, linkId: issued.linkId, corpNum: issued.corpNum, count: issued.count })
    }
  }
  return { calls: calls.snapshot(), tokensIssued, totalTokens: tokensIssued.reduce((sum, t) => sum + t.count, 0) }
}
