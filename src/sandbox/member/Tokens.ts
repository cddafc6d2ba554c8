/**
 * Token issuance (`Auth.Token` of the catalogue): `POST /SERVICE_TEST/Token` (test) and
 * `POST /SERVICE/Token` (production), on the same origin as the API (docs/sandbox.md "Addressing").
 */
import { createHash } from "node:crypto"
import * as Effect from "effect/Effect"
import { verifyTokenRequest } from "../auth/Auth.js"
import { SandboxClock } from "../Clock.js"
import { fail } from "../Failure.js"
import { memberOf, membersSlot } from "./State.js"
import type { PartnerRegistry } from "../Partners.js"
import { IssueToken } from "../../core/Tokens.js"
import { implement, json, type Route } from "../routing/Route.js"
import { type Environment, SandboxStore } from "../Store.js"
import { type AccessToken, newTokenValue, remember, serviceIdOf, TOKEN_VALIDITY_MILLIS, tokensSlot } from "../auth/IssuedTokens.js"
import { normalizeAddress } from "../edge/HttpEdge.js"

/** The partner code of a LinkID: a stable 6-digit number (the live service assigns one per partner). */
export const partnerCodeOf = (linkId: string): string =>
  String(100000 + (createHash("sha256").update(linkId).digest().readUInt32BE(0) % 900000))

/**
 * Token issuance of both environments: the service ID in the path (`SERVICE_TEST` / `SERVICE`)
 * names the environment the token belongs to.
 */
export const tokenRoutes = (partners: PartnerRegistry): ReadonlyArray<Route> => [
  implement(IssueToken, (request) =>
    Effect.gen(function*() {
      const environment: Environment = request.params.serviceId.toUpperCase() === serviceIdOf("production") ? "production" : "test"
      const verified = yield* verifyTokenRequest(request, partners)
      const store = yield* SandboxStore
      const member = memberOf(store.get(membersSlot, environment), verified.accessId, verified.linkId)
      if (member === undefined) return yield* fail("MemberNotRegistered")
      // Token times run on the base clock (docs/sandbox.md "Two times"): moving document time never
      // expires the tokens clients hold.
      const now = yield* Effect.flatMap(SandboxClock, (clock) => clock.base)
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
        // Like the live service, with milliseconds.
        expiration: new Date(expiresAt).toISOString()
      }
      remember(store.get(tokensSlot, environment), { record, expiresAt })
      return json(record)
    }))
]
