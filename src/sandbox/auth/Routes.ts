/**
 * Token issuance: `POST /SERVICE_TEST/Token` (test) and `POST /SERVICE/Token` (production), on the
 * same origin as the API (DESIGN.md §5).
 *
 * @since 0.1.0
 */
import { createHash } from "node:crypto"
import { Effect } from "effect"
import { verifyTokenRequest } from "../Auth.js"
import { AuthenticationClock as SandboxClock } from "../Clock.js" // token times run on the base clock (DESIGN.md §5 "Two times")
import { fail } from "../Failure.js"
import { memberOf, membersSlot } from "../member/State.js"
import type { PartnerRegistry } from "../Partners.js"
import { json, type Route } from "../Route.js"
import { type Environment, SandboxStore } from "../Store.js"
import { type AccessToken, newTokenValue, remember, serviceIdOf, TOKEN_VALIDITY_MILLIS, tokensSlot } from "../Tokens.js"
import { normalizeAddress } from "../Wire.js"

/**
 * The partner code of a LinkID: a stable 6-digit number (the live service assigns one per partner).
 *
 * @since 0.1.0
 * @category combinators
 */
export const partnerCodeOf = (linkId: string): string =>
  String(100000 + (createHash("sha256").update(linkId).digest().readUInt32BE(0) % 900000))

const tokenRoute = (partners: PartnerRegistry, environment: Environment): Route => ({
  id: "Auth.Token",
  method: "POST",
  path: `/${serviceIdOf(environment)}/Token`,
  auth: "none",
  handle: (request) =>
    Effect.gen(function*() {
      const verified = yield* verifyTokenRequest(request, partners)
      const store = yield* SandboxStore
      const member = memberOf(store.get(membersSlot, environment), verified.accessId, verified.linkId)
      if (member === undefined) return yield* fail("MemberNotRegistered")
      const now = yield* Effect.flatMap(SandboxClock, (clock) => clock.now)
      const expiresAt = now + TOKEN_VALIDITY_MILLIS
      const record: AccessToken = {
        session_token: newTokenValue(),
        serviceID: serviceIdOf(environment),
        linkID: verified.linkId,
        userID: member.corpNum,
        partnerCode: partnerCodeOf(verified.linkId),
        usercode: member.userCode,
        scope: Array.from(new Set(["member", ...verified.scopes])),
        ipaddress: verified.forwarded ?? normalizeAddress(request.remoteAddress),
        // Like the live service, with milliseconds (FACTS.md "Authentication").
        expiration: new Date(expiresAt).toISOString()
      }
      remember(store.get(tokensSlot, environment), { record, expiresAt })
      return json(record)
    })
})

/**
 * The token routes of both environments for a set of partners.
 *
 * @since 0.1.0
 * @category constructors
 */
export const tokenRoutes = (partners: PartnerRegistry): ReadonlyArray<Route> => [
  tokenRoute(partners, "test"),
  tokenRoute(partners, "production")
]
