/**
 * The SDK over real sockets: a sandbox served on 127.0.0.1 (ephemeral port), called through
 * `FetchHttpClient` — member and company status operations, and a client whose clock is 6 minutes
 * off refused with a typed error.
 */
import { describe, expect, it } from "@effect/vitest"
import { Clock, Effect, Layer, Redacted } from "effect"
import { FetchHttpClient } from "effect/http"
import * as Config from "../../src/core/Config.js"
import { ErrorCodes } from "../../src/core/ErrorCodes.js"
import { CompanyStatus } from "../../src/domains/companyStatus/CompanyStatus.js"
import { Member } from "../../src/domains/member/Member.js"
import * as Connect from "../../src/sandbox/Connect.js"
import * as SandboxModule from "../../src/sandbox/Sandbox.js"
import * as Server from "../../src/sandbox/Server.js"
import * as Taxdoc from "../../src/Taxdoc.js"
import * as Sdk from "../support/sdk.js"

const CORP = Sdk.MEMBER

/** A clock that reads `offsetMillis` away from `real`. */
const skewedClock = (real: Clock.Clock, offsetMillis: number): Clock.Clock => ({
  currentTimeMillisUnsafe: () => real.currentTimeMillisUnsafe() + offsetMillis,
  currentTimeMillis: Effect.sync(() => real.currentTimeMillisUnsafe() + offsetMillis),
  currentTimeNanosUnsafe: () => real.currentTimeNanosUnsafe() + BigInt(offsetMillis) * 1_000_000n,
  currentTimeNanos: Effect.sync(() => real.currentTimeNanosUnsafe() + BigInt(offsetMillis) * 1_000_000n),
  monotonicTimeNanosUnsafe: () => real.monotonicTimeNanosUnsafe(),
  monotonicTimeNanos: real.monotonicTimeNanos,
  sleep: (duration) => real.sleep(duration)
})

const sdkFor = (url: string, secret: string) =>
  Taxdoc.services.pipe(
    Layer.provideMerge(Config.layer(Connect.configOptions({ origin: url, secretKey: Redacted.make(secret) }))),
    Layer.provide(FetchHttpClient.layer)
  )

describe("SDK through the socket server", () => {
  it.live("member and company status operations over 127.0.0.1; a clock 6 minutes off is refused", () =>
    Effect.gen(function*() {
      const address = yield* Server.serve({ host: "127.0.0.1", port: 0 })
      expect(address.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      const sandbox = yield* SandboxModule.Sandbox
      const secret = sandbox.secretOf("TESTER")!
      yield* Effect.gen(function*() {
        const member = yield* Member
        yield* member.join(Sdk.joinInput(CORP))
        expect(yield* member.checkIsMember(CORP)).toBe(true)
        yield* member.registContact(CORP, { id: "socket01", password: "sock12!pw", personName: "소켓", tel: "010", email: "s@example.com" })
        expect((yield* member.listContact(CORP)).length).toBe(2)
        const statuses = yield* Effect.flatMap(CompanyStatus, (c) => c.checkMany(CORP, ["1111111119", "2222222227"]))
        expect(statuses.map((s) => s.state)).toEqual(["2", "3"])
      }).pipe(Effect.provide(sdkFor(address.url, secret)))

      const real = yield* Clock.Clock
      const stale = yield* Effect.flip(Effect.flatMap(Member, (m) => m.getCorpInfo(CORP))).pipe(
        Effect.provideService(Clock.Clock, skewedClock(real, -6 * 60 * 1000)),
        Effect.provide(sdkFor(address.url, secret))
      )
      expect({ tag: stale._tag, code: (stale as { code?: number }).code, status: (stale as { status?: number }).status, message: stale.message }).toMatchObject({ tag: "TokenError", code: ErrorCodes.StaleDate.code, status: 401 })
    }).pipe(Effect.scoped, Effect.provide(SandboxModule.layer())))
})
