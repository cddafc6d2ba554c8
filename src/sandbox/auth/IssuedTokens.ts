/**
 * Issued access tokens, per environment, and the count of issuances per (partner, member) for the
 * statistics. Tokens live in the sandbox store, so an admin reset drops them and QuitMember can
 * revoke a member's tokens from its handler. Their expiry is on the base clock (docs/sandbox.md "Two
 * times"); the admin route `/_sandbox/tokens/expire` ends them early.
 */
import { randomBytes } from "node:crypto"
import * as Effect from "effect/Effect"
import { SandboxClock } from "../Clock.js"
import { changed, codec } from "../durable/Durable.js"
import { type Environment, SandboxStore, slot } from "../Store.js"

/** The access token record of token issuance (docs/service.md "Authentication"). */
export interface AccessToken {
  readonly session_token: string
  readonly serviceID: string
  readonly linkID: string
  readonly userID: string
  readonly partnerCode: string
  readonly usercode: string
  readonly scope: ReadonlyArray<string>
  readonly ipaddress: string
  readonly expiration: string
}

/**
 * A stored token with its expiry instant (base clock, epoch milliseconds). The record keeps the
 * `expiration` reported at issuance, even after the token was expired early.
 */
export interface StoredToken {
  readonly record: AccessToken
  readonly expiresAt: number
}

/** Issuances of one (partner, member) pair. */
export interface IssuanceCount {
  readonly linkId: string
  readonly corpNum: string
  count: number
}

/** The token state of one environment. */
export interface TokenState {
  readonly byValue: Map<string, StoredToken>
  readonly issued: Map<string, IssuanceCount>
}

/** The store slot of tokens. */
export const tokensSlot = slot<TokenState>("sandbox.tokens", () => ({ byValue: new Map(), issued: new Map() }))

/** Token validity: 30 minutes from issuance. */
export const TOKEN_VALIDITY_MILLIS = 30 * 60 * 1000

/** The service ID of an environment (`SERVICE_TEST` / `SERVICE`). */
export const serviceIdOf = (environment: Environment): string => environment === "production" ? "SERVICE" : "SERVICE_TEST"

/** A random opaque token value. */
export const newTokenValue = (): string => randomBytes(32).toString("base64url")

/** Keeps a token and counts the issuance. */
export const remember = (state: TokenState, token: StoredToken): void => {
  state.byValue.set(token.record.session_token, token)
  const key = `${token.record.linkID}\u0000${token.record.userID}`
  const counted = state.issued.get(key)
  if (counted === undefined) state.issued.set(key, { linkId: token.record.linkID, corpNum: token.record.userID, count: 1 })
  else counted.count += 1
  changed(state, tokenPart(token.record.session_token))
  changed(state, countPart(key))
}

/** The part on disk of a token, and of an issuance count (by its key in `issued`). */
const tokenPart = (value: string): string => `t:${value}`
const countPart = (key: string): string => `n:${JSON.stringify(key)}`

/** Drops every token of a member (QuitMember); returns how many were revoked. */
export const revokeMember = (state: TokenState, corpNum: string): number => {
  let revoked = 0
  for (const [value, token] of state.byValue) {
    if (token.record.userID === corpNum) {
      state.byValue.delete(value)
      changed(state, tokenPart(value))
      revoked++
    }
  }
  return revoked
}

/**
 * Expires, as of `atMillis` (base clock), every token of the environment still valid then, or only
 * those of member `corpNum`; returns how many it expired. They are then refused as `TokenExpired`,
 * exactly like tokens whose time ran out.
 */
export const expire = (state: TokenState, atMillis: number, corpNum?: string): number => {
  let expired = 0
  for (const [value, token] of state.byValue) {
    if (token.expiresAt <= atMillis || (corpNum !== undefined && token.record.userID !== corpNum)) continue
    state.byValue.set(value, { ...token, expiresAt: atMillis })
    changed(state, tokenPart(value))
    expired++
  }
  return expired
}

/**
 * Expires now (base clock) every valid token of an environment, or one member's (admin route
 * `/_sandbox/tokens/expire`); succeeds with how many it expired.
 */
export const expireTokens = (environment: Environment, corpNum?: string): Effect.Effect<number, never, SandboxStore | SandboxClock> =>
  Effect.gen(function*() {
    const store = yield* SandboxStore
    const now = yield* Effect.flatMap(SandboxClock, (clock) => clock.base)
    return expire(store.get(tokensSlot, environment), now, corpNum)
  })

/**
 * How tokens are kept on disk: each token (so that clients' tokens stay valid across a restart)
 * and each issuance count is a part of its own.
 */
export const tokensCodec = codec({
  slot: tokensSlot,
  parts: (state) => [...Array.from(state.byValue.keys(), tokenPart), ...Array.from(state.issued.keys(), countPart)],
  rows: (state, part): ReadonlyArray<readonly [string, unknown]> => {
    const found = part.startsWith("t:") ? state.byValue.get(part.slice(2)) : state.issued.get(JSON.parse(part.slice(2)) as string)
    return found === undefined ? [] : [["value", found]]
  },
  globals: () => undefined,
  load: (_environment, parts) => {
    const state: TokenState = { byValue: new Map(), issued: new Map() }
    for (const [part, rows] of parts) {
      const row = rows.get("value")
      if (row === undefined) continue
      if (part.startsWith("t:")) state.byValue.set(part.slice(2), row as StoredToken)
      else state.issued.set(JSON.parse(part.slice(2)) as string, { ...(row as IssuanceCount) })
    }
    return state
  }
})
